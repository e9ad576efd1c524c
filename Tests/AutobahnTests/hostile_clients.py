"""A thousand hostile WebSocket clients, as one process beside the test that runs it.

usage: hostile_clients.py PORT PATH COUNT

Opens COUNT connections to ws://127.0.0.1:PORT/PATH (those that will send a message after their
close say hello first, so that board-server would act on it), prints `ready`, waits for a line
on standard input, then sends every connection its one malformed frame from the Autobahn cases
at once, answers the server's close frames as a client following RFC 6455 would (at a lower
priority, so as not to compete with the server), and reads until every connection has ended or
10 s have passed. Prints one JSON object: for each kind of frame
the close codes received, how the connections ended, and the slowest end.
"""

import collections
import json
import os
import resource
import selectors
import sys
import time

import wire
from wire import close_frame, frame

KINDS = {
    # name: (bytes, the close code the server must answer with)
    "reserved bit": (frame(1, b"Hello, world!", rsv=4), 1002),
    "reserved opcode": (frame(3), 1002),
    "reserved control opcode": (frame(11), 1002),
    "ping over 125 bytes": (frame(9, b"\xfe" * 126), 1002),
    "close over 125 bytes": (close_frame(1000, b"*" * 124), 1002),
    "continuation of nothing": (frame(0, b"fragment"), 1002),
    "fragmented ping": (frame(9, b"ping", fin=False), 1002),
    "text inside a fragmented text": (frame(1, b"one", fin=False) + frame(1, b"two"), 1002),
    "length with its top bit": (bytes([0x81, 0xFF, 0x80, 0, 0, 0, 0, 0, 0, 1]) + b"\0\0\0\0x", 1002),
    "close with a 1-byte body": (frame(8, b"a"), 1002),
    "close code 5000": (frame(8, b"\x13\x88"), 1002),
    "close reason not UTF-8": (frame(8, b"\x03\xe8\xed\xa0\x80"), 1007),
    "binary message": (frame(2, b"\x00\x01\x02"), 1003),
    "text not UTF-8": (frame(1, b"\xce\xba\xed\xa0\x80"), 1007),
    "text above the limit": (frame(1, b"*" * 70000), 1009),
}
SUBMIT_AFTER_CLOSE = "submit after its close"


def late_submit(number):
    submit = {"type": "submit", "seq": 1, "base": 0,
              "op": {"kind": "insert", "item": {"id": f"hostile-{number}", "label": "Hostile"},
                     "to": {"section": "main", "index": 0}}}
    return close_frame(1000) + frame(1, json.dumps(submit).encode())


def main():
    port, path, count = int(sys.argv[1]), sys.argv[2], int(sys.argv[3])
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, count + 256)), hard))
    names = list(KINDS) + [SUBMIT_AFTER_CLOSE]
    clients = []
    for number in range(count):
        name = names[number % len(names)]
        connection = wire.connect(port, path)
        if name == SUBMIT_AFTER_CLOSE:
            hello = {"type": "hello", "client": f"hostile-{number}", "user": "hostile"}
            connection.send(frame(1, json.dumps(hello).encode()))
            connection.read_until(lambda c: c.messages(), 10)
            connection.frames.clear()
            payload, code = late_submit(number), 1000
        else:
            payload, code = KINDS[name]
        clients.append((name, code, payload, connection))
    print("ready", flush=True)
    sys.stdin.readline()

    selector = selectors.DefaultSelector()
    started = time.monotonic()
    for _, _, payload, connection in clients:
        connection.send(payload)
        connection.sock.setblocking(False)
        selector.register(connection.sock, selectors.EVENT_READ, connection)
    sent = time.monotonic() - started
    # Reading the answers is this process's own work, not the load under test: it yields to the
    # server and the editing client.
    os.nice(10)
    open_connections = len(clients)
    deadline = started + 10
    while open_connections and time.monotonic() < deadline:
        for key, _ in selector.select(timeout=0.1):
            connection = key.data
            try:
                chunk = connection.sock.recv(65536)
            except BlockingIOError:
                continue
            except ConnectionResetError:
                chunk, connection.ending = b"", "reset"
            if chunk:
                had_close = connection.close_received_at is not None
                connection.buffer += chunk
                connection.parse()
                if not had_close and connection.close_received_at is not None:
                    try:
                        connection.sock.send(close_frame(connection.close_code() or 1000))
                    except OSError:
                        pass
                continue
            connection.ending = connection.ending or "eof"
            connection.ended_at = time.monotonic()
            selector.unregister(connection.sock)
            connection.close()
            open_connections -= 1

    outcome = collections.defaultdict(lambda: {"expected": None, "codes": collections.Counter(),
                                               "endings": collections.Counter(), "slowest_end": 0.0})
    for name, code, _, connection in clients:
        entry = outcome[name]
        entry["expected"] = code
        entry["codes"][str(connection.close_code())] += 1
        entry["endings"][connection.ending or "still open"] += 1
        if connection.ended_at is not None:
            entry["slowest_end"] = max(entry["slowest_end"], round(connection.ended_at - started, 3))
    print(json.dumps({"connections": len(clients), "seconds_to_send": round(sent, 3), "kinds": outcome}))


if __name__ == "__main__":
    main()
