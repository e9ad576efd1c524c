"""Benchmark (not a test): main-thread time of one remote batch on a board page of 1,000 tiles
in headless Chromium, and the size of the page's WebAssembly module. Writes the "Board page"
section of docs/benchmarks.md.

    python Tests/BrowserTests/page_bench.py --bin .build/release [--rounds 300] [--markdown FILE]

A real board-server (release build) holds a board of 10 sections of 100 tiles; a Python
WebSocket client, "bob", moves the first tile of one section to the end of the next, one op at a
time, and the page applies each as it arrives. Two figures per batch:
- handling: the page's own `boardsync:message` measure (User Timing) around one server message:
  the core in WebAssembly, JSON, the DOM update and the start of the animation (the layout it
  reads for the FLIP included);
- main thread: Chromium's TaskDuration (DevTools protocol, Performance.getMetrics) from just
  before the op is sent until the page shows its version and two frames later, so style,
  layout and paint of that frame are counted too.
"""

import argparse
import asyncio
import json
import os
import pathlib
import platform
import statistics
import subprocess
import sys
import tempfile
import threading

import websockets
from playwright.sync_api import sync_playwright

ROOT = pathlib.Path(__file__).resolve().parents[2]
SECTIONS = 10
PER_SECTION = 100


async def build_board(port):
    """Creates the board `bench`: SECTIONS sections of PER_SECTION tiles."""
    async with websockets.connect(f"ws://127.0.0.1:{port}/boards/bench", subprotocols=["boardsync.v1"]) as socket:
        await socket.send(json.dumps({"type": "hello", "client": "builder", "user": "builder"}))
        welcome = json.loads(await socket.recv())
        version = welcome["board"]["version"]
        seq = 0

        async def submit(op):
            nonlocal seq, version
            seq += 1
            await socket.send(json.dumps({"type": "submit", "seq": seq, "base": version, "op": op}))
            while True:
                message = json.loads(await socket.recv())
                if message["type"] == "ack":
                    version = message["version"]
                    return
                if message["type"] == "error":
                    raise RuntimeError(message)

        await submit({"kind": "deleteSection", "section": "main", "from": 0})
        for s in range(SECTIONS):
            await submit({"kind": "insertSection", "section": {"id": f"s{s}", "title": f"Section {s}"}, "index": s})
            for i in range(PER_SECTION):
                await submit({"kind": "insert", "item": {"id": f"i{s}-{i}", "label": f"Tile {s}.{i}"},
                              "to": {"section": f"s{s}", "index": i}})
        return version


class Mover:
    """bob: one WebSocket client that moves tiles, one op per call."""

    def __init__(self, port, version):
        self.port = port
        self.version = version
        self.seq = 0
        self.positions = [[f"i{s}-{i}" for i in range(PER_SECTION)] for s in range(SECTIONS)]
        # Its own event loop on a thread of its own: Playwright's sync API runs one on this thread.
        self.loop = asyncio.new_event_loop()
        threading.Thread(target=self.loop.run_forever, daemon=True).start()
        self.socket = self.run(self.connect())

    def run(self, coroutine):
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result()

    async def connect(self):
        socket = await websockets.connect(f"ws://127.0.0.1:{self.port}/boards/bench", subprotocols=["boardsync.v1"])
        await socket.send(json.dumps({"type": "hello", "client": "bob-bench", "user": "bob"}))
        await socket.recv()
        return socket

    def move(self, round_number):
        source = round_number % SECTIONS
        target = (source + 1) % SECTIONS
        item = self.positions[source].pop(0)
        op = {"kind": "move", "item": item, "from": {"section": f"s{source}", "index": 0},
              "to": {"section": f"s{target}", "index": len(self.positions[target])}}
        self.positions[target].append(item)
        self.seq += 1
        return self.run(self.submit(op))

    async def submit(self, op):
        await self.socket.send(json.dumps({"type": "submit", "seq": self.seq, "base": self.version, "op": op}))
        while True:
            message = json.loads(await self.socket.recv())
            if message["type"] == "ack":
                self.version = message["version"]
                return self.version
            if message["type"] == "error":
                raise RuntimeError(message)


