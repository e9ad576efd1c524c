"""RFC 6455 conformance of the project's WebSocket transport, checked from outside: the
Autobahn TestSuite's cases (driven by kosoku), raw-socket checks of what the suite does not
look at, and a thousand hostile clients beside one that edits.

Two servers run the same transport: `board-bench echo` (the echo server the suite expects) and
board-server itself, whose answers are read as the protocol defines them. Both are the build
that BOARD_SYNC_BIN points at (the debug build `make test` made); reports go to
AUTOBAHN_REPORTS (default .build/autobahn-reports)."""

import http.client
import json
import os
import pathlib
import resource
import subprocess
import tempfile

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
BIN = pathlib.Path(os.environ.get("BOARD_SYNC_BIN") or ROOT / ".build" / "debug")
REPORTS = pathlib.Path(os.environ.get("AUTOBAHN_REPORTS") or ROOT / ".build" / "autobahn-reports")
# board-server's own limits, except the message rate: the cases send up to 1,000 messages as
# fast as the answers come, which the default token bucket (100 at once, 100 a second) would
# answer with `limit`, a different check from the one the cases hold the server to.
BOARD_SERVER_FLAGS = ["--rate-burst", "100000", "--rate-per-second", "100000"]


def raise_descriptor_limit(needed):
    """Raises this process's open-file limit (inherited by the servers it starts) to `needed`,
    or fails saying why."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft >= needed:
        return
    if hard != resource.RLIM_INFINITY and hard < needed:
        pytest.fail(f"this test needs {needed} open files; the hard limit here is {hard} (raise it with ulimit -Hn)")
    resource.setrlimit(resource.RLIMIT_NOFILE, (needed, hard))


class Process:
    """A server that prints `listening on HOST:PORT` when ready; stopped with SIGTERM."""

    def __init__(self, command, log_path):
        self.log = open(log_path, "ab")
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=self.log)
        line = self.process.stdout.readline().decode()
        if not line.startswith("listening on "):
            self.process.kill()
            raise RuntimeError(f"{command[0]} did not start: {line!r}; log in {log_path}")
        self.port = int(line.rsplit(":", 1)[1])

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=20)
        self.log.close()


class BoardServer(Process):
    def __init__(self, directory, *flags):
        directory = pathlib.Path(directory)
        command = [str(BIN / "board-server"), "--host", "127.0.0.1", "--port", "0",
                   "--data", str(directory / "boards.sqlite"), *flags]
        super().__init__(command, directory / "board-server.log")

    def snapshot(self, board):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        connection.request("GET", f"/boards/{board}")
        response = connection.getresponse()
        body = response.read()
        connection.close()
        assert response.status == 200, (response.status, body)
        return json.loads(body)


@pytest.fixture(scope="session")
def workspace():
    with tempfile.TemporaryDirectory(prefix="autobahn-") as directory:
        yield pathlib.Path(directory)


@pytest.fixture(scope="session")
def echo_server(workspace):
    server = Process([str(BIN / "board-bench"), "echo", "--host", "127.0.0.1", "--port", "0"],
                     workspace / "echo.log")
    yield server
    server.stop()


@pytest.fixture(scope="session")
def board_server(workspace):
    directory = workspace / "board-server"
    directory.mkdir()
    server = BoardServer(directory, *BOARD_SERVER_FLAGS)
    yield server
    server.stop()


@pytest.fixture(params=["echo", "board-server"])
def server(request):
    """Either server, with the path a WebSocket opens on it."""
    if request.param == "echo":
        return request.getfixturevalue("echo_server"), "/"
    return request.getfixturevalue("board_server"), "/boards/wire"
