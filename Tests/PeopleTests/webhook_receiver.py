"""A webhook receiver on loopback for the tests: Python's http.server, recording every request
it gets (its headers, its body and when it came) and answering as the test's `answer` says."""

import hashlib
import hmac
import http.server
import json
import threading
import time


class Receiver:
    """Records requests; `answer(request, attempt)` gives (status, delay in seconds) for each,
    where `attempt` counts the requests with the same X-Board-Delivery so far (1 for the first);
    a status of None closes the connection without an answer. With `keep_alive` the receiver
    answers in HTTP/1.1 and keeps connections open; each request records the number of its
    connection (`connection`) and how many requests came on it before (`on_connection`)."""

    def __init__(self, secret, answer=lambda request, attempt: (200, 0), keep_alive=False):
        self.secret = secret
        self.answer = answer
        self.requests = []
        self.connections = 0
        self.condition = threading.Condition()
        receiver = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1" if keep_alive else "HTTP/1.0"

            def setup(self):
                super().setup()
                with receiver.condition:
                    receiver.connections += 1
                    self.connection_number = receiver.connections
                self.served = 0

            def do_POST(self):
                length = int(self.headers.get("Content-Length", "0"))
                body = self.rfile.read(length)
                request = {"headers": {key.lower(): value for key, value in self.headers.items()},
                           "body": body, "json": json.loads(body), "path": self.path,
                           "connection": self.connection_number, "on_connection": self.served}
                self.served += 1
                with receiver.condition:
                    delivery = request["headers"].get("x-board-delivery")
                    attempt = 1 + sum(1 for seen in receiver.requests
                                      if seen["headers"].get("x-board-delivery") == delivery)
                    request["attempt"] = attempt
                    receiver.requests.append(request)
                status, delay = receiver.answer(request, attempt)
                if delay:
                    time.sleep(delay)
                if status is None:
                    self.close_connection = True
                    return
                request["status"] = status
                try:
                    self.send_response(status)
                    self.send_header("Content-Length", "2")
                    self.end_headers()
                    self.wfile.write(b"ok")
                except (BrokenPipeError, ConnectionResetError):
                    pass
                with receiver.condition:
                    request["answered"] = True
                    receiver.condition.notify_all()

            def log_message(self, *arguments):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}/hooks/boards"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def signature_is_valid(self, request):
        expected = "sha256=" + hmac.new(self.secret, request["body"], hashlib.sha256).hexdigest()
        return hmac.compare_digest(expected, request["headers"].get("x-board-signature", ""))

    def delivered(self):
        """The requests answered with a 2xx status, in the order they came."""
        with self.condition:
            return [request for request in self.requests
                    if request.get("answered") and 200 <= request.get("status", 0) < 300]

    def wait_until(self, predicate, timeout=60):
        """Waits until `predicate(self)` holds, at most `timeout` seconds; answers whether it did."""
        deadline = time.monotonic() + timeout
        with self.condition:
            while not predicate(self):
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return False
                self.condition.wait(min(remaining, 0.5))
            return True

    def close(self):
        self.server.shutdown()
        self.server.server_close()
