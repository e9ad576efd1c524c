"""Checks board-server against promises of the protocol with the independent `websockets` library.

Usage: conformance_client.py CASE ws://HOST:PORT/boards/NAME
CASE is one of: submit-seqs, rate-limit, close-codes, unanswered-close, slow-consumer.
Prints one JSON line {"ok": ..., "failures": [...], ...}; exits non-zero on an unexpected failure.

Messages the library's public API would never send (invalid UTF-8 in a text frame, several frames in
one write) are framed with the library's own `Frame` and written to its transport.
"""

import asyncio
import base64
import json
import os
import socket
import struct
import sys
import time
import urllib.parse

import websockets
from websockets.frames import Frame, Opcode

TIMEOUT = 5
TOO_BIG = 9007199254740992  # 2^53, one above the largest protocol integer
INSERT = {"kind": "insert", "item": {"id": "n1", "label": "New"}, "to": {"section": "main", "index": 0}}


def connect(url, **options):
    return websockets.connect(url, subprotocols=["boardsync.v1"], max_size=None, **options)


async def next_message(ws, timeout=TIMEOUT):
    return json.loads(await asyncio.wait_for(ws.recv(), timeout=timeout))


async def answer(ws):
    """The next ack or error, skipping anything else."""
    while True:
        message = await next_message(ws)
        if message["type"] in ("ack", "error"):
            return message


async def joined(url, client, **options):
    ws = await connect(url, **options)
    await ws.send(json.dumps({"type": "hello", "client": client, "user": client[:32]}))
    while (await next_message(ws))["type"] != "welcome":
        pass
    return ws


async def joined_by(ws, client):
    """Waits until `client` has joined the board of `ws`."""
    while True:
        message = await next_message(ws)
        if message["type"] == "presence" and message["action"] == "join" and message["client"] == client:
            return


def write_frames(ws, frames):
    """Writes frames, framed by the library, in ONE write, so the server reads them in one turn."""
    ws.transport.write(b"".join(frame.serialize(mask=True) for frame in frames))


def text_frame(text):
    return Frame(Opcode.TEXT, text.encode())


def submit(seq, base=0, op=None, **fields):
    message = {"type": "submit", "seq": seq, "base": base, "op": INSERT if op is None else op}
    message.update(fields)
    return json.dumps(message)


def insert_at(index):
    return {"kind": "insert", "item": {"id": "n1", "label": "New"}, "to": {"section": "main", "index": index}}


def position(index=0):
    return {"section": "main", "index": index}


# Submits the server refuses although their seq can be read: (name, text for a seq, code).
REFUSED_SUBMITS = [
    ("base missing", lambda s: json.dumps({"type": "submit", "seq": s, "op": INSERT}), "bad_message"),
    ("base a string", lambda s: submit(s, base="0"), "bad_message"),
    ("base a float", lambda s: submit(s, base=1.5), "bad_message"),
    ("base negative", lambda s: submit(s, base=-1), "bad_message"),
    ("base above 2^53-1", lambda s: submit(s, base=TOO_BIG), "bad_message"),
    ("op missing", lambda s: json.dumps({"type": "submit", "seq": s, "base": 0}), "bad_message"),
    ("op a number", lambda s: submit(s, op=3), "bad_message"),
    ("op an array", lambda s: submit(s, op=[INSERT]), "bad_message"),
    ("op without kind", lambda s: submit(s, op={"item": {"id": "n1", "label": "x"}, "to": position()}),
     "bad_message"),
    ("unknown kind", lambda s: submit(s, op={"kind": "teleport", "item": "n1"}), "bad_message"),
    ("insert without to", lambda s: submit(s, op={"kind": "insert", "item": {"id": "n1", "label": "x"}}),
     "bad_message"),
    ("move without from", lambda s: submit(s, op={"kind": "move", "item": "n1", "to": position()}),
     "bad_message"),
    ("move without to", lambda s: submit(s, op={"kind": "move", "item": "n1", "from": position()}),
     "bad_message"),
    ("delete without from", lambda s: submit(s, op={"kind": "delete", "item": "n1"}), "bad_message"),
    ("insert item a string", lambda s: submit(s, op={"kind": "insert", "item": "n1", "to": position()}),
     "bad_message"),
    ("move item a number",
     lambda s: submit(s, op={"kind": "move", "item": 5, "from": position(), "to": position()}), "bad_message"),
    ("label a number", lambda s: submit(s, op={"kind": "update", "item": "n1", "label": 5}), "bad_message"),
    ("index a string", lambda s: submit(s, op=insert_at("0")), "bad_message"),
    ("index a float", lambda s: submit(s, op=insert_at(0.5)), "bad_message"),
    ("index negative", lambda s: submit(s, op=insert_at(-1)), "bad_message"),
    ("index above 2^53-1", lambda s: submit(s, op=insert_at(TOO_BIG)), "bad_message"),
    ("section index above 2^53-1",
     lambda s: submit(s, op={"kind": "moveSection", "section": "main", "from": TOO_BIG, "index": 0}),
     "bad_message"),
    ("label a lone surrogate", lambda s: submit(s, op={"kind": "update", "item": "n1", "label": "\ud800"}),
     "bad_message"),
    ("repeated key inside op",
     lambda s: '{"type":"submit","seq":%d,"base":0,"op":{"kind":"update","kind":"update","item":"n1",'
               '"label":"x"}}' % s, "bad_message"),
    ("new id off the id pattern",
     lambda s: submit(s, op={"kind": "insert", "item": {"id": "not an id", "label": "x"}, "to": position()}),
     "bad_op"),
    ("moved id off the id pattern",
     lambda s: submit(s, op={"kind": "move", "item": "not an id", "from": position(), "to": position()}),
     "bad_op"),
]

