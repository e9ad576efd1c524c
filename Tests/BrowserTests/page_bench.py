"""Benchmark (not a test): main-thread time of one remote batch on a board page of 1,000 tiles
in headless Chromium, and the size of the page's WebAssembly module. Writes the "Board page"
section of docs/benchmarks.md.

    python Tests/BrowserTests/page_bench.py --bin .build/release [--rounds 300] [--markdown FILE] [--trace FILE]

A real board-server (release build) holds a board of 10 sections of 100 tiles; a Python
WebSocket client, "bob", moves the first tile of one section to the end of the next, one op at a
time, and the page applies each as it arrives. A round is: bob sends the op (and waits for its
ack), then one call into the page waits until the page shows the new version and two frames
more have passed. Figures per round:
- handling: the page's own `boardsync:message` measure (User Timing) around one server message:
  the core in WebAssembly, JSON, the DOM update and the start of the animation (the layout it
  reads for the FLIP included);
- main thread: the CPU time of the page's renderer main thread from the start of the round to
  the start of the next, from a trace of its tasks (Chromium's `toplevel` category, which costs
  little): every task, including the harness's own call and the frames the batch caused. Each
  task's CPU time is also given capped at its wall time: on this virtual machine the thread
  clock sometimes reports a task taking several milliseconds more CPU time than the wall clock
  saw pass, which no task can (the hypervisor's time charged to the thread); those few tasks
  decide the raw p99.
- the harness alone: the same rounds without an op (the call, two frames), the floor under the
  main-thread figures.
- a plain page (plain_page.py): 20 plain tiles, one moved per round with the board page's
  animation for it or without, under the same harness, each round opening with the same op
  round trip as the board's: what one change costs on this machine before the board page does
  any work of its own; the board's figures are given as ratios to it.
- in turns: the board of 1,000 tiles, the board of 20 tiles and the plain page with and without
  animation, each in a browser context of its own, take one round each per cycle under one trace
  (`rounds_in_turns`), so that all four see the machine in the same state; the main-thread
  figure of each for a cycle is its time over the whole cycle (its round, and the frames its
  animations still play during the others').
- kept and not kept: two more pages of a long board each, taking their rounds in turns, one
  keeping its session in IndexedDB as the page does and one given no IndexedDB: what keeping the
  session costs a batch.
Then a Chromium trace of more rounds with the timeline categories says where the main thread's
time goes: script, style, layout, pre-paint, paint, layerization and commit per batch.
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
import time

import websockets
from playwright.sync_api import sync_playwright

from long_board import built_board
from plain_page import PlainPage
from storage import REFUSE_STORAGE

ROOT = pathlib.Path(__file__).resolve().parents[2]
SECTIONS = 10
PER_SECTION = 100
# Moves in one group, for the rounds that apply a group as one batch.
GROUP_SIZE = 100
# The floor: the same rounds on a board of 20 tiles, where the board's length costs nothing.
SHORT_PER_SECTION = 2
TASK_CATEGORIES = ["toplevel"]
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


class Mover:
    """bob: one WebSocket client that moves tiles of one board, one op per call."""

    def __init__(self, port, board, version, per_section):
        self.port = port
        self.board = board
        self.version = version
        self.seq = 0
        self.positions = [[f"i{s}-{i}" for i in range(per_section)] for s in range(SECTIONS)]
        # Its own event loop on a thread of its own: Playwright's sync API runs one on this thread.
        self.loop = asyncio.new_event_loop()
        threading.Thread(target=self.loop.run_forever, daemon=True).start()
        self.socket = self.run(self.connect())

    def run(self, coroutine):
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result()

    async def connect(self):
        socket = await websockets.connect(f"ws://127.0.0.1:{self.port}/boards/{self.board}", subprotocols=["boardsync.v1"])
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

    def move_group(self, round_number, size=GROUP_SIZE):
        """Moves `size` tiles in one group: the first tile of each section in turn to the end of
        the next section, each member against the board the ones before it leave."""
        ops = []
        for member in range(size):
            source = (round_number * size + member) % SECTIONS
            target = (source + 1) % SECTIONS
            item = self.positions[source].pop(0)
            ops.append({"kind": "move", "item": item, "from": {"section": f"s{source}", "index": 0},
                        "to": {"section": f"s{target}", "index": len(self.positions[target])}})
            self.positions[target].append(item)
        self.seq += 1
        return self.run(self.submit(ops=ops))

    async def submit(self, op=None, ops=None):
        change = {"op": op} if ops is None else {"ops": ops}
        await self.socket.send(json.dumps({"type": "submit", "seq": self.seq, "base": self.version, **change}))
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
    parser.add_argument("--trace", help="keep the trace of the phase rounds here (it opens in DevTools)")
    parser.add_argument("--chromium", default=os.environ.get("BOARD_SYNC_CHROMIUM", "/usr/bin/chromium"))
    options = parser.parse_args()
    module = ROOT / "Sources" / "BoardServer" / "Page" / "boardsync.wasm"

    with tempfile.TemporaryDirectory(prefix="page-bench-") as directory:
        server, port = started_server(pathlib.Path(options.bin), pathlib.Path(directory) / "boards.sqlite")
        try:
            versions = {"bench": built_board(port, "bench", SECTIONS, PER_SECTION),
                        "short": built_board(port, "short", SECTIONS, SHORT_PER_SECTION),
                        "unseen": built_board(port, "unseen", SECTIONS, SHORT_PER_SECTION),
                        "unkept": built_board(port, "unkept", SECTIONS, PER_SECTION)}
            handling, raw, capped, harness, short, still, floor, lengths, phases, storage, grouped = run_page(
                options, port, versions, pathlib.Path(directory))
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
        f"{options.rounds} times, one op at a time; a round ends two frames after the page shows the new "
        "version. *Handling* is the page's own measure around one server message (the core in "
        "WebAssembly, the DOM update, the start of the animation with the layout it reads). *Main thread* "
        "is the CPU time of the page's renderer main thread per batch, from a trace of its tasks: the "
        "message, the frames it caused, and the harness's own call; *capped* counts each task's CPU time "
        "at most at its wall time (this machine's thread clock sometimes charges a task several "
        "milliseconds more CPU than wall time, which decides the raw p99). *The harness alone* is the "
        "same round without an op. *A board of 20 tiles* is the same rounds on a board of 10 sections of "
        "2 tiles: what a batch costs on this machine when the board's length costs nothing. *Motion "
        "reduced* is the long board in a page that prefers reduced motion: the same batches without "
        "any animation (marks only). *A plain page* is the floor under all of these: 20 plain tiles in "
        "10 columns, without the board page, its core or its server, where each round moves one tile as "
        "bob does, with the animation the board page plays for it (the tile travels, the tile left behind "
        "slides up, 200 ms) or without, each round opening with the same op round trip as the board's (bob "
        "moves a tile of a third board of 20 tiles, which no page shows, and waits for the ack), so "
        f"that the rounds are as long ({lengths[0] * 1000:.1f} ms on the board, {lengths[1] * 1000:.1f} ms "
        "on the plain page, medians): what one change costs on this machine, with this harness, before "
        "the page does any work of its own. The board of 1,000 tiles, the board of 20 tiles and the plain "
        "page with and without animation, each in a browser context of its own, take their rounds in turns "
        "(one round of each per cycle, in that order, under one trace), so that the four see the machine in "
        "the same state whatever else runs on it; the main-thread figure of each for a cycle is its page's "
        "time over the whole cycle: its round, and the frames its running animations play during the other "
        "three rounds. The harness alone, motion reduced and the group run one page at a time. "
        "*Kept* and *not kept* are two more pages of a board of 1,000 tiles each, taking their rounds in "
        "turns under one trace as the four above do: one that keeps its session in IndexedDB, as the page "
        "does, and one whose browser gives it no IndexedDB, so that the difference is what keeping the "
        "session costs per batch. *A group of 100 moves* is the long board "
        f"in one more page, {options.rounds // 3} rounds in which the other client moves {GROUP_SIZE} tiles in one "
        "group (the first tile of each section in turn to the end of the next): the page applies the group "
        "as one batch when its last member arrives, with one animation plan in which every member moves.",
        "",
        "Targets, measured against the plain page in the same run (this machine's plain page with one "
        "animated move is itself 5 ms or more): the board of 1,000 tiles at most 1.5 times the plain "
        "animated page at the median and 2 times at the p99, main thread per batch, capped; keeping the "
        "session at most 0.3 ms more per batch.",
        "",
        "| ratio, main thread per batch, capped | median | p99 |",
        "|---|---:|---:|",
        f"| board of 1,000 tiles / plain page, one moved and animated | "
        f"{statistics.median(capped) / statistics.median(floor[True]):.2f}× | "
        f"{quantile(capped, 0.99) / quantile(floor[True], 0.99):.2f}× |",
        "",
        "| keeping the session, main thread per batch, capped | median | p90 | p99 |",
        "|---|---:|---:|---:|",
        *[f"| {name} | {statistics.median(rounds):.2f} ms | {quantile(rounds, 0.9):.2f} ms | "
          f"{quantile(rounds, 0.99):.2f} ms |" for name, rounds in
          (("kept in IndexedDB", storage[True]), ("not kept (no IndexedDB)", storage[False]))],
        f"| what keeping adds | {statistics.median(storage[True]) - statistics.median(storage[False]):+.2f} ms | "
        f"{quantile(storage[True], 0.9) - quantile(storage[False], 0.9):+.2f} ms | "
        f"{quantile(storage[True], 0.99) - quantile(storage[False], 0.99):+.2f} ms |",
        "",
        "| figure | median | p90 | p99 |",
        "|---|---:|---:|---:|",
        f"| batch handling | {statistics.median(handling):.2f} ms | {quantile(handling, 0.9):.2f} ms | "
        f"{quantile(handling, 0.99):.2f} ms |",
        f"| main thread per batch | {statistics.median(raw):.2f} ms | {quantile(raw, 0.9):.2f} ms | "
        f"{quantile(raw, 0.99):.2f} ms |",
        f"| main thread per batch, capped | {statistics.median(capped):.2f} ms | {quantile(capped, 0.9):.2f} ms | "
        f"{quantile(capped, 0.99):.2f} ms |",
        f"| the harness alone, capped | {statistics.median(harness):.2f} ms | {quantile(harness, 0.9):.2f} ms | "
        f"{quantile(harness, 0.99):.2f} ms |",
        f"| main thread per batch on a board of 20 tiles, capped | {statistics.median(short):.2f} ms | "
        f"{quantile(short, 0.9):.2f} ms | {quantile(short, 0.99):.2f} ms |",
        f"| main thread per batch, motion reduced, capped | {statistics.median(still):.2f} ms | "
        f"{quantile(still, 0.9):.2f} ms | {quantile(still, 0.99):.2f} ms |",
        f"| main thread per batch of a group of {GROUP_SIZE} moves, capped | {statistics.median(grouped):.2f} ms | "
        f"{quantile(grouped, 0.9):.2f} ms | {quantile(grouped, 0.99):.2f} ms |",
        f"| a plain page of 20 tiles, one moved and animated, capped | {statistics.median(floor[True]):.2f} ms | "
        f"{quantile(floor[True], 0.9):.2f} ms | {quantile(floor[True], 0.99):.2f} ms |",
        f"| a plain page of 20 tiles, one moved without animation, capped | {statistics.median(floor[False]):.2f} ms | "
        f"{quantile(floor[False], 0.9):.2f} ms | {quantile(floor[False], 0.99):.2f} ms |",
        "",
        "| module | size |",
        "|---|---:|",
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
        "What keeps these low on a long board: a tile is its label alone (one pair of tools for the "
        "board goes to the tile under the pointer or with the focus), about 3,300 layout objects for "
        "1,000 tiles instead of 10,200; a column's tiles sit in runs of about 32, each laid out and "
        "painted on its own (CSS containment) and not drawn at all while far out of sight "
        "(`content-visibility: auto`), so a change repaints its run and the runs after it only move; a "
        "run whose tiles all slide by one distance slides as one animation; the core answers with the "
        "sections that changed (`views: changes`), its views share the cells of untouched sections, and "
        "plan entries leave out what they do not say; a moved tile flies as a copy above the board; "
        "running travels are stopped before the view changes, so that one layout gives every new "
        "place, and a tile in a run the browser skips is placed by its run's box instead of laying "
        "that run out; a column growing at its end starts new runs instead of splitting a full one; "
        "marks end together; every animation holds its end after its motion and one timer per batch "
        "ends them all, so that Chromium does not draw the main-thread frames it draws in the last "
        "50 ms or so of an animation that ends by itself. What remains per batch: the core in "
        "WebAssembly and the JSON (about 1 ms), the DOM update and one layout read for the slides, "
        "and the frames: the batch's (style, layout, paint and layering of the changed runs and the "
        "status bar), the one in which the compositor's start of the animations reaches the page, "
        "and the one in which the page ends them (each animated element is a layer of its own while "
        "it moves, and every frame restyles every running animation). The rows for motion reduced and "
        "for the board of 20 tiles show what of that is the board's length and what the animation costs "
        "on this machine whatever the length.",
        "",
    ]
    section = "\n".join(lines)
    print(section)
    if options.markdown:
        write_section(pathlib.Path(options.markdown), section)


WARM_UP_ROUNDS = 30


def started_server(directory, data):
    """board-server of `directory` on a free loopback port, its boards in `data`; answers the
    process and its port."""
    server = subprocess.Popen(
        [str(directory / "board-server"), "--host", "127.0.0.1", "--port", "0", "--data", str(data),
         "--log-level", "error",
         # building a board sends 1,000 ops from one connection, beyond the default rate limit
         "--rate-burst", "100000", "--rate-per-second", "100000"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    return server, int(server.stdout.readline().decode().rsplit(":", 1)[1])


# Collects the duration of every `boardsync:message` measure (the page keeps only the latest in
# its timeline) into `window.benchHandling`, from before the page's own scripts run.
OBSERVE_HANDLING = """
window.benchHandling = [];
new PerformanceObserver(list => {
  for (const entry of list.getEntriesByName('boardsync:message')) window.benchHandling.push(entry.duration);
}).observe({ type: 'measure' });
"""


def run_page(options, port, versions, directory):
    """Answers the handling times, the main thread per round (raw and capped), the harness's
    own rounds (capped), the rounds on the short board and those with motion reduced (capped),
    those on the plain page with and without animation (capped, by `animate`), the median
    length in seconds of the board's rounds and of the animated plain page's, and the phases of
    the traced rounds. The board of 1,000 tiles, the board of 20 tiles and the plain page with
    and without animation take their rounds in turns (`rounds_in_turns`)."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=options.chromium, args=["--no-sandbox"])
        run_page.browser_version = browser.version
        page = new_page(browser)
        page.add_init_script(OBSERVE_HANDLING)
        mover = opened(page, port, "bench", versions["bench"], PER_SECTION)
        _, harness, _ = timed_rounds(browser, page, lambda n: play_round(page, mover, n, empty=True),
                                     range(options.rounds // 3), directory)
        page.evaluate("window.benchHandling.splice(0)")
        short_page = new_page(browser)
        short_mover = opened(short_page, port, "short", versions["short"], SHORT_PER_SECTION)
        # The plain page's rounds open with an op on a board that no page shows.
        unseen_mover = Mover(port, "unseen", versions["unseen"], SHORT_PER_SECTION)
        plain = {animate: PlainPage(new_page(browser), animate, unseen_mover, WARM_UP_ROUNDS)
                 for animate in (True, False)}
        first = WARM_UP_ROUNDS
        turns = [
            (page, lambda n: play_round(page, mover, n)),
            (short_page, lambda n: play_round(short_page, short_mover, n)),
            (plain[True].page, plain[True].play),
            (plain[False].page, plain[False].play),
        ]
        (raw, capped, round_length), (_, short, _), (_, animated, plain_length), (_, still_plain, _) = rounds_in_turns(
            browser, turns, range(first, first + options.rounds), directory)
        floor = {True: animated, False: still_plain}
        handling = page.evaluate("window.benchHandling.splice(0)")
        for other in (short_page, plain[True].page, plain[False].page):
            other.context.close()
        trace = pathlib.Path(options.trace) if options.trace else directory / "trace.json"
        browser.start_tracing(page=page, path=str(trace), categories=TRACE_CATEGORIES)
        first += options.rounds
        for round_number in range(first, first + options.trace_rounds):
            play_round(page, mover, round_number)
        browser.stop_tracing()
        page.context.close()
        still_page = new_page(browser, reduced_motion="reduce")
        still_mover = opened(still_page, port, "bench", mover.version, PER_SECTION, mover)
        first += options.trace_rounds + WARM_UP_ROUNDS
        _, still, _ = timed_rounds(browser, still_page, lambda n: play_round(still_page, still_mover, n),
                                   range(first, first + options.rounds), directory)
        still_page.context.close()
        # Keeping the session: the long board in a page that keeps it and, in another, a board of
        # its own in a page given no IndexedDB, taking their rounds in turns.
        first += options.rounds + WARM_UP_ROUNDS
        kept_page = new_page(browser)
        kept_mover = opened(kept_page, port, "bench", mover.version, PER_SECTION, mover)
        unkept_page = new_page(browser)
        unkept_page.add_init_script(REFUSE_STORAGE)
        unkept_mover = opened(unkept_page, port, "unkept", versions["unkept"], PER_SECTION)
        (_, kept, _), (_, unkept, _) = rounds_in_turns(
            browser, [(kept_page, lambda n: play_round(kept_page, kept_mover, n)),
                      (unkept_page, lambda n: play_round(unkept_page, unkept_mover, n))],
            range(first, first + options.rounds), directory)
        storage = {True: kept, False: unkept}
        first += options.rounds
        for each in (kept_page, unkept_page):
            each.context.close()
        group_page = new_page(browser)
        group_mover = opened(group_page, port, "bench", mover.version, PER_SECTION, mover)
        _, grouped, _ = timed_rounds(browser, group_page, lambda n: play_round(group_page, group_mover, n, group=True),
                                     range(options.rounds // 3), directory)
        group_page.context.close()
        browser.close()
        return (handling, raw, capped, harness, short, still, floor, (round_length, plain_length),
                trace_phases(trace, options.trace_rounds), storage, grouped)


def new_page(browser, **options):
    """A page in a browser context of its own (so in a renderer of its own), of the benchmark's
    size."""
    page = browser.new_context(viewport={"width": 1600, "height": 900}, **options).new_page()
    page.set_default_timeout(30_000)
    return page


def opened(page, port, board, version, per_section, mover=None):
    """Opens `board` in `page`, waits until it shows all of it, plays the warm-up rounds and
    answers the board's mover (`mover` when the board has one already)."""
    page.goto(f"http://127.0.0.1:{port}/b/{board}?user=ann")
    page.wait_for_function(f"() => document.querySelectorAll('[data-item-id]').length === {SECTIONS * per_section}")
    page.wait_for_function("v => Number(document.querySelector('[data-board]').dataset.version) >= v", arg=version)
    mover = mover or Mover(port, board, version, per_section)
    for round_number in range(WARM_UP_ROUNDS):
        play_round(page, mover, round_number)
    return mover


# Waits until the page shows version `v`, then for two more frames: one call per round, asking for
# no frame of its own while it waits (a MutationObserver, not polling on every frame).
WAIT_FOR_VERSION_AND_TWO_FRAMES = """async v => {
  const board = document.querySelector('[data-board]');
  const shown = () => Number(board.dataset.version) >= v;
  if (!shown()) {
    await new Promise(resolve => {
      const observer = new MutationObserver(() => { if (shown()) { observer.disconnect(); resolve(); } });
      observer.observe(board, { attributes: true, attributeFilter: ['data-version'] });
    });
  }
  await new Promise(resolve => requestAnimationFrame(() => requestAnimationFrame(resolve)));
}"""


def play_round(page, mover, round_number, empty=False, group=False):
    """bob moves a tile (unless `empty`; a group of `GROUP_SIZE` tiles when `group`); returns
    once the page shows the new version and two frames have passed."""
    target = mover.version if empty else mover.move_group(round_number) if group else mover.move(round_number)
    page.evaluate(WAIT_FOR_VERSION_AND_TWO_FRAMES, target)


def timed_rounds(browser, page, play, rounds, directory):
    """Calls `play(n)` for each round number n of `rounds` under a trace of the page's tasks;
    answers the main thread's CPU milliseconds per round, raw and with each task capped at its
    wall time, and the rounds' median wall time in seconds."""
    trace = directory / "rounds.json"
    browser.start_tracing(page=page, path=str(trace), categories=TASK_CATEGORIES)
    starts = []
    for round_number in rounds:
        starts.append(time.monotonic_ns() / 1000)
        play(round_number)
    starts.append(time.monotonic_ns() / 1000)
    browser.stop_tracing()
    events = load_events(trace)
    raw, capped = cpu_per_window(top_level_tasks(events, page_main_thread(events)), starts)
    return raw, capped, statistics.median(b - a for a, b in zip(starts, starts[1:])) / 1e6


def rounds_in_turns(browser, turns, rounds, directory):
    """Plays the rounds of `turns` ((page, play) pairs, each page in a browser context of its
    own) in turns, one round of each per cycle, for each round number of `rounds`, under one
    trace of their tasks, so that every page sees the machine as the others do. Answers, for
    each page, its renderer main thread's CPU milliseconds per cycle, raw and with each task
    capped at its wall time, and the median wall time of its rounds in seconds."""
    trace = directory / "turns.json"
    browser.start_tracing(path=str(trace), categories=[*TASK_CATEGORIES, "blink.user_timing"])
    for index, (page, _) in enumerate(turns):
        page.evaluate(f"performance.mark('bench-turn-{index}')")
    cycles = []
    lengths = [[] for _ in turns]
    for round_number in rounds:
        cycles.append(time.monotonic_ns() / 1000)
        for index, (_, play) in enumerate(turns):
            start = time.monotonic_ns()
            play(round_number)
            lengths[index].append((time.monotonic_ns() - start) / 1e9)
    cycles.append(time.monotonic_ns() / 1000)
    browser.stop_tracing()
    events = load_events(trace)
    threads = {}
    for event in events:
        name = event.get("name", "")
        if name.startswith("bench-turn-"):
            threads[int(name.rsplit("-", 1)[1])] = (event["pid"], event["tid"])
    if len(set(threads.values())) != len(turns):
        raise RuntimeError(f"the {len(turns)} pages taken in turns ran on {len(set(threads.values()))} main threads")
    return [(*cpu_per_window(top_level_tasks(events, threads[index]), cycles), statistics.median(lengths[index]))
            for index in range(len(turns))]


def cpu_per_window(tasks, starts):
    """The CPU milliseconds of `tasks` that start in each window between consecutive `starts`
    (µs), raw and with each task capped at its wall time."""
    count = len(starts) - 1
    raw = [0.0] * count
    capped = [0.0] * count
    index = 0
    for start, wall, cpu in tasks:
        while index < count and start >= starts[index + 1]:
            index += 1
        if index >= count:
            break
        if start < starts[index]:
            continue
        raw[index] += cpu / 1000
        capped[index] += min(cpu, wall) / 1000
    return raw, capped


def top_level_tasks(events, thread):
    """(start µs, wall µs, CPU µs) of every top-level task of `thread` (pid, tid)."""
    tasks = sorted((event["ts"], event["dur"], event.get("tdur", event["dur"])) for event in events
                   if (event.get("pid"), event.get("tid")) == thread and event.get("ph") == "X"
                   and event.get("name") == "ThreadControllerImpl::RunTask" and "dur" in event)
    top = []
    open_until = -1
    for start, wall, cpu in tasks:
        if start < open_until:
            continue
        open_until = start + wall
        top.append((start, wall, cpu))
    return top


def load_events(path):
    document = json.loads(path.read_text())
    return document["traceEvents"] if isinstance(document, dict) else document


def page_main_thread(events):
    """The (pid, tid) of the renderer main thread that ran the most: the page's."""
    threads = {(event["pid"], event["tid"]) for event in events
               if event.get("ph") == "M" and event.get("name") == "thread_name"
               and event["args"]["name"] == "CrRendererMain"}
    busy = {}
    for event in events:
        key = (event.get("pid"), event.get("tid"))
        if key in threads and event.get("ph") == "X":
            busy[key] = busy.get(key, 0) + event.get("tdur", 0)
    return max(busy, key=busy.get)


def trace_phases(path, rounds):
    """Milliseconds of CPU time per round of the page's main thread in each event of TRACE_PHASES."""
    events = load_events(path)
    main = page_main_thread(events)
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
