"""Webhooks (protocol 1.2 section 12) checked from outside: board-server started as a process
with --webhook pointing at a receiver on loopback (Python's http.server), which fails, times
out and answers slowly as each test says; ops committed over HTTP, the deliveries checked for
order, signatures, stable delivery ids, durability across kill -9, groups and giving up."""

import json
import subprocess
import time
import urllib.request

from websockets.sync.client import connect

from conftest import BIN, receive_type
from webhook_receiver import Receiver

SECRET = b"webhook-secret-for-the-tests"


def webhook_flags(tmp_path, receiver, *extra):
    secret = tmp_path / "webhook-secret"
    secret.write_bytes(SECRET + b"\n")
    return ("--webhook", receiver.url, "--webhook-secret", str(secret), "--webhook-retry-base-ms", "50", *extra)


def create_board(server, board):
    """Creates `board` by saying hello on it; answers its version."""
    with connect(f"ws://127.0.0.1:{server.port}/boards/{board}", subprotocols=["boardsync.v1"]) as socket:
        socket.send(json.dumps({"type": "hello", "client": f"maker-{board}", "user": "Maker"}))
        return receive_type(socket, "welcome")["board"]["version"]


def insert(item, index=0):
    return {"kind": "insert", "item": {"id": item, "label": f"label {item}"}, "to": {"section": "main", "index": index}}


def post_ops(server, board, client, seq, base, ops):
    """Submits one op (or a group of several) over HTTP; answers the ack."""
    body = {"client": client, "user": "Writer", "seq": seq, "base": base}
    if len(ops) == 1:
        body["op"] = ops[0]
    else:
        body["ops"] = ops
    request = urllib.request.Request(f"http://127.0.0.1:{server.port}/boards/{board}/ops",
                                     data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=20) as response:
        assert response.status == 200
        return json.loads(response.read())


def write_ops(server, board, count, client="writer"):
    """Commits `count` single ops on `board`; answers the versions acknowledged."""
    version = create_board(server, board)
    versions = []
    for seq in range(1, count + 1):
        ack = post_ops(server, board, client, seq, version, [insert(f"{board}-{seq}")])
        version = ack["version"]
        versions.append(version)
    return versions


def delivered_versions(receiver, board):
    return [request["json"]["version"] for request in receiver.delivered() if request["json"]["board"] == board]


def metrics(server):
    status, text = server.request("GET", "/metrics")
    assert status == 200
    return text.decode()


def test_every_op_arrives_in_order_signed_with_a_stable_id_through_failures_and_timeouts(tmp_path, start_server):
    def answer(request, attempt):
        version = request["json"]["version"]
        if attempt == 1 and version % 3 == 0:
            return 500, 0
        if attempt == 1 and version % 7 == 0:
            return 200, 2.0  # beyond --webhook-timeout: the server tries again
        if version % 5 == 0:
            return 200, 0.2
        return 200, 0

    receiver = Receiver(SECRET, answer)
    try:
        server = start_server(*webhook_flags(tmp_path, receiver, "--webhook-timeout", "0.5"))
        boards = {"left": write_ops(server, "left", 25), "right": write_ops(server, "right", 25)}
        assert receiver.wait_until(
            lambda r: all(set(versions) <= set(delivered_versions(r, board)) for board, versions in boards.items())
        ), f"delivered: {[(q['json']['board'], q['json']['version'], q.get('status')) for q in receiver.requests]}"
        for board, versions in boards.items():
            arrivals = [request["json"]["version"] for request in receiver.requests if request["json"]["board"] == board]
            assert arrivals == sorted(arrivals), f"{board} out of order: {arrivals}"
            assert set(arrivals) == set(versions)
        assert all(receiver.signature_is_valid(request) for request in receiver.requests)
        ids = {}
        for request in receiver.requests:
            body = request["json"]
            assert request["headers"]["content-type"] == "application/json"
            assert request["path"] == "/hooks/boards"
            assert (body["client"], body["user"], body["op"]["kind"]) == ("writer", "Writer", "insert")
            assert body["at"].endswith("Z") and "T" in body["at"]
            ids.setdefault((body["board"], body["version"]), set()).add(request["headers"]["x-board-delivery"])
        assert all(len(seen) == 1 for seen in ids.values()), "a retry changed X-Board-Delivery"
        assert len({next(iter(seen)) for seen in ids.values()}) == len(ids), "two deliveries share an id"
        retried = [key for key in ids if sum(1 for r in receiver.requests
                                             if (r["json"]["board"], r["json"]["version"]) == key) > 1]
        assert retried, "no delivery was retried"
        text = metrics(server)
        assert 'boardsync_webhook_failures_total{status="500"}' in text
        assert 'boardsync_webhook_failures_total{status="timeout"}' in text
        assert "Writer" not in text
    finally:
        receiver.close()


def test_acknowledged_ops_are_delivered_after_the_server_is_killed(tmp_path, start_server):
    open_for_business = {"ready": False}
    receiver = Receiver(SECRET, lambda request, attempt: (200, 0) if open_for_business["ready"] else (503, 0))
    try:
        server = start_server(*webhook_flags(tmp_path, receiver))
        versions = write_ops(server, "durable", 30)
        server.kill()
        assert not delivered_versions(receiver, "durable")
        open_for_business["ready"] = True
        server.start()
        assert receiver.wait_until(lambda r: set(versions) <= set(delivered_versions(r, "durable"))), \
            f"delivered after the restart: {delivered_versions(receiver, 'durable')}"
        arrivals = [request["json"]["version"] for request in receiver.requests]
        assert arrivals == sorted(arrivals)
    finally:
        receiver.close()