# Messages whose seq cannot be read: refused with bad_message and no seq.
UNREADABLE_SEQS = [
    ("not JSON", "this is not json"),
    ("truncated", submit(7)[:-5]),
    ("seq missing", json.dumps({"type": "submit", "base": 0, "op": INSERT})),
    ("seq zero", submit(0)),
    ("seq a string", submit("7")),
    ("seq a float", submit(7.5)),
    ("seq above 2^53-1", submit(TOO_BIG)),
    ("seq twice", '{"type":"submit","seq":7,"seq":8,"base":0,"op":%s}' % json.dumps(INSERT)),
]


async def case_submit_seqs(url):
    failures = []
    checked = []
    early = await connect(url)
    await early.send(submit(5))
    reply = await answer(early)
    if reply.get("code") != "bad_message" or reply.get("seq") != 5:
        failures.append(f"submit before hello: {reply}")
    checked.append("submit before hello")
    await early.close()

    ws = await joined(url, "py-seqs")
    for index, (name, make, code) in enumerate(REFUSED_SUBMITS):
        seq = 100 + index
        await ws.send(make(seq))
        reply = await answer(ws)
        if reply["type"] != "error" or reply["code"] != code or reply.get("seq") != seq:
            failures.append(f"{name}: expected {code} with seq {seq}, got {reply}")
        checked.append(name)
    for name, text in UNREADABLE_SEQS:
        await ws.send(text)
        reply = await answer(ws)
        if reply["type"] != "error" or reply["code"] != "bad_message" or "seq" in reply:
            failures.append(f"{name}: expected bad_message without seq, got {reply}")
        checked.append(name)
    await ws.send(submit(1))
    reply = await answer(ws)
    if reply != {"type": "ack", "seq": 1, "version": 1, "op": INSERT}:
        failures.append(f"no refused seq was consumed, yet seq 1 got {reply}")
    await ws.close()
    return {"failures": failures, "checked": checked}


async def case_rate_limit(url):
    """Run with --rate-burst 4 --rate-per-second 1: the hello and three messages fit the bucket."""
    failures = []
    ws = await joined(url, "py-rate")
    second = {"kind": "insert", "item": {"id": "n2", "label": "Two"}, "to": position()}
    write_frames(ws, [
        text_frame(submit(1)),
        text_frame(submit(2, op=second)),
        text_frame(json.dumps({"type": "submit", "seq": 3, "base": 0})),
        text_frame(submit(4, op=second)),
        text_frame(json.dumps({"type": "submit", "seq": 5, "base": 0})),
        text_frame(json.dumps({"type": "hello", "client": "py-rate", "user": "again"})),
        text_frame(json.dumps({"type": "drag", "action": "begin", "item": "nowhere"})),
    ])
    replies = [await answer(ws) for _ in range(7)]
    expected = [
        ({"type": "ack", "seq": 1, "version": 1, "op": INSERT}, "a submit within the bucket"),
        ({"type": "error", "code": "in_flight", "seq": 2}, "a submit within the bucket while one is unanswered"),
        ({"type": "error", "code": "bad_message", "seq": 3}, "a malformed submit within the bucket"),
        ({"type": "error", "code": "limit", "seq": 4}, "a submit beyond the bucket while one is unanswered"),
        ({"type": "error", "code": "limit", "seq": 5}, "a malformed submit beyond the bucket"),
        ({"type": "error", "code": "limit"}, "a second hello beyond the bucket"),
        ({"type": "error", "code": "limit"}, "a drag begin of an unknown item beyond the bucket"),
    ]
    for wanted, name in expected:
        found = next((r for r in replies if all(r.get(k) == v for k, v in wanted.items())
                      and ("seq" in wanted or "seq" not in r)), None)
        if found is None:
            failures.append(f"{name}: no {wanted} among {replies}")
        else:
            replies.remove(found)
    deadline = time.monotonic() + 6
    reply = None
    while time.monotonic() < deadline:
        await ws.send(json.dumps({"type": "submit", "seq": 6, "base": 1}))
        reply = await answer(ws)
        if reply.get("code") != "limit":
            break
    if reply is None or reply.get("code") != "bad_message" or reply.get("seq") != 6:
        failures.append(f"once a token is back a malformed submit is bad_message with its seq, got {reply}")
    await ws.close()
    return {"failures": failures}