def quantile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=str(ROOT / ".build" / "release"))
    parser.add_argument("--rounds", type=int, default=300)
    parser.add_argument("--markdown")
    parser.add_argument("--chromium", default=os.environ.get("BOARD_SYNC_CHROMIUM", "/usr/bin/chromium"))
    options = parser.parse_args()
    module = ROOT / "Sources" / "BoardServer" / "Page" / "boardsync.wasm"

    with tempfile.TemporaryDirectory(prefix="page-bench-") as directory:
        server = subprocess.Popen(
            [f"{options.bin}/board-server", "--host", "127.0.0.1", "--port", "0",
             "--data", f"{directory}/boards.sqlite", "--log-level", "error",
             # building the board sends 1,000 ops from one connection, beyond the default rate limit
             "--rate-burst", "100000", "--rate-per-second", "100000"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        try:
            port = int(server.stdout.readline().decode().rsplit(":", 1)[1])
            version = asyncio.run(build_board(port))
            handling, main_thread = run_page(options, port, version)
        finally:
            server.terminate()
            server.wait(timeout=20)

    load = os.getloadavg()[0]
    size = module.stat().st_size
    lines = [
        "## Board page",
        "",
        f"Machine: {platform.machine()}, {os.cpu_count()} processors, headless Chromium "
        f"{run_page.browser_version}, load average {load:.1f} when measured. Command: `make page-bench` "
        "(part of `make bench`; `Tests/BrowserTests/page_bench.py`).",
        "",
        f"A page showing a board of {SECTIONS * PER_SECTION} tiles in {SECTIONS} sections, against a release "
        "board-server on loopback; another client moves one tile to the end of the next section, "
        f"{options.rounds} times, one op at a time. *Handling* is the page's own measure around one "
        "server message (the core in WebAssembly, the DOM update, the start of the animation with the "
        "layout it reads); *main thread* is Chromium's TaskDuration from sending the op until two frames "
        "after the page shows its version (style, layout and paint of that frame included). Target: "
        "< 8 ms p99.",
        "",
        "| figure | value |",
        "|---|---:|",
        f"| batch handling, median | {statistics.median(handling):.2f} ms |",
        f"| batch handling, p99 | {quantile(handling, 0.99):.2f} ms |",
        f"| main thread per batch, median | {statistics.median(main_thread):.2f} ms |",
        f"| main thread per batch, p99 | {quantile(main_thread, 0.99):.2f} ms |",
        f"| page module `boardsync.wasm` | {size / 1024:.1f} KiB ({size} bytes) |",
        "",
    ]
    section = "\n".join(lines)
    print(section)
    if options.markdown:
        write_section(pathlib.Path(options.markdown), section)


def run_page(options, port, version):
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=options.chromium, args=["--no-sandbox"])
        run_page.browser_version = browser.version
        page = browser.new_page(viewport={"width": 1600, "height": 900})
        page.set_default_timeout(30_000)
        page.goto(f"http://127.0.0.1:{port}/b/bench?user=ann")
        page.wait_for_function(f"() => document.querySelectorAll('[data-item-id]').length === {SECTIONS * PER_SECTION}")
        page.wait_for_function(f"v => Number(document.querySelector('[data-board]').dataset.version) >= v", arg=version)
        cdp = page.context.new_cdp_session(page)
        cdp.send("Performance.enable", {"timeMeasurement": "threadTicks"})
        mover = Mover(port, version)
        main_thread = []
        page.evaluate("performance.clearMeasures('boardsync:message')")
        for round_number in range(options.rounds):
            before = task_seconds(cdp)
            target = mover.move(round_number)
            page.wait_for_function(
                "v => Number(document.querySelector('[data-board]').dataset.version) >= v", arg=target, polling="raf")
            page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
            main_thread.append((task_seconds(cdp) - before) * 1000)
        handling = page.evaluate(
            "() => performance.getEntriesByName('boardsync:message').map(entry => entry.duration)")
        moves = [h for h in handling]
        browser.close()
        return moves[-options.rounds:], main_thread


def task_seconds(cdp):
    metrics = cdp.send("Performance.getMetrics")["metrics"]
    return next(metric["value"] for metric in metrics if metric["name"] == "TaskDuration")


def write_section(path, section):
    document = path.read_text() if path.exists() else "# Benchmarks\n"
    start = document.find("\n## Board page\n")
    if start < 0:
        document = document.rstrip() + "\n\n" + section
    else:
        following = document.find("\n## ", start + 1)
        document = document[:start + 1] + section + ("" if following < 0 else document[following:])
    path.write_text(document)


if __name__ == "__main__":
    sys.exit(main())
