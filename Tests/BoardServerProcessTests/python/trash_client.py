"""The trash of protocol section 11 against a board-server, with the independent `websockets`
library and `http.client`: delete, 4410 on open connections, the trash listing, restore, bad
names, foreign origins, and the purge of old trash.

Usage: trash_client.py HOST PORT scenario   (scenario: trash | purge)
Prints one JSON line with what was observed; exits non-zero on an unexpected failure.
"""

import asyncio
import http.client
import json
import sys
import time

import websockets


def request(host, port, method, path, headers=None):
    connection = http.client.HTTPConnection(host, port, timeout=10)
    connection.request(method, path, headers=headers or {})
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response.status, body


def get_json(host, port, path):
    status, body = request(host, port, "GET", path)
    return status, (json.loads(body) if status == 200 else None)


async def next_of(ws, kind):
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), timeout=5))
        if message.get("type") == kind:
            return message


async def close_code(ws):
    """The close code the server ends `ws` with, reading whatever comes before it."""
    try:
        while True:
            await asyncio.wait_for(ws.recv(), timeout=5)
    except websockets.ConnectionClosed as closed:
        return closed.rcvd.code if closed.rcvd else None


async def joined(url, client):
    ws = await websockets.connect(url, subprotocols=["boardsync.v1"])
    await ws.send(json.dumps({"type": "hello", "client": client, "user": client}))
    welcome = await next_of(ws, "welcome")
    return ws, welcome


async def trash(host, port):
    result = {}
    base = f"ws://{host}:{port}/boards/"
    alice, welcome = await joined(base + "trashy", "py-alice")
    bob, _ = await joined(base + "trashy", "py-bob")
    insert = {"kind": "insert", "item": {"id": "t-1", "label": "kept in the trash"},
              "to": {"section": welcome["board"]["sections"][0]["id"], "index": 0}}
    await alice.send(json.dumps({"type": "submit", "seq": 1, "base": welcome["board"]["version"], "op": insert}))
    result["ack_version"] = (await next_of(alice, "ack"))["version"]
    await next_of(bob, "op")

    status, _ = request(host, port, "DELETE", "/boards/trashy", {"Origin": "http://evil.example"})
    result["foreign_origin_delete"] = status
    result["still_there_after_foreign_delete"] = request(host, port, "GET", "/boards/trashy")[0]

    status, _ = request(host, port, "DELETE", "/boards/trashy", {"Origin": f"http://{host}:{port}"})
    result["delete"] = status
    result["close_codes"] = sorted([await close_code(alice), await close_code(bob)])
    result["get_after_delete"] = request(host, port, "GET", "/boards/trashy")[0]
    result["listed_after_delete"] = [b["id"] for b in get_json(host, port, "/boards")[1]["boards"]]
    _, listing = get_json(host, port, "/boards?trash=1")
    result["trash"] = [{k: v for k, v in entry.items() if k != "deleted"} for entry in listing["trash"]]
    first_deleted = listing["trash"][0]["deleted"]
    result["deleted_is_a_time"] = first_deleted.endswith("Z") and "T" in first_deleted

    # The name is free: a new board of that name starts from version 0.
    carol, fresh = await joined(base + "trashy", "py-carol")
    result["new_board_version"] = fresh["board"]["version"]
    result["new_board_items"] = sum(len(s["items"]) for s in fresh["board"]["sections"])
    result["delete_second"] = request(host, port, "DELETE", "/boards/trashy")[0]
    result["carol_close"] = await close_code(carol)
    _, listing = get_json(host, port, "/boards?trash=1")
    result["trash_entries_of_name"] = len([e for e in listing["trash"] if e["id"] == "trashy"])

    query = "?deleted=" + first_deleted
    result["restore"] = request(host, port, "POST", "/boards/trashy/restore" + query)[0]
    _, board = get_json(host, port, "/boards/trashy")
    result["restored_version"] = board["version"]
    result["restored_labels"] = [i["label"] for s in board["sections"] for i in s["items"]]
    result["restore_other_name_taken"] = request(host, port, "POST", "/boards/trashy/restore")[0]
    result["restore_bad_time"] = request(host, port, "POST", "/boards/trashy/restore?deleted=yesterday")[0]
    result["delete_missing"] = request(host, port, "DELETE", "/boards/never-was")[0]
    result["restore_missing"] = request(host, port, "POST", "/boards/never-was/restore")[0]
    result["restore_foreign_origin"] = request(
        host, port, "POST", "/boards/trashy/restore", {"Origin": "https://evil.example"})[0]

    dave, welcome = await joined(base + "trashy", "py-dave")
    result["rejoined_version"] = welcome["board"]["version"]
    await dave.close()

    try:
        await websockets.connect(base + "trashy", subprotocols=["boardsync.v1"], origin="http://evil.example")
        result["foreign_origin_upgrade"] = 101
    except websockets.InvalidStatusCode as refused:
        result["foreign_origin_upgrade"] = refused.status_code
    own = await websockets.connect(base + "trashy", subprotocols=["boardsync.v1"], origin=f"http://{host}:{port}")
    result["own_origin_upgrade"] = 101
    await own.close()

    status, body = request(host, port, "GET", "/b/not%20a%20name")
    result["bad_name_page"] = status
    result["bad_name_page_says"] = "not a space" in body.decode() and 'href="/"' in body.decode()
    status, _ = request(host, port, "GET", "/b/" + "x" * 65)
    result["long_name_page"] = status
    result["boards_at_end"] = [b["id"] for b in get_json(host, port, "/boards")[1]["boards"]]
    return result


async def purge(host, port):
    """The server runs with a trash of a few seconds: a deleted board leaves the trash by itself."""
    result = {}
    ws, _ = await joined(f"ws://{host}:{port}/boards/brief", "py-brief")
    await ws.close()
    result["delete"] = request(host, port, "DELETE", "/boards/brief")[0]
    result["listed_at_once"] = [e["id"] for e in get_json(host, port, "/boards?trash=1")[1]["trash"]]
    deadline = time.monotonic() + 30
    remaining = result["listed_at_once"]
    while remaining and time.monotonic() < deadline:
        await asyncio.sleep(0.1)
        remaining = [e["id"] for e in get_json(host, port, "/boards?trash=1")[1]["trash"]]
    result["listed_later"] = remaining
    result["restore_after_purge"] = request(host, port, "POST", "/boards/brief/restore")[0]
    return result


def main():
    host, port, scenario = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    run = {"trash": trash, "purge": purge}[scenario]
    result = asyncio.run(run(host, port))
    result["ok"] = True
    print(json.dumps(result))


if __name__ == "__main__":
    main()