async def expect_close(ws, send_while_closing, code, name, failures):
    """Sends, keeps sending while the server closes, and expects the server's close frame."""
    try:
        await send_while_closing(ws)
        await asyncio.wait_for(ws.wait_closed(), timeout=TIMEOUT)
    except websockets.ConnectionClosed:
        pass
    received = ws.close_rcvd.code if ws.close_rcvd else None
    if received != code:
        failures.append(f"{name}: expected the server's close {code}, the client saw {ws.close_code} "
                        f"(close frame received: {received})")
    return received


async def case_close_codes(url):
    failures = []
    observed = {}

    async def fragmented_beyond_the_limit(ws):
        head = '{"type":"submit","seq":9,"base":0,"pad":"'
        # 16 KB fragments, each under the 64 KiB limit; the limit is passed at the fifth.
        await ws.send([head] + ["x" * 16_000 for _ in range(40)] + ['"}'])

    async def binary_then_more(ws):
        await ws.send(b'{"type":"drag"}')
        for _ in range(40):
            await ws.send(json.dumps({"type": "drag", "action": "begin", "item": "x" * 16_000}))

    async def invalid_utf8_then_more(ws):
        write_frames(ws, [Frame(Opcode.TEXT, b'{"type":"drag","item":"\xff"}')])
        for _ in range(40):
            await ws.send(json.dumps({"type": "drag", "action": "begin", "item": "x" * 16_000}))

    for name, send, code in [
        ("fragmented message beyond the limit", fragmented_beyond_the_limit, 1009),
        ("binary message", binary_then_more, 1003),
        ("invalid UTF-8", invalid_utf8_then_more, 1007),
    ]:
        ws = await joined(url, "py-close-" + str(code))
        observed[name] = await expect_close(ws, send, code, name, failures)
    return {"failures": failures, "observed": observed}


