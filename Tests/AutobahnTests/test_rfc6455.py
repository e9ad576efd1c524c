"""What RFC 6455 requires and the Autobahn cases do not measure, checked with raw frames on both
servers: the Close frame the server sends on every protocol error and how soon it then closes
the TCP connection (sections 7.1.1 and 7.1.7), the bodies of Close frames it refuses to echo
(5.5.1, 7.4), nothing processed after the client's Close (1.4, 5.5.1), pongs (5.5.3), and the
opening handshake with a long extensions header (4.2.2)."""

import concurrent.futures
import json
import time

import pytest

import wire
from wire import close_frame, frame

# How long the server may keep the TCP connection after a close it started (docs/PROTOCOL.md).
CLOSE_WITHIN = 2.0

# Frames the Autobahn cases use to break the framing rules, each failed with 1002.
FRAMING_ERRORS = {
    "ping with a 126-byte payload (2.5)": frame(9, b"\xfe" * 126),
    "close with a 126-byte payload (7.3.6)": close_frame(1000, b"*" * 124),
    "reserved bit (3.1)": frame(1, b"Hello, world!", rsv=4),
    "reserved opcode 3 (4.1.1)": frame(3),
    "reserved control opcode 11 (4.2.1)": frame(11),
    "continuation with nothing to continue (5.9)": frame(0, b"fragment", fin=True),
    "fragmented ping (5.1)": frame(9, b"fragment1", fin=False),
    "a new text message inside a fragmented one (5.18)": frame(1, b"one", fin=False) + frame(1, b"two"),
    "64-bit length with its top bit set": bytes([0x81, 0xFF, 0x80, 0, 0, 0, 0, 0, 0, 1]) + b"\0\0\0\0x",
}


def hello(connection, client):
    connection.send(frame(1, json.dumps({"type": "hello", "client": client, "user": "wire"}).encode()))
    connection.read_until(lambda c: c.messages(), 5)
    assert connection.messages() and json.loads(connection.messages()[0])["type"] == "welcome"


def framing_error_ending(port, path, name, bytewise):
    """Sends one framing error on a connection of its own; answers what went wrong, if anything."""
    connection = wire.connect(port, path)
    sent_at = time.monotonic()
    if bytewise:
        connection.send_bytewise(FRAMING_ERRORS[name])
    else:
        connection.send(FRAMING_ERRORS[name])
    connection.read_to_end(timeout=5)
    connection.close()
    if connection.close_code() != 1002:
        return f"{name}: no 1002 close frame; frames {connection.frames}, ending {connection.ending}"
    if connection.ending != "eof":
        return f"{name}: the connection ended with {connection.ending}, not the server's FIN"
    if connection.ended_at - sent_at > CLOSE_WITHIN + 0.5:
        return f"{name}: closed {connection.ended_at - sent_at:.2f} s after the error"
    return None


@pytest.mark.parametrize("bytewise", [False, True], ids=["one write", "byte by byte"])
def test_every_framing_error_ends_with_a_1002_close_frame_and_a_prompt_tcp_close(server, bytewise):
    listening, path = server
    with concurrent.futures.ThreadPoolExecutor(len(FRAMING_ERRORS)) as pool:
        problems = list(pool.map(lambda name: framing_error_ending(listening.port, path, name, bytewise),
                                 FRAMING_ERRORS))
    assert [problem for problem in problems if problem] == []


def test_a_client_that_never_answers_the_close_is_disconnected_within_two_seconds(server):
    listening, path = server
    connection = wire.connect(listening.port, path)
    connection.send(frame(1, b"x", rsv=2))
    connection.read_to_end(timeout=5, answer_close=False)
    assert connection.close_code() == 1002
    assert connection.ending == "eof"
    assert connection.ended_at - connection.close_received_at <= CLOSE_WITHIN


@pytest.mark.parametrize("message, code", [(frame(2, b"\x00\x01"), 1003), (frame(1, b"\xce\xba\xed\xa0\x80"), 1007),
                                           (frame(1, b"*" * 65537), 1009)],
                         ids=["binary", "invalid UTF-8", "above the size limit"])
def test_a_close_the_transport_starts_ends_the_tcp_connection_within_two_seconds(server, message, code):
    listening, path = server
    for answer_close in (True, False):
        connection = wire.connect(listening.port, path)
        connection.send(message)
        connection.read_to_end(timeout=5, answer_close=answer_close)
        assert connection.close_code() == code
        assert connection.ending == "eof"
        assert connection.ended_at - connection.close_received_at <= CLOSE_WITHIN


@pytest.mark.parametrize("body, code", [(b"a", 1002), (b"\x13\x88", 1002), (b"\xff\xff", 1002), (b"\x03\xec", 1002),
                                        (b"\x03\xe8\xce\xba\xed\xa0\x80edited", 1007)],
                         ids=["1-byte body (7.3.2)", "code 5000 (7.13.1)", "code 65535 (7.13.2)",
                              "reserved code 1004 (7.9.3)", "reason not UTF-8 (7.5.1)"])
