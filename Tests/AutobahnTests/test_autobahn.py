"""The Autobahn TestSuite's cases, categories 1 to 10 and 13.7, against both servers; every
case must come out OK, NON-STRICT, INFORMATIONAL, refused as the protocol says, or as one of the
documented library limits (verdicts.py). The suite's report of each run is kept in
AUTOBAHN_REPORTS/echo and AUTOBAHN_REPORTS/board-server."""

import json
import pathlib
import subprocess
import sys

from conftest import REPORTS

RUNNER = pathlib.Path(__file__).with_name("autobahn_run.py")


def run_cases(url, answers, name):
    report = REPORTS / name
    run = subprocess.run([sys.executable, str(RUNNER), url, "--answers", answers, "--report", str(report)],
                         capture_output=True, text=True, timeout=600)
    print(run.stdout)
    assert run.returncode == 0, f"cases that failed (report in {report}):\n{run.stdout}\n{run.stderr}"
    verdicts = json.loads((report / "verdicts.json").read_text())
    # Every case of the selection ran: 301 of categories 1 to 10 and the 18 of 13.7.
    assert len(verdicts["cases"]) == 319, verdicts["counts"]
    return verdicts


def test_the_echo_server_on_the_transport_passes_every_case(echo_server):
    verdicts = run_cases(f"ws://127.0.0.1:{echo_server.port}/", "echo", "echo")
    # Text comes back as sent: the cases of pure text messages are plain OK.
    assert verdicts["counts"].get("OK", 0) >= 220, verdicts["counts"]


def test_board_server_passes_every_case_with_the_protocols_answers(board_server):
    verdicts = run_cases(f"ws://127.0.0.1:{board_server.port}/boards/autobahn", "protocol", "board-server")
    assert verdicts["counts"].get("OK", 0) >= 200, verdicts["counts"]
    # Not one of the cases' messages changed the board.
    assert board_server.snapshot("autobahn")["version"] == 0