def raw_connect(url, receive_buffer=None):
    """A plain socket that did the opening handshake of `url`."""
    parts = urllib.parse.urlsplit(url)
    sock = socket.socket()
    if receive_buffer:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
    sock.connect((parts.hostname, parts.port))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall((f"GET {parts.path} HTTP/1.1\r\nHost: {parts.netloc}\r\nUpgrade: websocket\r\n"
                  f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                  "Sec-WebSocket-Protocol: boardsync.v1\r\n\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = sock.recv(1)
        if not chunk:
            raise RuntimeError("closed during the handshake")
        head += chunk
    if not head.startswith(b"HTTP/1.1 101"):
        raise RuntimeError(f"handshake refused: {head!r}")
    return sock


def raw_send(sock, opcode, payload, fin=True):
    sock.sendall(Frame(opcode, payload, fin=fin).serialize(mask=True))


def read_from(sock, deadline, stop=lambda data: False):
    """The bytes the server sends until `stop` holds for them ("stopped"), it closes the TCP
    connection ("end" or "reset"), or the deadline passes ("timed out")."""
    data = b""
    sock.settimeout(0.2)
    while time.monotonic() < deadline:
        try:
            chunk = sock.recv(65536)
        except socket.timeout:
            continue
        except ConnectionResetError:
            return data, "reset"
        if not chunk:
            return data, "end"
        data += chunk
        if stop(data):
            return data, "stopped"
    return data, "timed out"


def ends_with_close_frame(data):
    frames, _ = split_frames(data)
    return bool(frames) and frames[-1][1] == Opcode.CLOSE


def split_frames(data):
    """The server's frames as (fin, opcode, payload), and what is wrong with the bytes, if anything."""
    frames, offset = [], 0
    while offset < len(data):
        if len(data) - offset < 2:
            return frames, f"{len(data) - offset} stray bytes at the end"
        first, second = data[offset], data[offset + 1]
        length, start = second & 0x7F, offset + 2
        if second & 0x80:
            return frames, f"a masked frame at byte {offset}"
        if first & 0x70:
            return frames, f"reserved bits set at byte {offset}"
        if length == 126:
            length, start = struct.unpack(">H", data[offset + 2:offset + 4])[0], offset + 4
        elif length == 127:
            length, start = struct.unpack(">Q", data[offset + 2:offset + 10])[0], offset + 10
        if start + length > len(data):
            return frames, f"a frame cut short at byte {offset} (opcode {first & 0x0F}, {length} bytes)"
        frames.append((bool(first & 0x80), first & 0x0F, data[start:start + length]))
        offset = start + length
    return frames, None


async def case_unanswered_close(url):
    """A client that never answers the close frame is dropped after the short drain, not at once."""
    failures = []
    sock = await asyncio.to_thread(raw_connect, url)
    raw_send(sock, Opcode.TEXT, json.dumps({"type": "hello", "client": "py-silent", "user": "silent"}).encode())
    raw_send(sock, Opcode.TEXT, b'{"type":"submit","pad":"', fin=False)
    for _ in range(5):
        raw_send(sock, Opcode.CONT, b"x" * 16_000, fin=False)
    data, ending = await asyncio.to_thread(read_from, sock, time.monotonic() + 10, ends_with_close_frame)
    close_seen_at = time.monotonic()
    if ending != "stopped":
        failures.append(f"no close frame arrived ({ending}): {data[-64:]!r}")
        return {"failures": failures}
    frames, _ = split_frames(data)
    code = struct.unpack(">H", frames[-1][2][:2])[0]
    if code != 1009:
        failures.append(f"close code {code}, expected 1009")
    # Keep sending (the rest of the message, as a client unaware of the close would); it is discarded.
    raw_send(sock, Opcode.CONT, b"x" * 16_000, fin=True)
    _, ending = await asyncio.to_thread(read_from, sock, close_seen_at + 10)
    dropped_after = time.monotonic() - close_seen_at
    if ending == "timed out" or not 0.5 <= dropped_after <= 2.0:
        failures.append(f"the unanswered connection ended ({ending}) {dropped_after:.2f} s after the close frame, "
                        "expected about 1 s")
    sock.close()
    return {"failures": failures, "dropped_after_seconds": round(dropped_after, 2)}


def check_ops(texts, name, failures, after_welcome=False):
    """Server messages in order (a welcome first unless it was read already), with ops without gaps."""
    messages = [json.loads(text) for text in texts]
    if not after_welcome:
        if not messages or messages[0]["type"] != "welcome":
            failures.append(f"{name}: the first message is not a welcome")
            return 0
        messages = messages[1:]
    versions = [m["version"] for m in messages if m["type"] == "op"]
    if versions and versions != list(range(versions[0], versions[0] + len(versions))):
        failures.append(f"{name}: ops out of order or with gaps: {versions}")
    return len(versions)


def read_raw_stream(sock, timeout):
    """Reads a raw client's stream to its end, answering the server's close frame with a close."""
    deadline = time.monotonic() + timeout
    data, ending = read_from(sock, deadline, stop=ends_with_close_frame)
    if ending != "stopped":
        return data, ending
    frames, _ = split_frames(data)
    raw_send(sock, Opcode.CLOSE, frames[-1][2][:2])
    rest, ending = read_from(sock, deadline)
    return data + rest, "close frame, then " + ending


def check_raw_stream(data, name, failures):
    """Complete unfragmented text frames with the messages in order, then at most one close frame,
    last; returns the close code (None without a close frame)."""
    frames, problem = split_frames(data)
    if problem:
        failures.append(f"{name}: {problem}")
    if any(not fin or opcode not in (Opcode.TEXT, Opcode.CLOSE) for fin, opcode, _ in frames):
        failures.append(f"{name}: a frame that is not one complete text frame")
    closes = [index for index, frame in enumerate(frames) if frame[1] == Opcode.CLOSE]
    if len(closes) > 1 or (closes and closes[0] != len(frames) - 1):
        failures.append(f"{name}: close frames at {closes} of {len(frames)} frames")
    check_ops([p.decode() for _, opcode, p in frames if opcode == Opcode.TEXT], name, failures)
    if not closes:
        return None
    payload = frames[closes[0]][2]
    return struct.unpack(">H", payload[:2])[0] if len(payload) >= 2 else None


def unsent_bytes(server_port, client_port):
    """What the server's socket of one connection holds unacknowledged (Linux: /proc/net/tcp)."""
    local, remote = f"0100007F:{server_port:04X}", f"0100007F:{client_port:04X}"
    with open("/proc/net/tcp") as table:
        for line in table.readlines()[1:]:
            fields = line.split()
            if fields[1] == local and fields[2] == remote:
                return int(fields[4].split(":")[0], 16)
    return None


async def case_slow_consumer(url):
    """Run with --max-queued-bytes 65536 --max-label 10000 and a generous rate limit.

    Two clients with small receive buffers never read while a third floods the board with large
    ops: a raw socket, which then reads the exact bytes the server sent, and a `websockets`
    client. Their sockets are full when the server gives up on them, which is where a close
    frame would land inside a partly written data frame, if the server wrote one there.

    The flood stops once the server's socket of each slow client has stopped taking bytes over
    three ops of 40 KB: by then their queues passed the 64 KiB cap, so the server has given up,
    and both start reading well within the 3 s it waits for a close frame to fit.
    """
    failures = []
    parts = urllib.parse.urlsplit(url)
    writer = await joined(url, "py-writer")
    await writer.send(submit(1, op={"kind": "insert", "item": {"id": "big", "label": "x"}, "to": position()}))
    version = (await answer(writer))["version"]
    raw = await asyncio.to_thread(raw_connect, url, 4096)
    raw_send(raw, Opcode.TEXT, json.dumps({"type": "hello", "client": "py-raw", "user": "raw"}).encode())
    await joined_by(writer, "py-raw")
    small = socket.socket()
    small.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    await asyncio.to_thread(small.connect, (parts.hostname, parts.port))
    library = await joined(url, "py-library", sock=small, max_queue=1, read_limit=4096, ping_interval=None)
    slow_ports = [raw.getsockname()[1], small.getsockname()[1]]

    label = "\U0001F600" * 9_990
    history = []
    started = time.monotonic()
    for seq in range(2, 400):
        op = {"kind": "update", "item": "big", "label": label + str(seq)}
        await writer.send(json.dumps({"type": "submit", "seq": seq, "base": version, "op": op}, ensure_ascii=False))
        reply = await answer(writer)
        if reply["type"] != "ack":
            failures.append(f"the flood was refused: {reply}")
            break
        version = reply["version"]
        history.append([unsent_bytes(parts.port, port) for port in slow_ports])
        if len(history) >= 4 and all(h == history[-1] for h in history[-4:]):
            break
    flood_seconds = time.monotonic() - started

    async def read_library():
        texts = []
        try:
            while True:
                texts.append(await asyncio.wait_for(library.recv(), timeout=TIMEOUT))
        except websockets.ConnectionClosed:
            pass
        return texts

    (data, ending), texts = await asyncio.gather(asyncio.to_thread(read_raw_stream, raw, 20), read_library())
    raw_code = check_raw_stream(data, "raw socket", failures)
    if raw_code != 1013:
        failures.append(f"raw socket: expected the close 1013 after complete frames, got {raw_code} ({ending})")
    library_ops = check_ops(texts, "websockets client", failures, after_welcome=True)
    library_code = library.close_rcvd.code if library.close_rcvd else None
    if library_code != 1013:
        failures.append(f"websockets client: expected the server's close 1013, saw {library.close_code}")
    raw.close()
    await writer.close()
    return {"failures": failures, "flood_ops": len(history), "flood_seconds": round(flood_seconds, 2),
            "server_socket_bytes": history[-1] if history else None, "raw_bytes": len(data),
            "raw_close_code": raw_code, "raw_ending": ending, "library_ops": library_ops,
            "library_close_code": library_code}


CASES = {
    "submit-seqs": case_submit_seqs,
    "rate-limit": case_rate_limit,
    "close-codes": case_close_codes,
    "unanswered-close": case_unanswered_close,
    "slow-consumer": case_slow_consumer,
}


async def main(case, url):
    result = await CASES[case](url)
    result["ok"] = not result["failures"]
    print(json.dumps(result))


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2]))
