"""A raw WebSocket client for the tests that need frames no library sends: masked frames built
byte by byte, the opening handshake by hand, and a reader that tells how and when the server
ended the connection."""

import base64
import os
import socket
import struct
import time


def frame(opcode, payload=b"", fin=True, rsv=0, length=None):
    """One masked client frame; `length` overrides the length field (for frames that lie)."""
    first = (0x80 if fin else 0) | (rsv << 4) | opcode
    size = len(payload) if length is None else length
    if size < 126:
        head = bytes([first, 0x80 | size])
    elif size < 65536:
        head = bytes([first, 0x80 | 126]) + struct.pack("!H", size)
    else:
        head = bytes([first, 0x80 | 127]) + struct.pack("!Q", size)
    key = os.urandom(4)
    return head + key + bytes(byte ^ key[index % 4] for index, byte in enumerate(payload))


def close_frame(code, reason=b""):
    return frame(8, struct.pack("!H", code) + reason)


def handshake(port, path="/", headers="", timeout=5.0):
    """Opens a connection and sends the opening handshake; answers (socket, status line,
    head, bytes after the head)."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    key = base64.b64encode(os.urandom(16)).decode()
    request = (f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
               f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n{headers}\r\n")
    sock.sendall(request.encode())
    received = b""
    while b"\r\n\r\n" not in received:
        chunk = sock.recv(65536)
        if not chunk:
            break
        received += chunk
    head, _, rest = received.partition(b"\r\n\r\n")
    status = head.split(b"\r\n", 1)[0].decode(errors="replace")
    return sock, status, head.decode(errors="replace"), rest


def read_all(sock, timeout):
    """Everything the server still sends until it closes the connection."""
    received, deadline = b"", time.monotonic() + timeout
    while time.monotonic() < deadline:
        sock.settimeout(max(0.01, deadline - time.monotonic()))
        try:
            chunk = sock.recv(65536)
        except (socket.timeout, ConnectionResetError):
            break
        if not chunk:
            break
        received += chunk
    return received


def connect(port, path="/"):
    sock, status, head, rest = handshake(port, path)
    if not status.startswith("HTTP/1.1 101"):
        raise AssertionError(f"the upgrade was refused: {head!r}")
    return Connection(sock, rest)


class Connection:
    """An open connection; `frames` collects (opcode, payload) as they arrive."""

    def __init__(self, sock, buffered=b""):
        self.sock = sock
        self.buffer = buffered
        self.frames = []
        self.close_received_at = None
        self.ended_at = None
        self.ending = None  # "eof" (FIN), "reset", or None while open

    def send(self, *frames):
        self.sock.sendall(b"".join(frames))

    def send_bytewise(self, data):
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        for byte in data:
            self.sock.sendall(bytes([byte]))
            time.sleep(0.001)

    def parse(self):
        while len(self.buffer) >= 2:
            opcode, size, offset = self.buffer[0] & 0x0F, self.buffer[1] & 0x7F, 2
            if size == 126:
                if len(self.buffer) < 4:
                    return
                size, offset = struct.unpack("!H", self.buffer[2:4])[0], 4
            elif size == 127:
                if len(self.buffer) < 10:
                    return
                size, offset = struct.unpack("!Q", self.buffer[2:10])[0], 10
            if len(self.buffer) < offset + size:
                return
            self.frames.append((opcode, self.buffer[offset:offset + size]))
            self.buffer = self.buffer[offset + size:]
            if opcode == 8 and self.close_received_at is None:
                self.close_received_at = time.monotonic()

    def read_until(self, done, timeout):
        """Reads until `done(self)` holds, the connection ends, or `timeout` seconds pass."""
        deadline = time.monotonic() + timeout
        while not done(self) and self.ending is None:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return
            self.sock.settimeout(remaining)
            try:
                chunk = self.sock.recv(65536)
            except socket.timeout:
                return
            except ConnectionResetError:
                self.ending, self.ended_at = "reset", time.monotonic()
                return
            if not chunk:
                self.ending, self.ended_at = "eof", time.monotonic()
                return
            self.buffer += chunk
            self.parse()

    def read_to_end(self, timeout, answer_close=True):
        """Reads until the server ends the connection, answering its close frame like a client
        following RFC 6455 (unless told not to)."""
        self.read_until(lambda c: c.close_received_at is not None, timeout)
        if answer_close and self.close_received_at is not None and self.ending is None:
            try:
                self.send(close_frame(self.close_code() or 1000))
            except OSError:
                pass
        self.read_until(lambda c: False, timeout)

    def close_code(self):
        for opcode, payload in self.frames:
            if opcode == 8:
                return struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else None
        return None

    def messages(self):
        return [payload for opcode, payload in self.frames if opcode in (1, 2)]

    def pongs(self):
        return [payload for opcode, payload in self.frames if opcode == 10]

    def close(self):
        self.sock.close()
