"""Runs the Autobahn TestSuite's cases (kosoku) against one server and judges them.

usage: autobahn_run.py URL --answers echo|protocol --report DIR [--limit BYTES] [--parallel N]
                       [--case PATTERN ...]

Writes the suite's report (index.html, one JSON and HTML per case with its wire log) to DIR
(emptied first),
and DIR/verdicts.json with each case's kosoku verdicts, its outcome here and why; prints a
table of the cases that did not come out OK and the counts by outcome, then one line
`N passed, N failed`. Exits 0 when every case passed, 1 otherwise.

The run is one process (kosoku drives every case on its own connection from one Rust runtime);
it exits with os._exit, since kosoku's runtime can abort the interpreter's own shutdown.
"""

import argparse
import asyncio
import collections
import json
import os
import pathlib
import shutil
import sys
import time

from kosoku import FailureError, run_fuzzingclient
from kosoku._report import write_reports

import protocol_answers
import verdicts

# Categories 1 to 10 of the suite; of 12 and 13 (compression, which the server does not offer)
# only 13.7, whose handshakes carry an extensions header of 255 bytes or more.
CASES = ["1.*", "2.*", "3.*", "4.*", "5.*", "6.*", "7.*", "9.*", "10.*", "13.7.*"]


def arguments():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("url")
    parser.add_argument("--answers", choices=["echo", "protocol"], required=True)
    parser.add_argument("--report", required=True)
    parser.add_argument("--limit", type=int, default=65536)
    parser.add_argument("--parallel", type=int, default=8)
    parser.add_argument("--case", action="append", dest="cases")
    return parser.parse_args()


async def run(options):
    noted = protocol_answers.adapt_cases(options.answers, options.limit)
    try:
        results = await run_fuzzingclient(options.url, options.cases or CASES, concurrency=options.parallel)
    except FailureError as failure:
        results = failure.results
    return results, noted


def order(case_id):
    return [int(part) for part in case_id.split(".")]


def main():
    options = arguments()
    started = time.monotonic()
    results, noted = asyncio.run(run(options))
    seconds = time.monotonic() - started
    report = pathlib.Path(options.report)
    shutil.rmtree(report, ignore_errors=True)
    report.mkdir(parents=True)
    write_reports(results, str(report))
    outcomes = {}
    for result in sorted(results, key=lambda r: order(r.case_id)):
        outcome, problems = verdicts.judge(result, noted.get(result.case_id))
        outcomes[result.case_id] = {
            "behavior": result.behavior.value,
            "behaviorClose": result.behavior_close.value,
            "remoteCloseCode": result.remote_close_code,
            "outcome": outcome,
            "problems": problems,
        }
    counts = collections.Counter(entry["outcome"] for entry in outcomes.values())
    summary = {"url": options.url, "answers": options.answers, "seconds": round(seconds, 1),
               "counts": dict(counts), "cases": outcomes}
    (report / "verdicts.json").write_text(json.dumps(summary, indent=2, sort_keys=True))
    for case_id, entry in outcomes.items():
        if entry["outcome"] != "OK":
            print(f"{case_id:10} {entry['outcome']:14} kosoku {entry['behavior']} / {entry['behaviorClose']}"
                  + "".join(f"\n{'':10} {problem}" for problem in entry["problems"]))
    failed = counts.get("FAILED", 0)
    print(f"{len(outcomes)} cases in {seconds:.1f} s: "
          + ", ".join(f"{counts[name]} {name}" for name in sorted(counts)) + f"; report in {report}")
    print(f"{len(outcomes) - failed} passed, {failed} failed")
    sys.stdout.flush()
    os._exit(0 if failed == 0 and outcomes else 1)


if __name__ == "__main__":
    main()
