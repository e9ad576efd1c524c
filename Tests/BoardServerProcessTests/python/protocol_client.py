"""Speaks boardsync.v1 to a board-server with the independent `websockets` library.

Usage: protocol_client.py ws://HOST:PORT/boards/NAME
Prints one JSON line with what was observed; exits non-zero on an unexpected failure.
"""

import asyncio
import json
import sys

import websockets


async def next_of(ws, kind, predicate=lambda m: True):
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), timeout=5))
        if message.get("type") == kind and predicate(message):
            return message


async def main(url):
    result = {"ok": False}
    async with websockets.connect(url, subprotocols=["boardsync.v1"]) as alice, websockets.connect(
        url, subprotocols=["boardsync.v1"]
    ) as bob:
        result["subprotocol"] = alice.subprotocol
        await alice.send(json.dumps({"type": "hello", "client": "py-alice", "user": "alice"}))
        welcome = await next_of(alice, "welcome")
        result["welcome_version"] = welcome["board"]["version"]
        await bob.send(json.dumps({"type": "hello", "client": "py-bob", "user": "bob"}))
        await next_of(bob, "welcome")
        await next_of(alice, "presence", lambda m: m["action"] == "join" and m["client"] == "py-bob")

        insert = {"kind": "insert", "item": {"id": "py-1", "label": "from python"},
                  "to": {"section": "main", "index": 0}}
        await alice.send(json.dumps({"type": "submit", "seq": 1, "base": 0, "op": insert}))
        ack = await next_of(alice, "ack")
        result["ack_version"] = ack["version"]
        seen = await next_of(bob, "op")
        result["peer_saw_op"] = seen["version"] == 1 and seen["op"] == insert and seen["client"] == "py-alice"

        await bob.send(json.dumps({"type": "drag", "action": "begin", "item": "py-1"}))
        mine = await next_of(bob, "drag")
        theirs = await next_of(alice, "drag")
        result["drag_begin_seen_by_both"] = (
            mine["action"] == "begin" and theirs["action"] == "begin" and theirs["client"] == "py-bob"
        )
        await bob.send(json.dumps({"type": "drag", "action": "cancel", "item": "py-1"}))
        await next_of(alice, "drag", lambda m: m["action"] == "cancel")

        await alice.send("this is not json")
        error = await next_of(alice, "error")
        result["error_code"] = error["code"]
        second = {"kind": "insert", "item": {"id": "py-2", "label": "still open"},
                  "to": {"section": "main", "index": 1}}
        await alice.send(json.dumps({"type": "submit", "seq": 2, "base": 1, "op": second}))
        result["after_error_ack_version"] = (await next_of(alice, "ack"))["version"]
        result["ok"] = True
    print(json.dumps(result))


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
