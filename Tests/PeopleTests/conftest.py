"""Protocol 1.2 section 12 checked from outside: board-server started as a process, tokens
signed with PyJWT and `cryptography`, connections made with Python's websockets.

The server is the build BOARD_SYNC_BIN points at (the debug build `make test` made)."""

import http.client
import json
import os
import pathlib
import signal
import subprocess
import threading
import time

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
BIN = pathlib.Path(os.environ.get("BOARD_SYNC_BIN") or ROOT / ".build" / "debug")


class BoardServer:
    """board-server on a free loopback port with a throwaway SQLite file; its log is kept (in
    memory, and in a file for a failing test's reader) so that tests can read why a token was
    refused, and wait for a line as soon as the server writes it."""

    def __init__(self, directory, *flags):
        self.directory = pathlib.Path(directory)
        self.log_path = self.directory / "board-server.log"
        self.flags = flags
        self.logged = ""
        self.log_changed = threading.Condition()
        self.start()

    def start(self):
        self.log = open(self.log_path, "ab")
        command = [str(BIN / "board-server"), "--host", "127.0.0.1", "--port", "0",
                   "--data", str(self.directory / "boards.sqlite"), *self.flags]
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.log_reader = threading.Thread(target=self.read_log, args=(self.process.stderr, self.log), daemon=True)
        self.log_reader.start()
        line = self.process.stdout.readline().decode()
        if not line.startswith("listening on "):
            self.process.kill()
            raise RuntimeError(f"board-server did not start: {line!r}; log in {self.log_path}")
        self.port = int(line.rsplit(":", 1)[1])

    def url(self, board, token=None):
        query = f"?token={token}" if token else ""
        return f"ws://127.0.0.1:{self.port}/boards/{board}{query}"

    def read_log(self, stream, log):
        """Copies the server's standard error into the log file and `logged` as it comes, and wakes
        whoever waits for a line."""
        for line in iter(stream.readline, b""):
            log.write(line)
            log.flush()
            with self.log_changed:
                self.logged += line.decode(errors="replace")
                self.log_changed.notify_all()

    def log_text(self):
        with self.log_changed:
            return self.logged

    def wait_for_log(self, predicate, timeout=10):
        """Whether the log came to satisfy `predicate` within `timeout` seconds."""
        with self.log_changed:
            return self.log_changed.wait_for(lambda: predicate(self.logged), timeout)

    def reload(self):
        self.process.send_signal(signal.SIGHUP)

    def request(self, method, path, body=None, headers=None):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        data = response.read()
        connection.close()
        return response.status, data

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
        self.ended()

    def kill(self):
        """Stops the server with SIGKILL, as a crash would (it can be started again)."""
        self.process.kill()
        self.ended()

    def ended(self):
        self.process.wait(timeout=20)
        self.log_reader.join(timeout=20)
        self.log.close()


@pytest.fixture
def start_server(tmp_path):
    servers = []

    def start(*flags):
        server = BoardServer(tmp_path, *flags)
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.stop()


def receive_type(socket, kind, timeout=10):
    """The next message of type `kind`, skipping others, within `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise TimeoutError(f"no {kind} message within {timeout} s")
        message = json.loads(socket.recv(timeout=remaining))
        if message["type"] == kind:
            return message
