"""Writing over HTTP (protocol 1.2 section 12): `POST /boards/BOARD/ops` submits like a
WebSocket submit of the body's client, answers the ack or the error as JSON with the status the
protocol gives it, never commits the same client and seq twice and never creates a board."""

import json
import time
import urllib.error
import urllib.request

import jwt
from websockets.sync.client import connect

from conftest import receive_type

SECRET = b"a-shared-secret-of-at-least-thirty-two-bytes"


def post(server, board, body, token=None, content_type="application/json"):
    """(status, parsed JSON or raw text) of a POST made with urllib."""
    data = body if isinstance(body, bytes) else json.dumps(body).encode()
    request = urllib.request.Request(f"http://127.0.0.1:{server.port}/boards/{board}/ops", data=data, method="POST")
    if content_type:
        request.add_header("Content-Type", content_type)
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        text = error.read()
        try:
            return error.code, json.loads(text)
        except ValueError:
            return error.code, text.decode()


def insert(item, index=0, section="todo"):
    return {"kind": "insert", "item": {"id": item, "label": f"label {item}"}, "to": {"section": section, "index": index}}


def test_a_write_over_http_is_acknowledged_seen_by_others_and_never_committed_twice(tmp_path, start_server):
    server = start_server("--demo")
    watcher = connect(f"ws://127.0.0.1:{server.port}/boards/demo", subprotocols=["boardsync.v1"])
    watcher.send(json.dumps({"type": "hello", "client": "watcher", "user": "Watcher"}))
    base = receive_type(watcher, "welcome")["board"]["version"]
    body = {"client": "ci-job", "user": "CI", "seq": 1, "base": base, "op": insert("from-ci")}
    status, ack = post(server, "demo", body)
    assert status == 200, ack
    assert (ack["type"], ack["seq"], ack["version"]) == ("ack", 1, base + 1)
    seen = receive_type(watcher, "op")
    assert (seen["version"], seen["client"], seen["user"]) == (base + 1, "ci-job", "CI")
    again_status, again = post(server, "demo", body)
    assert again_status == 200 and again.get("duplicate") is True and again["version"] == base + 1
    group = {"client": "ci-job", "user": "CI", "seq": 2, "base": base + 1,
             "ops": [insert("g1"), insert("g2", index=1)]}
    status, group_ack = post(server, "demo", group)
    assert status == 200, group_ack
    status, snapshot = server.request("GET", "/boards/demo")
    items = [item["id"] for section in json.loads(snapshot)["sections"] for item in section["items"]]
    assert items.count("from-ci") == 1 and "g1" in items and "g2" in items
    assert json.loads(snapshot)["version"] == base + 3


def test_each_refusal_has_its_status_and_no_board_is_created(tmp_path, start_server):
    server = start_server("--demo", "--max-items", "14")
    status, board = server.request("GET", "/boards/demo")
    version = json.loads(board)["version"]
    ok = {"client": "c", "user": "u", "seq": 1, "base": version, "op": insert("x")}
    assert post(server, "demo", ok, content_type="text/plain")[0] == 415
    assert post(server, "demo", ok, content_type=None)[0] == 415
    status, refusal = post(server, "demo", b"{not json")
    assert status == 422 and refusal["code"] == "bad_message"
    status, refusal = post(server, "demo", {**ok, "op": {"kind": "delete", "item": "missing",
                                                         "from": {"section": "todo", "index": 0}}})
    assert status == 422 and refusal["code"] == "bad_op" and refusal["seq"] == 1
    status, refusal = post(server, "demo", {**ok, "base": version + 5})
    assert status == 409 and refusal["code"] == "stale"
    status, refusal = post(server, "demo", {**ok, "client": "not a valid id"})
    assert status == 422 and refusal["code"] == "bad_message"
    big = {**ok, "op": insert("y" * 10), "padding": "z" * 70_000}
    assert post(server, "demo", big)[0] == 413
    many = {**ok, "ops": [insert(f"m{index}", index=index) for index in range(5)]}
    del many["op"]
    status, refusal = post(server, "demo", many)
    assert status == 429 and refusal["code"] == "limit"
    assert post(server, "no-such-board", ok)[0] == 404
    assert server.request("GET", "/boards/no-such-board")[0] == 404
    assert post(server, "demo", ok)[0] == 200


def test_tokens_decide_and_a_signed_name_wins_over_the_body(tmp_path, start_server):
    key = tmp_path / "jwt.secret"
    key.write_bytes(SECRET)
    server = start_server("--demo", "--jwt-key", str(key))

    def token(role, boards=("*",)):
        return jwt.encode({"sub": "bot", "name": "Release Bot", "role": role, "boards": list(boards),
                           "exp": int(time.time()) + 300}, SECRET, algorithm="HS256")

    status, board = server.request("GET", "/boards/demo", headers={"Authorization": f"Bearer {token('viewer')}"})
    version = json.loads(board)["version"]
    body = {"client": "bot-1", "user": "Someone Else", "seq": 1, "base": version, "op": insert("bot")}
    assert post(server, "demo", body)[0] == 401
    assert post(server, "demo", body, token="not-a-token")[0] == 401
    assert post(server, "demo", body, token=token("editor", ["team-*"]))[0] == 403
    status, refusal = post(server, "demo", body, token=token("viewer"))
    assert status == 403 and refusal["code"] == "forbidden"
    status, ack = post(server, "demo", body, token=token("editor"))
    assert status == 200, ack
    status, history = server.request("GET", "/boards/demo/history?limit=1",
                                     headers={"Authorization": f"Bearer {token('viewer')}"})
    assert json.loads(history)["ops"][0]["user"] == "Release Bot"