def test_a_close_frame_rfc6455_forbids_is_failed_instead_of_echoed(server, body, code):
    listening, path = server
    connection = wire.connect(listening.port, path)
    connection.send(frame(8, body))
    connection.read_to_end(timeout=5, answer_close=False)
    assert connection.close_code() == code, connection.frames
    closes = [payload for opcode, payload in connection.frames if opcode == 8]
    assert len(closes) == 1
    closes[0][2:].decode("utf-8")  # the server's own reason is UTF-8
    assert connection.ending == "eof" and connection.ended_at - connection.close_received_at < 0.5


def test_a_valid_close_is_echoed_and_the_server_closes_the_tcp_connection_first(server):
    listening, path = server
    connection = wire.connect(listening.port, path)
    connection.send(close_frame(1000, "bye".encode()))
    connection.read_to_end(timeout=5, answer_close=False)
    assert [payload for opcode, payload in connection.frames if opcode == 8] == [b"\x03\xe8bye"]
    assert connection.ending == "eof" and connection.ended_at - connection.close_received_at < 0.5


def test_nothing_the_echo_client_sends_after_its_close_is_answered(echo_server):
    for _ in range(20):
        connection = wire.connect(echo_server.port)
        connection.send(frame(1, b"before"), close_frame(1000), frame(1, b"after the close"))
        connection.read_to_end(timeout=5, answer_close=False)
        assert connection.messages() == [b"before"]
        assert connection.close_code() == 1000


def test_a_submit_after_the_clients_close_is_never_committed(board_server):
    board = "after-close"
    submit = {"type": "submit", "seq": 1, "base": 0,
              "op": {"kind": "insert", "item": {"id": "late", "label": "Late"}, "to": {"section": "main", "index": 0}}}
    for attempt in range(22):
        connection = wire.connect(board_server.port, f"/boards/{board}")
        hello(connection, f"closer-{attempt}")
        connection.send(close_frame(1000), frame(1, json.dumps(submit).encode()))
        connection.read_to_end(timeout=5, answer_close=False)
        assert connection.close_code() == 1000
    assert board_server.snapshot(board)["version"] == 0
    # The same submit without the close before it is committed: the check above can fail.
    connection = wire.connect(board_server.port, f"/boards/{board}")
    hello(connection, "control")
    connection.send(frame(1, json.dumps(submit).encode()))
    connection.read_until(lambda c: any(json.loads(m)["type"] == "ack" for m in c.messages()), 5)
    assert board_server.snapshot(board)["version"] == 1


def test_a_ping_is_answered_with_its_payload(server):
    listening, path = server
    connection = wire.connect(listening.port, path)
    connection.send(frame(9, b"are you there"))
    connection.read_until(lambda c: c.pongs(), 5)
    assert connection.pongs() == [b"are you there"]


def test_the_pong_of_a_ping_inside_a_fragmented_message_goes_before_the_messages_answer(server):
    listening, path = server
    connection = wire.connect(listening.port, path)
    connection.send(frame(1, b"fragment1", fin=False), frame(9, b"ping payload"), frame(0, b"fragment2"))
    connection.read_until(lambda c: c.pongs() and c.messages(), 5)
    kinds = [opcode for opcode, _ in connection.frames]
    assert kinds[:2] == [10, 1], connection.frames


def test_of_a_burst_of_pings_the_first_is_answered_as_documented(server):
    """The documented limit of libwebsockets 4.1.6 (docs/PROTOCOL.md): a ping that arrives while
    the pong of an earlier one waits is dropped, so of ten pings in one write only the first is
    answered. Should the library ever answer more, this fails and the documentation goes."""
    listening, path = server
    connection = wire.connect(listening.port, path)
    connection.send(*(frame(9, b"payload-%d" % number) for number in range(10)))
    connection.read_until(lambda c: len(c.pongs()) == 10, 1)
    assert connection.pongs() == [b"payload-0"]
    connection.send(frame(9, b"later"))
    connection.read_until(lambda c: b"later" in c.pongs(), 5)
    assert connection.pongs()[-1] == b"later"


def test_an_extensions_header_the_library_cannot_read_is_refused_with_an_http_answer(server):
    listening, path = server
    long_header = "x-extension-" + "a" * (255 - len("x-extension-"))
    sock, status, head, body = wire.handshake(listening.port, path, f"Sec-WebSocket-Extensions: {long_header}\r\n")
    body += wire.read_all(sock, timeout=5)
    sock.close()
    assert status == "HTTP/1.1 400 Bad Request", head
    assert b"The Sec-WebSocket-Extensions header is too long" in body
    offers = ("permessage-deflate; client_max_window_bits, " * 6)[:254]
    sock, status, head, _ = wire.handshake(listening.port, path, f"Sec-WebSocket-Extensions: {offers}\r\n")
    sock.close()
    assert status.startswith("HTTP/1.1 101"), head