def test_deliveries_share_kept_connections_and_one_dropped_unanswered_is_sent_again_at_once(tmp_path, start_server):
    dropped = []

    def answer(request, attempt):
        if not dropped and request["on_connection"] >= 1:
            dropped.append(request["headers"]["x-board-delivery"])
            return (None, 0)
        return (200, 0)

    receiver = Receiver(SECRET, answer, keep_alive=True)
    try:
        server = start_server(*webhook_flags(tmp_path, receiver))
        versions = write_ops(server, "kept", 20)
        assert receiver.wait_until(lambda r: delivered_versions(r, "kept") == versions)
        assert len(dropped) == 1
        again = [request for request in receiver.requests if request["headers"]["x-board-delivery"] == dropped[0]]
        assert [request.get("status") for request in again] == [None, 200]
        assert again[1]["connection"] != again[0]["connection"]
        # Sent again within the same attempt: no failure was counted and no backoff waited for.
        assert "boardsync_webhook_failures_total{" not in metrics(server)
        # Four workers, each keeping one connection, and the one that replaced the dropped one.
        assert len(receiver.requests) == 21 and receiver.connections <= 5
    finally:
        receiver.close()


def test_a_group_arrives_as_one_delivery(tmp_path, start_server):
    receiver = Receiver(SECRET)
    try:
        server = start_server(*webhook_flags(tmp_path, receiver))
        base = create_board(server, "grouped")
        ack = post_ops(server, "grouped", "grouper", 1, base, [insert("a"), insert("b", 1), insert("c", 2)])
        assert ack["version"] == base + 3
        single = post_ops(server, "grouped", "grouper", 2, ack["version"], [insert("d")])
        assert receiver.wait_until(lambda r: single["version"] in delivered_versions(r, "grouped"))
        group, alone = receiver.delivered()
        assert group["json"]["version"] == base + 1
        assert group["json"]["group"] == {"first": base + 1, "count": 3}
        assert [op["item"]["id"] for op in group["json"]["ops"]] == ["a", "b", "c"]
        assert "op" not in group["json"]
        assert alone["json"]["version"] == base + 4 and "group" not in alone["json"] and "ops" not in alone["json"]
        assert len(receiver.requests) == 2
    finally:
        receiver.close()


def test_a_delivery_failing_past_its_retry_window_is_given_up_once_and_counted(tmp_path, start_server):
    receiver = Receiver(SECRET, lambda request, attempt: (500, 0))
    try:
        server = start_server(*webhook_flags(tmp_path, receiver, "--webhook-retry-hours", "0.0003"))
        write_ops(server, "hopeless", 2)

        def given_up(count):
            return f"boardsync_webhook_given_up_total {count}\n" in metrics(server)

        assert receiver.wait_until(lambda r: given_up(2), timeout=30), metrics(server)
        assert server.wait_for_log(lambda text: text.count("webhook delivery given up") == 2)
        text = metrics(server)
        assert "boardsync_webhook_pending 0\n" in text or receiver.wait_until(
            lambda r: "boardsync_webhook_pending 0\n" in metrics(server), timeout=10)
        assert 'boardsync_webhook_failures_total{status="500"}' in text
        versions = [request["json"]["version"] for request in receiver.requests]
        assert versions == sorted(versions) and versions[-1] == versions[0] + 1
        assert server.log_text().count("webhook delivery given up") == 2
    finally:
        receiver.close()


def test_webhook_options_that_cannot_work_are_refused(tmp_path):
    def run(*flags):
        return subprocess.run([str(BIN / "board-server"), "--port", "0", "--data", str(tmp_path / "b.sqlite"), *flags],
                              capture_output=True, text=True, timeout=20)

    missing = run("--webhook", "http://127.0.0.1:9/")
    assert missing.returncode == 2 and "--webhook-secret" in missing.stderr
    secure = run("--webhook", "ftp://example.com/")
    assert secure.returncode == 2 and "http:// URL" in secure.stderr
    (tmp_path / "empty").write_bytes(b"\n")
    empty = run("--webhook", "http://127.0.0.1:9/", "--webhook-secret", str(tmp_path / "empty"))
    assert empty.returncode == 1 and "empty" in empty.stderr


def eventually(predicate, timeout=30):
    """Checks `predicate` until it holds, every 50 ms, at most `timeout` seconds; answers whether it did."""
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def test_a_receiver_that_is_not_there_is_counted_as_refused_and_its_delivery_waits(tmp_path, start_server):
    receiver = Receiver(SECRET)
    closed_url = receiver.url
    receiver.close()
    secret = tmp_path / "webhook-secret"
    secret.write_bytes(SECRET)
    server = start_server("--webhook", closed_url, "--webhook-secret", str(secret), "--webhook-retry-base-ms", "50")
    write_ops(server, "nobody-home", 1)

    def waiting():
        text = metrics(server)
        age = [line for line in text.splitlines() if line.startswith("boardsync_webhook_oldest_pending_seconds ")]
        return ('boardsync_webhook_failures_total{status="refused"}' in text
                and "boardsync_webhook_pending 1\n" in text and age and float(age[0].split()[1]) > 0)

    assert eventually(waiting), metrics(server)
    assert "given up" not in server.log_text()
