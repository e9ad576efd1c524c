"""Benchmark (not a test): the board page of a git revision against the page of the working tree,
in one headless Chromium at once, so that the machine's ups and downs fall on both alike.

    python Tests/BrowserTests/page_compare.py --bin .build/release --before REV [--rounds 150]

Two release board-servers run from copies of `--bin`, one with the page files (scripts, styles,
HTML) of `REV`, the other with those of the working tree; both serve the WebAssembly module built
now, so only the page's own files differ. Each holds the board of `page_bench.py` (1,000 tiles),
each shown in a page of its own, and each has its "bob" who moves tiles. The rounds alternate:
a round on the first page, then one on the second, under one trace; a page's figure for a cycle
is the main-thread CPU time of its renderer (each task capped at its wall time, as in
`page_bench.py`) over the cycle, and the paired difference is taken cycle by cycle. On this
machine the same page against itself differs by about 0.1 ms at the median, where two runs of
`page_bench.py` one after the other often differ by a millisecond.
"""

import argparse
import io
import pathlib
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile

from playwright.sync_api import sync_playwright

from long_board import built_board
from page_bench import (PER_SECTION, SECTIONS, WARM_UP_ROUNDS, Mover, new_page, play_round, quantile, rounds_in_turns,
                        started_server)

ROOT = pathlib.Path(__file__).resolve().parents[2]
PAGE = "Sources/BoardServer/Page"
RESOURCES = "board-sync_BoardServer.resources"


def server_directory(bin_directory, page_files, into):
    """A directory holding a copy of board-server with `page_files` as its page, and the module
    built now."""
    into.mkdir(parents=True)
    shutil.copy(bin_directory / "board-server", into)
    page = into / RESOURCES / "Page"
    shutil.copytree(page_files, page)
    shutil.copy(ROOT / PAGE / "boardsync.wasm", page / "boardsync.wasm")
    return into


def page_files_of(revision, into):
    """The page's files as they are in `revision`."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", revision, PAGE],
                             check=True, capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into / PAGE


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=str(ROOT / ".build" / "release"))
    parser.add_argument("--before", required=True, help="the git revision whose page is compared")
    parser.add_argument("--rounds", type=int, default=150)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    options = parser.parse_args()
    names = [options.before, "working tree"]
    with tempfile.TemporaryDirectory(prefix="page-compare-") as scratch:
        scratch = pathlib.Path(scratch)
        directories = [
            server_directory(pathlib.Path(options.bin), page_files_of(options.before, scratch / "before"),
                             scratch / "server-before"),
            server_directory(pathlib.Path(options.bin), ROOT / PAGE, scratch / "server-after"),
        ]
        servers = [started_server(directory, scratch / f"{index}.sqlite") for index, directory in enumerate(directories)]
        try:
            figures = compare(options, [port for _, port in servers], scratch)
        finally:
            for server, _ in servers:
                server.terminate()
                server.wait(timeout=20)
    print(f"{options.rounds} rounds on each page, alternating; main thread per batch, capped")
    print("| page | median | p90 | p99 |")
    print("|---|---:|---:|---:|")
    for name, values in zip(names, figures):
        print(f"| {name} | {statistics.median(values):.2f} ms | {quantile(values, 0.9):.2f} ms | "
              f"{quantile(values, 0.99):.2f} ms |")
    differences = [before - after for before, after in zip(*figures)]
    print(f"| {names[0]} less working tree, cycle by cycle | {statistics.median(differences):+.2f} ms "
          f"(mean {statistics.mean(differences):+.2f} ms) | | |")


def compare(options, ports, scratch):
    """Answers each page's figures per cycle."""
    versions = [built_board(port, "bench", SECTIONS, PER_SECTION) for port in ports]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=options.chromium, args=["--no-sandbox"])
        pages = []
        for port, version in zip(ports, versions):
            page = new_page(browser)
            page.goto(f"http://127.0.0.1:{port}/b/bench?user=ann")
            page.wait_for_function("v => Number(document.querySelector('[data-board]').dataset.version) >= v",
                                   arg=version)
            pages.append(page)
        movers = [Mover(port, "bench", version, PER_SECTION) for port, version in zip(ports, versions)]
        for round_number in range(WARM_UP_ROUNDS):
            for page, mover in zip(pages, movers):
                play_round(page, mover, round_number)
        turns = [(page, lambda n, page=page, mover=mover: play_round(page, mover, n)) for page, mover in zip(pages, movers)]
        figures = rounds_in_turns(browser, turns, range(WARM_UP_ROUNDS, WARM_UP_ROUNDS + options.rounds), scratch)
        browser.close()
    return [capped for _, capped, _ in figures]


if __name__ == "__main__":
    sys.exit(main())
