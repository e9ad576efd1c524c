"""Webhooks on a cluster (protocol 1.2 sections 9 and 12): two board-server nodes on
127.0.0.11 and .12 sharing a throwaway PostgreSQL on 127.0.0.20, both started with the same
--webhook; ops committed on both nodes, on boards of their own and on one they share, reach
a receiver on loopback exactly once each (it always answers 200), in version order per board.

Run by `make test-cluster`; BOARD_SYNC_BIN names the directory holding board-server."""

import json
import os
import sys
import tempfile
import threading
import urllib.error
import urllib.request

import pytest
from websockets.sync.client import connect

from cluster import NODE_HOSTS, Database, Node

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "PeopleTests"))
from webhook_receiver import Receiver  # noqa: E402

BINARY = os.path.join(os.environ.get("BOARD_SYNC_BIN", ".build/debug"), "board-server")
SECRET = b"cluster-webhook-secret"


@pytest.fixture(scope="module")
def webhook_cluster():
    receiver = Receiver(SECRET)
    logs = tempfile.mkdtemp(prefix="cluster-webhook-logs-")
    secret = os.path.join(logs, "webhook-secret")
    with open(secret, "wb") as file:
        file.write(SECRET)
    database = Database()
    extra = ["--webhook", receiver.url, "--webhook-secret", secret, "--webhook-retry-base-ms", "50"]
    nodes = [Node(BINARY, host, database.url, logs, extra) for host in NODE_HOSTS[:2]]
    yield receiver, nodes
    for node in nodes:
        node.stop()
    database.stop()
    receiver.close()
    print(f"node logs in {logs}")


def create_board(node, board):
    with connect(node.url(board), subprotocols=["boardsync.v1"]) as socket:
        socket.send(json.dumps({"type": "hello", "client": f"maker-{board}", "user": "Maker"}))
        while True:
            message = json.loads(socket.recv(timeout=15))
            if message["type"] == "welcome":
                return


def post_op(node, board, client, seq, base, item):
    """Submits one insert over HTTP, again while the node answers 503 (`unavailable`); answers
    the acknowledged version."""
    body = {"client": client, "user": "Writer", "seq": seq, "base": base,
            "op": {"kind": "insert", "item": {"id": item, "label": item}, "to": {"section": "main", "index": 0}}}
    while True:
        request = urllib.request.Request(f"http://{node.host}:{node.port}/boards/{board}/ops",
                                         data=json.dumps(body).encode(), method="POST",
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=35) as response:
                return json.loads(response.read())["version"]
        except urllib.error.HTTPError as refused:
            if refused.code != 503:
                raise AssertionError(f"{board} {item}: {refused.code} {refused.read()!r}")


def write(node, boards, count, name, acked, failures):
    """Submits `count` ops through `node`, alternating between `boards`; records each
    acknowledged (board, version) in `acked`."""
    try:
        bases = {board: 0 for board in boards}
        for seq in range(1, count + 1):
            board = boards[seq % len(boards)]
            bases[board] = post_op(node, board, name, seq, bases[board], f"{name}-{seq}")
            acked.append((board, bases[board]))
    except Exception as error:  # noqa: BLE001 - reported by the test
        failures.append(error)


def test_each_delivery_reaches_the_receiver_once_from_whichever_node(webhook_cluster):
    receiver, nodes = webhook_cluster
    boards = ["wh-shared", "wh-one", "wh-two"]
    for board in boards:
        create_board(nodes[0], board)
    failures = []
    acked = []
    writers = [threading.Thread(target=write, args=(nodes[0], ["wh-shared", "wh-one"], 40, "w1", acked, failures)),
               threading.Thread(target=write, args=(nodes[1], ["wh-shared", "wh-two"], 40, "w2", acked, failures))]
    for writer in writers:
        writer.start()
    for writer in writers:
        writer.join(timeout=120)
    assert not failures, failures
    # Every version from 1 to a board's highest acknowledged one was committed, by one writer.
    heads = {board: max(version for name, version in acked if name == board) for board in boards}
    assert len(set(acked)) == 80 and sum(heads.values()) == 80, acked

    def all_delivered(r):
        seen = {(q["json"]["board"], q["json"]["version"]) for q in r.delivered()}
        return all((board, version) in seen for board, head in heads.items() for version in range(1, head + 1))

    assert receiver.wait_until(all_delivered, timeout=90), "not every op was delivered"
    assert receiver.wait_until(
        lambda r: all(node.metrics().get("boardsync_webhook_pending") == 0 for node in nodes), timeout=30)
    keys = [(q["json"]["board"], q["json"]["version"]) for q in receiver.requests]
    assert len(keys) == len(set(keys)) == 80, f"{len(keys)} requests for {len(set(keys))} deliveries"
    for board in boards:
        versions = [version for name, version in keys if name == board]
        assert versions == sorted(versions), f"{board} out of order: {versions}"
    assert all(receiver.signature_is_valid(q) for q in receiver.requests)
    senders = {node.host: node.metrics().get("boardsync_webhook_delivered_total", 0) for node in nodes}
    assert sum(senders.values()) == 80, senders


def failures_of(node):
    """The node's failed webhook attempts, all statuses together."""
    with urllib.request.urlopen(f"http://{node.host}:{node.port}/metrics", timeout=10) as response:
        lines = response.read().decode().splitlines()
    return sum(float(line.split(" ")[1]) for line in lines if line.startswith("boardsync_webhook_failures_total{"))


def test_a_killed_nodes_lanes_are_taken_over_once_their_lease_lapses(webhook_cluster):
    receiver, nodes = webhook_cluster
    answering = {"ok": False}
    receiver.answer = lambda request, attempt: (200, 0) if answering["ok"] else (503, 0)
    create_board(nodes[0], "wh-takeover")
    versions = [post_op(nodes[0], "wh-takeover", "taker", seq, seq - 1, f"t-{seq}") for seq in range(1, 11)]
    assert versions == list(range(1, 11))
    assert receiver.wait_until(lambda r: any(failures_of(node) > 0 for node in nodes), timeout=30)
    holder = next(node for node in nodes if failures_of(node) > 0)
    other = next(node for node in nodes if node is not holder)
    sent_before = other.metrics().get("boardsync_webhook_delivered_total", 0)
    holder.kill()
    answering["ok"] = True

    def delivered(r):
        return {q["json"]["version"] for q in r.delivered() if q["json"]["board"] == "wh-takeover"}

    assert receiver.wait_until(lambda r: delivered(r) == set(versions), timeout=90), delivered(receiver)
    arrivals = [q["json"]["version"] for q in receiver.requests if q["json"]["board"] == "wh-takeover"]
    assert arrivals == sorted(arrivals), arrivals
    # The receiver records a request before the sender has read its answer and counted it.
    assert receiver.wait_until(
        lambda r: other.metrics().get("boardsync_webhook_delivered_total", 0) - sent_before == 10, timeout=10
    ), other.metrics().get("boardsync_webhook_delivered_total", 0) - sent_before
    holder.start()
