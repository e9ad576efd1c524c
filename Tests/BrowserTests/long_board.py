"""A long board built over the protocol, for the page's tests and its benchmark: sections `s0`,
`s1`, ... of tiles `iS-N` labelled "Tile S.N", in place of the demo board's one section."""

import asyncio
import json
import threading

import websockets


async def build_board(port, board, sections, per_section):
    """Builds `board` on the server at `port` with one op per submit; answers its version."""
    async with websockets.connect(f"ws://127.0.0.1:{port}/boards/{board}", subprotocols=["boardsync.v1"]) as socket:
        await socket.send(json.dumps({"type": "hello", "client": "builder", "user": "builder"}))
        version = json.loads(await socket.recv())["board"]["version"]
        seq = 0

        async def submit(op):
            nonlocal seq, version
            seq += 1
            await socket.send(json.dumps({"type": "submit", "seq": seq, "base": version, "op": op}))
            while True:
                message = json.loads(await socket.recv())
                if message["type"] == "ack":
                    version = message["version"]
                    return
                if message["type"] == "error":
                    raise RuntimeError(message)

        await submit({"kind": "deleteSection", "section": "main", "from": 0})
        for s in range(sections):
            await submit({"kind": "insertSection", "section": {"id": f"s{s}", "title": f"Section {s}"}, "index": s})
            for i in range(per_section):
                await submit({"kind": "insert", "item": {"id": f"i{s}-{i}", "label": f"Tile {s}.{i}"},
                              "to": {"section": f"s{s}", "index": i}})
        return version


def built_board(port, board, sections, per_section):
    """`build_board` on a thread of its own (Playwright's sync API holds the calling thread's
    event loop); answers the board's version."""
    result = {}
    worker = threading.Thread(
        target=lambda: result.update(version=asyncio.run(build_board(port, board, sections, per_section))))
    worker.start()
    worker.join(timeout=300)
    return result["version"]
