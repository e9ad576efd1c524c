"""A throwaway cluster for the tests: PostgreSQL on its own loopback address and board-server
nodes on theirs, each a separate process, with clients speaking the protocol through the
independent `websockets` library."""

import asyncio
import json
import os
import select
import signal
import socket
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.request

import websockets

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
THROWAWAY = os.path.join(ROOT, "scripts", "throwaway-postgres")
DATABASE_HOST = "127.0.0.20"
NODE_HOSTS = ["127.0.0.11", "127.0.0.12", "127.0.0.13"]


def free_port(host):
    with socket.socket() as probe:
        probe.bind((host, 0))
        return probe.getsockname()[1]


def _checked(condition, deadline, what):
    """The value of `condition`; fails naming `what` once it is still false past `deadline`."""
    value = condition()
    if not value and time.monotonic() > deadline:
        raise AssertionError(f"timed out waiting for {what}")
    return value


_log_written = threading.Condition()


async def logged(condition, timeout, what):
    """Waits until `condition` on the nodes' logs holds, checking it again each time a node
    writes a line; fails naming `what` once `timeout` seconds passed. The event loop goes on."""
    def wait():
        with _log_written:
            return _log_written.wait_for(condition, timeout)
    if not await asyncio.to_thread(wait):
        raise AssertionError(f"timed out waiting for {what}")


_wakeup = (None, None)


def _received():
    """The event the clients of the running event loop set whenever one of them receives a
    message or loses its connection."""
    global _wakeup
    loop = asyncio.get_running_loop()
    if _wakeup[0] is not loop:
        _wakeup = (loop, asyncio.Event())
    return _wakeup[1]


async def eventually(condition, timeout, what):
    """Waits until `condition` on the clients' state holds, checking it again each time a client
    receives a message or loses its connection; fails naming `what` once `timeout` seconds
    passed."""
    deadline = time.monotonic() + timeout
    while True:
        received = _received()
        received.clear()
        if value := _checked(condition, deadline, what):
            return value
        try:
            await asyncio.wait_for(received.wait(), max(0.0, deadline - time.monotonic()))
        except asyncio.TimeoutError:
            pass


