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
Then a Chromium trace of a few more rounds says where that main-thread time goes: the CPU time
of the renderer's main thread per batch in script, style, layout, pre-paint, paint, layerization
and commit.
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
TRACE_CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "blink", "benchmark", "toplevel"]
# Trace event → what the breakdown calls it; each counted once where it nests in itself.
TRACE_PHASES = [
    ("ThreadControllerImpl::RunTask", "all tasks of the main thread"),
    ("FunctionCall", "script (the core in WebAssembly, the DOM update, the layout it reads)"),
    ("Blink.Style.UpdateTime", "style (in frames and read by script)"),
    ("Blink.Layout.UpdateTime", "layout (in frames and read by script)"),
    ("Blink.PrePaint.UpdateTime", "pre-paint"),
    ("Blink.Paint.UpdateTime", "paint"),
    ("Layerize", "layerization"),
    ("Commit", "commit to the compositor"),
]


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
    parser.add_argument("--trace-rounds", type=int, default=50)
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
            handling, main_thread, phases = run_page(options, port, version, pathlib.Path(directory))
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
        f"Where the main thread's time goes: a Chromium trace of {options.trace_rounds} more rounds, CPU time "
        "of the renderer's main thread per batch (mean; the rows below the first overlap, since script "
        "reads layout).",
        "",
        "| phase | per batch |",
        "|---|---:|",
        *[f"| {label} | {phases[event]:.2f} ms |" for event, label in TRACE_PHASES],
        "",
        "What keeps these low on a long board: the tiles are neither positioned nor translucent (a "
        "tile's tools are transparent, their signs not painted, until it is hovered or focused), so a "
        "tile has no layer and no effect node of its own and layerizing a frame does not grow with the "
        "board; a column's tiles are a plain block, not a flex column; a batch lays the board out once; "
        "a moved tile flies as a copy in the layer above the board; sections whose tiles did not move "
        "are not walked in the DOM. What remains grows with the tiles of the columns a batch changes: "
        "every tile that shifts in a column is laid out and painted again, on screen or not.",
        "",
    ]
    section = "\n".join(lines)
    print(section)
    if options.markdown:
        write_section(pathlib.Path(options.markdown), section)


def run_page(options, port, version, directory):
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
            play_round(page, mover, round_number)
            main_thread.append((task_seconds(cdp) - before) * 1000)
        handling = page.evaluate(
            "() => performance.getEntriesByName('boardsync:message').map(entry => entry.duration)")
        trace = directory / "trace.json"
        browser.start_tracing(page=page, path=str(trace), categories=TRACE_CATEGORIES)
        for round_number in range(options.rounds, options.rounds + options.trace_rounds):
            play_round(page, mover, round_number)
        browser.stop_tracing()
        browser.close()
        return handling[-options.rounds:], main_thread, trace_phases(trace, options.trace_rounds)


def play_round(page, mover, round_number):
    """bob moves a tile; returns once the page shows the new version and two frames have passed."""
    target = mover.move(round_number)
    page.wait_for_function(
        "v => Number(document.querySelector('[data-board]').dataset.version) >= v", arg=target, polling="raf")
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


def trace_phases(path, rounds):
    """Milliseconds of CPU time per round of the page's main thread in each event of TRACE_PHASES."""
    document = json.loads(path.read_text())
    events = document["traceEvents"] if isinstance(document, dict) else document
    threads = {(event["pid"], event["tid"]) for event in events
               if event.get("ph") == "M" and event.get("name") == "thread_name"
               and event["args"]["name"] == "CrRendererMain"}
    # the page's renderer is the one whose main thread ran the most
    busy = {}
    for event in events:
        key = (event.get("pid"), event.get("tid"))
        if key in threads and event.get("ph") == "X":
            busy[key] = busy.get(key, 0) + event.get("tdur", 0)
    main = max(busy, key=busy.get)
    wanted = {event for event, _ in TRACE_PHASES}
    spans = sorted((event["ts"], event["ts"] + event["dur"], event["name"], event.get("tdur", 0)) for event in events
                   if (event.get("pid"), event.get("tid")) == main and event.get("ph") == "X"
                   and event.get("name") in wanted and "dur" in event)
    totals = dict.fromkeys(wanted, 0.0)
    open_until = dict.fromkeys(wanted, -1)
    for start, end, name, cpu in spans:
        if start < open_until[name]:
            continue
        open_until[name] = end
        totals[name] += cpu / 1000
    return {name: total / rounds for name, total in totals.items()}


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
