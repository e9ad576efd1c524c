"""Reads GET /boards/BOARD/export of a board-server with Python's own HTTP and CSV readers.

Usage: export_client.py ws://HOST:PORT BOARD
Fills BOARD over the protocol (Python's `websockets`) with labels that CSV must quote, then
prints one JSON line with what the export endpoint answered; exits non-zero on an unexpected
failure.
"""

import asyncio
import csv
import io
import json
import sys
import urllib.error
import urllib.request

import websockets

LABELS = ["plain", "comma, inside", 'a "quoted" word', "emoji 👍🏽 and é", "=1+2", " spaced "]


async def fill(url):
    async with websockets.connect(url, subprotocols=["boardsync.v1"]) as ws:
        await ws.send(json.dumps({"type": "hello", "client": "py-export", "user": "py"}))
        while json.loads(await asyncio.wait_for(ws.recv(), timeout=5))["type"] != "welcome":
            pass
        ops = [{"kind": "insertSection", "section": {"id": "later", "title": "Later, maybe"}, "index": 1},
               {"kind": "insertSection", "section": {"id": "empty", "title": "Empty"}, "index": 2}]
        for n, label in enumerate(LABELS):
            section = "main" if n % 2 == 0 else "later"
            ops.append({"kind": "insert", "item": {"id": f"t{n}", "label": label},
                        "to": {"section": section, "index": n // 2}})
        await ws.send(json.dumps({"type": "submit", "seq": 1, "base": 0, "ops": ops}))
        while True:
            message = json.loads(await asyncio.wait_for(ws.recv(), timeout=5))
            if message["type"] in ("ack", "error"):
                return message["type"]


def get(base, path):
    try:
        with urllib.request.urlopen(base + path, timeout=5) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def main(server, board):
    result = {"ok": False}
    result["filled"] = asyncio.run(fill(f"{server}/boards/{board}"))
    base = server.replace("ws://", "http://", 1)

    status, headers, body = get(base, f"/boards/{board}/export?format=json")
    result["json_status"] = status
    result["json_type"] = headers.get("Content-Type")
    result["json_disposition"] = headers.get("Content-Disposition")
    exported = json.loads(body.decode("utf-8"))
    result["json_format"] = exported.get("format")
    result["json_sections"] = [[s["title"]] + [i["label"] for i in s["items"]] for s in exported["sections"]]
    _, _, snapshot = get(base, f"/boards/{board}")
    snapshot = json.loads(snapshot)
    result["json_is_snapshot"] = {k: v for k, v in exported.items() if k != "format"} == snapshot

    status, headers, body = get(base, f"/boards/{board}/export?format=csv")
    result["csv_status"] = status
    result["csv_type"] = headers.get("Content-Type")
    result["csv_disposition"] = headers.get("Content-Disposition")
    result["csv_crlf"] = body.count(b"\r\n") == body.count(b"\n")
    rows = list(csv.reader(io.StringIO(body.decode("utf-8"), newline="")))
    result["csv_rows"] = rows
    expected = [[s["title"], i["id"], i["label"]] for s in snapshot["sections"] for i in s["items"]]
    result["csv_matches_snapshot"] = rows[1:] == expected

    result["missing_status"] = get(base, "/boards/nowhere-at-all/export?format=csv")[0]
    result["missing_then"] = get(base, "/boards/nowhere-at-all")[0]
    status, headers, body = get(base, f"/boards/{board}/export?format=xml")
    result["bad_format_status"] = status
    result["bad_format_body"] = json.loads(body)
    result["no_format_status"] = get(base, f"/boards/{board}/export")[0]
    result["ok"] = True
    print(json.dumps(result))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
