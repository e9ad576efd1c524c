"""Verdicts on the Autobahn cases' results, a little stricter than the suite's own.

A case passes when kosoku's verdicts on its messages and on its closing handshake are both OK,
NON-STRICT or INFORMATIONAL, and also:

- every Close frame the server sent is one RFC 6455 allows (section 5.5.1: no 1-byte body, a
  code that may be sent, a reason in UTF-8); the suite does not look at the frames' bodies;
- where the case expects the server to fail the connection, the server sent a Close frame
  before closing it (section 7.1.7; the suite also passes a connection simply dropped).

A case that sent a message the protocol refuses (`protocol_answers.NotedMessages.refusal`), and
that kosoku does not pass as it is, passes when the server closed first with that code (or with
the code the case itself expects for an earlier violation) and cleanly, after answering only
messages sent before it.

A few cases are limits of libwebsockets 4.1.6 that the project cannot change (docs/PROTOCOL.md,
"RFC 6455 conformance"): when kosoku does not pass them as they are, they pass as LIBRARY LIMIT
only while the server behaves exactly as documented there.
"""

import re

ACCEPTED = ("OK", "NON-STRICT", "INFORMATIONAL")
SENDABLE_CODES = set(range(1000, 1004)) | set(range(1007, 1012)) | set(range(3000, 5000))


def ping_burst_limit(result, noted):
    """2.10 and 2.11: libwebsockets drops a ping that arrives while a pong is pending, so of a
    burst read at once only the pongs of pings that found none pending come back, the first
    always (when every ping came in a read of its own, every pong comes back and kosoku passes
    the case as it is)."""
    expected = [tuple(event) for event in result.expected.get("OK", [])]
    received = [tuple(event) for event in result.received or []]
    if not received or received[0] != expected[0]:
        return "the first ping was not answered"
    position = 0
    for event in received:
        while position < len(expected) and expected[position] != event:
            position += 1
        if position == len(expected):
            return f"the pongs {received} are not the pings' payloads in order"
        position += 1
    if result.behavior_close.value != "OK":
        return f"closing handshake {result.behavior_close.value}: {result.result_close}"
    return None


def extensions_header_limit(result, noted):
    """13.7.x: an offer of 255 bytes or more is refused with HTTP 400 instead of no answer (the
    body of the refusal is checked by test_rfc6455.py, kosoku keeps only the status line)."""
    if "got 400 Bad Request" not in (result.result or ""):
        return f"expected the HTTP 400 refusal, got: {result.result}"
    return None


LIBRARY_LIMITS = {
    r"2\.1[01]": ping_burst_limit,
    r"13\.7\.\d+": extensions_header_limit,
}


def wirelog_close_frames(result):
    """The bodies of the Close frames the server sent, from the wire log (when it was kept)."""
    bodies = []
    for entry in result.wirelog or []:
        if entry and entry[0] == "RF" and len(entry) > 2 and entry[2] == 8:
            length, shown = entry[1][0], entry[1][1]
            if isinstance(shown, str) and shown.startswith("0x"):
                body = bytes.fromhex(shown[2:].split(" ")[0])
            else:
                body = (shown or "").encode("utf-8")
            bodies.append((length, body))
    return bodies


def close_frame_problems(result):
    problems = []
    for length, body in wirelog_close_frames(result):
        if length == 1:
            problems.append("the server sent a Close frame with a 1-byte body")
        elif length >= 2:
            code = int.from_bytes(body[:2], "big")
            if code not in SENDABLE_CODES:
                problems.append(f"the server sent close code {code}, which may not be sent")
            try:
                body[2:].decode("utf-8")
            except UnicodeDecodeError:
                problems.append("the server's close reason is not UTF-8")
    return problems


def refusal_problems(result, noted):
    code, what = noted.refusal
    allowed = {code}
    expected_close = result.expected_close or {}
    if expected_close and not expected_close.get("closedByMe", True):
        allowed |= set(expected_close.get("closeCode", []))
    problems = []
    if result.remote_close_code not in allowed:
        problems.append(f"after {what} the server should have closed with {code}, "
                        f"it closed with {result.remote_close_code}")
    if result.closed_by_me:
        problems.append(f"after {what} the client closed first; the server should have")
    elif not result.was_clean:
        problems.append(f"the closing handshake after {what} was not clean: {result.was_not_clean_reason}")
    messages = [event for event in result.received or [] if event[0] == "message"]
    if len(messages) > noted.answerable_count:
        problems.append(f"the server answered {len(messages)} messages, more than were sent before {what}")
    return problems


def judge(result, noted):
    """(outcome, problems): outcome is one of ACCEPTED, REFUSED, LIBRARY LIMIT or FAILED."""
    behavior, behavior_close = result.behavior.value, result.behavior_close.value
    kosoku_accepts = behavior in ACCEPTED and behavior_close in ACCEPTED
    for pattern, check in LIBRARY_LIMITS.items():
        if re.fullmatch(pattern, result.case_id) and not kosoku_accepts:
            problem = check(result, noted)
            return ("FAILED", [problem]) if problem else ("LIBRARY LIMIT", [])
    problems = close_frame_problems(result)
    if noted is not None and noted.refusal is not None and not kosoku_accepts:
        problems += refusal_problems(result, noted)
        return ("FAILED", problems) if problems else ("REFUSED", [])
    if not kosoku_accepts:
        problems.append(f"{behavior} / {behavior_close}: {result.result} {result.result_close}")
    expected_close = result.expected_close or {}
    if expected_close and not expected_close.get("closedByMe", True) and result.remote_close_code is None:
        problems.append("the server ended the connection without a Close frame")
    if problems:
        return "FAILED", problems
    return behavior if behavior_close != "INFORMATIONAL" else "INFORMATIONAL", []