class Database:
    """A throwaway PostgreSQL cluster in a temporary directory, removed when this process exits."""

    def __init__(self):
        self.directory = tempfile.mkdtemp(prefix="cluster-pg-")
        os.rmdir(self.directory)
        self.port = free_port(DATABASE_HOST)
        self.url = self._script("start", self.directory, DATABASE_HOST, str(self.port), "--owner", str(os.getpid()))

    def _script(self, *arguments):
        done = subprocess.run([THROWAWAY, *arguments], capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            raise RuntimeError(f"throwaway-postgres {arguments[0]} failed: {done.stderr}")
        return done.stdout.strip()

    def restart(self, immediate=True):
        self._script("restart", self.directory, *(["--immediate"] if immediate else []))

    def halt(self):
        self._script("halt", self.directory, "--immediate")

    def start_again(self):
        self._script("start", self.directory)

    def psql(self, sql):
        """Runs `sql` through psql as the cluster's role; returns its unaligned output."""
        done = subprocess.run(
            ["psql", "-X", "-A", "-t", "-q", self.url, "-c", sql], capture_output=True, text=True, timeout=30
        )
        if done.returncode != 0:
            raise RuntimeError(f"psql failed: {done.stderr}")
        return done.stdout.strip()

    def stop(self):
        subprocess.run([THROWAWAY, "stop", self.directory], capture_output=True, timeout=60)


class Node:
    """One board-server process on its own loopback address."""

    def __init__(self, binary, host, store_url, log_directory, extra=()):
        self.host = host
        self.port = free_port(host)
        self.binary = binary
        self.store_url = store_url
        self.extra = list(extra)
        self.log_path = os.path.join(log_directory, f"node-{host}.log")
        self.process = None
        self.start()

    def start(self):
        """Starts the node and returns once it says it listens (its one line on standard output)."""
        self.process = subprocess.Popen(
            [self.binary, "--host", self.host, "--port", str(self.port), "--store", self.store_url,
             "--node", f"node-{self.host}", "--log-level", "info", *self.extra],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        )
        threading.Thread(target=self._copy_log, args=(self.process.stderr,), daemon=True).start()
        ready, _, _ = select.select([self.process.stdout], [], [], 30)
        line = self.process.stdout.readline().decode() if ready else ""
        if not line.startswith("listening on "):
            self.process.kill()
            raise RuntimeError(f"board-server on {self.host} did not start ({line!r}): "
                               f"{open(self.log_path).read()[-2000:]}")

    def _copy_log(self, stream):
        """Copies the node's log lines to its file as they come, and wakes whoever waits on them."""
        with open(self.log_path, "ab") as log:
            for line in stream:
                log.write(line)
                log.flush()
                with _log_written:
                    _log_written.notify_all()

    def url(self, board):
        return f"ws://{self.host}:{self.port}/boards/{board}"

    def get(self, path):
        with urllib.request.urlopen(f"http://{self.host}:{self.port}{path}", timeout=10) as response:
            return json.loads(response.read())

    def change(self, method, path):
        """A `DELETE` or `POST` without a body; answers its status."""
        request = urllib.request.Request(f"http://{self.host}:{self.port}{path}", method=method, data=b"")
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return response.status
        except urllib.error.HTTPError as refused:
            return refused.code

    def metrics(self):
        """The node's `/metrics` samples without labels, by name."""
        with urllib.request.urlopen(f"http://{self.host}:{self.port}/metrics", timeout=10) as response:
            lines = response.read().decode().splitlines()
        return {name: float(value) for name, value in (line.split(" ") for line in lines
                                                        if line and not line.startswith("#") and "{" not in line)}

    def log_text(self):
        with open(self.log_path, errors="replace") as log:
            return log.read()

    def kill(self):
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


class Client:
    """A protocol client that records every op it sees, in order, and its own acks."""

    def __init__(self, client_id, user):
        self.client_id = client_id
        self.user = user
        self.ws = None
        self.version = 0
        self.seen = []  # (version, client, op key) of every op received, welcome ops included
        self.acked = {}  # seq -> (version, op key)
        self.errors = []
        self.drags = []
        self.presence = []
        self.groups = {}  # version -> the group of the op seen at it, for members of one
        self.welcome = None
        self.close_code = None
        self.next_seq = 1
        self.pending = {}  # seq -> op, submitted and not acked
        self.answers = {}
        self.reader = None

    async def connect(self, url, since=None):
        self.ws = await websockets.connect(url, subprotocols=["boardsync.v1"], max_size=None)
        hello = {"type": "hello", "client": self.client_id, "user": self.user}
        if since is not None:
            hello["since"] = since
        await self.ws.send(json.dumps(hello))
        self.welcome = None
        self.close_code = None
        self.reader = asyncio.ensure_future(self._read())
        await eventually(lambda: self.welcome is not None or self.close_code is not None, 15, "welcome")
        if self.welcome is None:
            raise AssertionError(f"{self.client_id} was closed ({self.close_code}) instead of welcomed")
        return self.welcome

    async def _read(self):
        try:
            async for raw in self.ws:
                self._handle(json.loads(raw))
        except websockets.ConnectionClosed:
            pass
        finally:
            self.close_code = self.ws.close_code if self.ws.close_code is not None else 1006
            _received().set()

    def _handle(self, message):
        try:
            self._record(message)
        finally:
            _received().set()

    def _record(self, message):
        kind = message["type"]
        if kind == "welcome":
            if "ops" in message:
                for op in message["ops"]:
                    self._op(op)
            else:
                self.version = message["board"]["version"]
            self.welcome = message
        elif kind == "op":
            self._op(message)
        elif kind == "ack" and "ops" in message:
            self._group_ack(message)
        elif kind == "ack":
            self.acked[message["seq"]] = (message["version"], op_key(message["op"]))
            self.pending.pop(message["seq"], None)
            self.answers[message["seq"]] = message
            if not message.get("duplicate") and not message.get("noop"):
                self.version = max(self.version, message["version"])
                self.seen.append((message["version"], self.client_id, op_key(message["op"])))
                self._check_order()
        elif kind == "error":
            self.errors.append(message)
            if "seq" in message:
                self.answers[message["seq"]] = message
        elif kind == "drag":
            self.drags.append(message)
        elif kind == "presence":
            self.presence.append(message)

    def _group_ack(self, message):
        """The ack of a group: its members at consecutive versions up to the ack's."""
        self.pending.pop(message["seq"], None)
        self.answers[message["seq"]] = message
        if message.get("duplicate") or message.get("noop"):
            return
        first = message["version"] - len(message["ops"]) + 1
        for offset, op in enumerate(message["ops"]):
            self.seen.append((first + offset, self.client_id, op_key(op)))
            self._check_order()
        self.version = max(self.version, message["version"])

    def _op(self, message):
        if "group" in message:
            self.groups[message["version"]] = message["group"]
        self.seen.append((message["version"], message["client"], op_key(message["op"])))
        self.version = max(self.version, message["version"])
        self._check_order()

    def _check_order(self):
        if len(self.seen) >= 2 and self.seen[-1][0] != self.seen[-2][0] + 1:
            raise AssertionError(f"{self.client_id} saw version {self.seen[-1][0]} after {self.seen[-2][0]}")

    async def submit(self, op, seq=None):
        seq = seq if seq is not None else self.next_seq
        self.next_seq = max(self.next_seq, seq + 1)
        self.pending[seq] = op
        self.answers.pop(seq, None)
        await self.ws.send(json.dumps({"type": "submit", "seq": seq, "base": self.version, "op": op}))
        return seq

    async def answer(self, seq, timeout=40):
        return await eventually(lambda: self.answers.get(seq), timeout, f"{self.client_id}'s answer to seq {seq}")

    async def send(self, message):
        await self.ws.send(json.dumps(message))

    async def close(self):
        if self.ws is not None:
            await self.ws.close()
        if self.reader is not None:
            await asyncio.wait([self.reader], timeout=5)


def insert(item, label=None):
    return {"kind": "insert", "item": {"id": item, "label": label or item}, "to": {"section": "main", "index": 0}}


def op_key(op):
    """What tells ops apart in the tests: every insert the tests make has an item id of its own."""
    return json.dumps(op, sort_keys=True)


def check_histories(clients, expected_ops):
    """Every client saw one contiguous sequence of versions, without gap or repeat; all agree on
    what was committed at each version; every acknowledged op appears exactly once, at the
    version its ack named."""
    by_version = {}
    for client in clients:
        versions = [version for version, _, _ in client.seen]
        assert versions == list(range(versions[0], versions[0] + len(versions))), f"{client.client_id}: gap"
        for version, author, key in client.seen:
            assert by_version.setdefault(version, (author, key)) == (author, key), f"version {version} differs"
    committed = {}
    for version, entry in by_version.items():
        assert entry not in committed, f"{entry} committed twice"
        committed[entry] = version
    for client in clients:
        for seq, (version, key) in client.acked.items():
            assert committed.get((client.client_id, key)) == version, f"acked {client.client_id} seq {seq} missing"
    assert len(by_version) >= expected_ops, f"{len(by_version)} versions seen, {expected_ops} expected"
    return by_version


def history_of(node, board):
    """The board's whole history from `node`'s HTTP endpoint, oldest first."""
    ops = []
    before = None
    while True:
        query = "?limit=1000" + (f"&before={before}" if before is not None else "")
        page = node.get(f"/boards/{board}/history{query}")["ops"]
        if not page:
            break
        ops.extend(page)
        before = page[-1]["version"]
        if before <= 1:
            break
    return sorted((op["version"], op["client"]) for op in ops)
