"""The Autobahn TestSuite's cases, adapted to a server that answers as the board protocol does.

The suite's fuzzing client expects an echo server. The project's transport refuses what the
protocol refuses (a binary message with 1003, a message above the size limit with 1009), and
board-server answers text that is not protocol JSON with a `bad_message` error instead of an
echo. Each case class is wrapped so that it runs unchanged while the answers are read as the
protocol defines them:

- every data message a case sends is noted, from its frames, on the way to the wire;
- in "protocol" mode a `bad_message` error answering a noted text message is handed to the case
  as the echo of that message, so the case's own checks (and its closing handshake) go on;
- the first binary message, or text beyond the limit, is recorded as a refusal the server must
  answer with its close code (judged in `verdicts.py`).
"""

import collections
import json

import kosoku.cases


class NotedMessages:
    """The data messages a case sent, reassembled from its frames."""

    def __init__(self, limit):
        self.limit = limit
        self.partial = None  # [binary, bytearray] while a fragmented message is open
        self.answerable = collections.deque()  # text messages the server answers, in order
        self.answerable_count = 0  # how many were noted in all
        self.refusal = None  # (close code, description) of the first refused message

    def frame(self, opcode, payload, fin, payload_len=None):
        data = as_bytes(payload)
        if payload_len is not None and data:
            data = (data * (payload_len // len(data) + 1))[:payload_len]
        if opcode in (1, 2):
            self.partial = [opcode == 2, bytearray(data)]
        elif opcode == 0 and self.partial is not None:
            self.partial[1] += data
        else:
            return
        self.check_partial()
        if fin:
            self.complete()

    def begin(self, binary):
        self.partial = [binary, bytearray()]
        self.check_partial()

    def data(self, payload):
        if self.partial is not None:
            self.partial[1] += as_bytes(payload)
            self.check_partial()

    def complete(self):
        if self.partial is None:
            return
        binary, data = self.partial
        self.partial = None
        if self.refusal is None and not binary and len(data) <= self.limit:
            self.answerable.append(bytes(data))
            self.answerable_count += 1

    def check_partial(self):
        if self.refusal is not None or self.partial is None:
            return
        binary, data = self.partial
        if binary:
            self.refusal = (1003, "a binary message")
        elif len(data) > self.limit:
            self.refusal = (1009, f"a text message above {self.limit} bytes")


def as_bytes(payload):
    if payload is None:
        return b""
    if isinstance(payload, str):
        return payload.encode("utf-8")
    return bytes(payload)


class NotingProtocol:
    """A case's protocol object with every data message it sends noted on the way."""

    def __init__(self, protocol, noted):
        object.__setattr__(self, "_protocol", protocol)
        object.__setattr__(self, "_noted", noted)

    def __getattr__(self, name):
        return getattr(self._protocol, name)

    def __setattr__(self, name, value):
        setattr(self._protocol, name, value)

    def sendFrame(self, *args, **kwargs):
        names = ("opcode", "payload", "fin")
        given = dict(zip(names, args), **{k: v for k, v in kwargs.items() if k in names})
        self._noted.frame(given.get("opcode"), given.get("payload", b""), given.get("fin", True),
                          kwargs.get("payload_len"))
        return self._protocol.sendFrame(*args, **kwargs)

    def sendMessage(self, payload, isBinary=False, *args, **kwargs):
        binary = kwargs.get("isBinary", isBinary)
        self._noted.begin(binary)
        self._noted.data(payload)
        self._noted.complete()
        return self._protocol.sendMessage(payload, isBinary, *args, **kwargs)

    def beginMessage(self, isBinary=False, *args, **kwargs):
        self._noted.begin(kwargs.get("isBinary", isBinary))
        return self._protocol.beginMessage(isBinary, *args, **kwargs)

    def sendMessageFrameData(self, payload, *args, **kwargs):
        self._noted.data(payload)
        return self._protocol.sendMessageFrameData(payload, *args, **kwargs)

    def endMessage(self, *args, **kwargs):
        self._noted.complete()
        return self._protocol.endMessage(*args, **kwargs)


def is_bad_message_error(text):
    try:
        message = json.loads(text)
    except ValueError:
        return False
    return isinstance(message, dict) and message.get("type") == "error" and message.get("code") == "bad_message"


def adapt_cases(mode, limit):
    """Wraps every case class of kosoku's index; returns {case id: NotedMessages} filled as the
    cases run. `mode` is "echo" (text comes back as sent) or "protocol" (text is answered with
    a bad_message error)."""
    noted_by_case = {}

    def wrap(case_id, base):
        def __init__(self, protocol):
            noted = NotedMessages(limit)
            noted_by_case[case_id] = noted
            self._noted = noted
            base.__init__(self, NotingProtocol(protocol, noted))

        def onMessage(self, msg, binary):
            answered = self._noted.answerable
            if not binary and answered:
                if mode == "echo":
                    answered.popleft()
                elif is_bad_message_error(msg):
                    msg = answered.popleft().decode("utf-8")
            return base.onMessage(self, msg, binary)

        return type(base.__name__, (base,), {"__init__": __init__, "onMessage": onMessage})

    for case_id, base in list(kosoku.cases.CASES.items()):
        kosoku.cases.CASES[case_id] = wrap(case_id, base)
    return noted_by_case

