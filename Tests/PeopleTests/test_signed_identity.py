"""Signed identity (protocol 1.2 section 12): JSON Web Tokens verified with the configured
algorithm only, their claims checked, the token's name the connection's user everywhere, and
expiry closing a live connection with 4401."""

import json
import subprocess
import time

import jwt
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519, rsa
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from conftest import BIN, receive_type

HS_SECRET = b"a-shared-secret-of-at-least-thirty-two-bytes"


class Signer:
    """A key pair (or secret) of one algorithm: writes the server's key file, signs tokens."""

    def __init__(self, algorithm, directory):
        self.algorithm = algorithm
        self.key_path = directory / f"jwt-{algorithm}.key"
        if algorithm == "HS256":
            self.private = HS_SECRET
            self.key_path.write_bytes(HS_SECRET + b"\n")
        else:
            self.private = ed25519.Ed25519PrivateKey.generate() if algorithm == "EdDSA" \
                else ec.generate_private_key(ec.SECP256R1())
            self.key_path.write_bytes(self.private.public_key().public_bytes(
                serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo))

    def token(self, lifetime=300, **claims):
        now = int(time.time())
        body = {"sub": "u-1", "name": "Ada", "role": "editor", "boards": ["team-*"], "exp": now + lifetime}
        body.update(claims)
        for name in [key for key, value in body.items() if value is None]:
            del body[name]
        return jwt.encode(body, self.private, algorithm=self.algorithm)


def upgrade_status(url):
    try:
        with connect(url, subprotocols=["boardsync.v1"], open_timeout=10):
            return 101
    except InvalidStatus as refusal:
        return refusal.response.status_code


def joined(url, client, user):
    """A connection that said hello, and its welcome. Tests leave their connections to the
    server's stop: websockets' synchronous client reads the server's close frame only after
    every message before it was received."""
    socket = connect(url, subprotocols=["boardsync.v1"], open_timeout=10)
    socket.send(json.dumps({"type": "hello", "client": client, "user": user}))
    return socket, receive_type(socket, "welcome")


@pytest.mark.parametrize("algorithm", ["HS256", "EdDSA", "ES256"])
def test_a_signed_token_names_the_user_whatever_the_hello_says(algorithm, tmp_path, start_server):
    signer = Signer(algorithm, tmp_path)
    server = start_server("--jwt-key", str(signer.key_path))
    ada, welcome = joined(server.url("team-a", signer.token()), "c-ada", "Mallory")
    assert welcome["you"]["user"] == "Ada"
    assert welcome["you"]["role"] == "editor"
    viewer, viewer_welcome = joined(server.url("team-a", signer.token(sub="u-2", name=None, role=None)), "c-v", "Ada")
    assert viewer_welcome["you"] == {"client": "c-v", "user": "u-2", "role": "viewer"}
    assert receive_type(ada, "presence")["user"] == "u-2"

    insert = {"kind": "insert", "item": {"id": "i1", "label": "signed"}, "to": {"section": "main", "index": 0}}
    ada.send(json.dumps({"type": "submit", "seq": 1, "base": 0, "op": insert}))
    assert receive_type(ada, "ack")["version"] == 1
    seen = receive_type(viewer, "op")
    assert (seen["user"], seen["client"]) == ("Ada", "c-ada")
    ada.send(json.dumps({"type": "drag", "action": "begin", "item": "i1"}))
    assert receive_type(viewer, "drag")["user"] == "Ada"
    status, body = server.request("GET", "/boards/team-a/history", headers={"Authorization": f"Bearer {signer.token()}"})
    assert status == 200, body
    assert [entry["user"] for entry in json.loads(body)["ops"]] == ["Ada"]


@pytest.mark.parametrize("algorithm", ["HS256", "EdDSA", "ES256"])
def test_every_refusal_is_401_with_the_reason_in_the_log_only(algorithm, tmp_path, start_server):
    signer = Signer(algorithm, tmp_path)
    server = start_server("--jwt-key", str(signer.key_path), "--jwt-audience", "boards")
    now = int(time.time())
    other = Signer("EdDSA" if algorithm != "EdDSA" else "ES256", tmp_path / "..")
    header, payload, signature = signer.token(aud="boards").split(".")
    forged = signature[:-4] + ("AAAA" if not signature.endswith("AAAA") else "BBBB")
    unsigned = jwt.encode({"sub": "u", "boards": ["*"], "exp": now + 60, "aud": "boards"}, None, algorithm="none")
    refusals = {
        "signed with another algorithm": other.token(aud="boards"),
        "alg none": unsigned,
        "no exp": signer.token(aud="boards", exp=None),
        "expired beyond the skew": signer.token(aud="boards", exp=now - 120),
        "not valid yet beyond the skew": signer.token(aud="boards", nbf=now + 120),
        "wrong audience": signer.token(aud="someone-else"),
        "no audience": signer.token(),
        "bad signature": f"{header}.{payload}.{forged}",
        "no boards": signer.token(aud="boards", boards=None),
        "not base64url": f"{header}.{payload}!.{signature}",
    }
    for case, token in refusals.items():
        assert upgrade_status(server.url("team-a", token)) == 401, case
        status, body = server.request("GET", "/boards/team-a", headers={"Authorization": f"Bearer {token}"})
        assert status == 401, case
        assert b"token" in body and b"exp" not in body and b"signature" not in body, case
    log = server.log_text()
    for reason in ["is signed with", "never accepted", "has no exp", "expired", "not valid yet", "aud",
                   "does not verify", "boards"]:
        assert reason in log, reason
    assert upgrade_status(server.url("team-a", signer.token(aud="boards", nbf=now + 30, exp=now - 30))) == 101
    assert upgrade_status(server.url("team-a", signer.token(aud=["x", "boards"]))) == 101
    assert upgrade_status(server.url("other", signer.token(aud="boards"))) == 403


def test_a_signed_token_expiring_closes_its_live_connection_with_4401(tmp_path, start_server):
    signer = Signer("EdDSA", tmp_path)
    server = start_server("--jwt-key", str(signer.key_path))
    # Expired 57 s ago: still inside the 60 s of allowed skew, so it is admitted and ends in 3 s.
    socket, _ = joined(server.url("team-a", signer.token(lifetime=-57)), "c-1", "Ada")
    keeper, _ = joined(server.url("team-a", signer.token()), "c-2", "Bea")
    deadline = time.monotonic() + 20
    with pytest.raises(ConnectionClosed) as closed:
        while time.monotonic() < deadline:
            socket.recv(timeout=deadline - time.monotonic())
    assert closed.value.rcvd.code == 4401
    assert closed.value.rcvd.reason == "token expired"
    keeper.send(json.dumps({"type": "submit", "seq": 1, "base": 0,
                            "op": {"kind": "insert", "item": {"id": "k", "label": "k"},
                                   "to": {"section": "main", "index": 0}}}))
    assert receive_type(keeper, "ack")["version"] == 1


def test_a_tokens_file_user_binds_the_name_and_sighup_reloads_the_jwt_key(tmp_path, start_server):
    tokens = tmp_path / "tokens.json"
    tokens.write_text(json.dumps({"tokens": [
        {"token": "bound-secret", "role": "editor", "boards": ["*"], "user": "Bound Name"},
        {"token": "free-secret", "role": "editor", "boards": ["*"]},
    ]}))
    first = Signer("ES256", tmp_path)
    server = start_server("--tokens", str(tokens), "--jwt-key", str(first.key_path))
    bound, welcome = joined(server.url("b", "bound-secret"), "c-b", "Someone Else")
    assert welcome["you"]["user"] == "Bound Name"
    free, free_welcome = joined(server.url("b", "free-secret"), "c-f", "Freely Named")
    assert free_welcome["you"]["user"] == "Freely Named"
    signed, _ = joined(server.url("team-a", first.token()), "c-s", "x")

    second = Signer("ES256", tmp_path / "..")
    first.key_path.write_bytes(second.key_path.read_bytes())
    server.reload()
    with pytest.raises(ConnectionClosed) as closed:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            signed.recv(timeout=deadline - time.monotonic())
    assert closed.value.rcvd.code == 4401
    assert upgrade_status(server.url("team-a", first.token())) == 401
    assert upgrade_status(server.url("team-a", second.token())) == 101
    bound.send(json.dumps({"type": "submit", "seq": 1, "base": 0,
                           "op": {"kind": "insert", "item": {"id": "n", "label": "n"},
                                  "to": {"section": "main", "index": 0}}}))
    assert receive_type(bound, "ack")["version"] == 1
    assert receive_type(free, "op")["user"] == "Bound Name"


def test_board_client_script_mode_takes_a_signed_token_as_it_is(tmp_path, start_server):
    signer = Signer("HS256", tmp_path)
    server = start_server("--jwt-key", str(signer.key_path))
    url = f"ws://127.0.0.1:{server.port}/boards/team-a"
    added = subprocess.run([str(BIN / "board-client"), url, "--token", signer.token(), "--user", "Someone",
                            "add", "from a script"], capture_output=True, text=True, timeout=30)
    assert added.returncode == 0, added.stderr
    history = subprocess.run([str(BIN / "board-client"), url, "--token", signer.token(), "history", "--json"],
                             capture_output=True, text=True, timeout=30)
    assert history.returncode == 0, history.stderr
    assert [json.loads(line)["user"] for line in history.stdout.splitlines()] == ["Ada"]
    refused = subprocess.run([str(BIN / "board-client"), url, "--token", signer.token(lifetime=-300), "list"],
                             capture_output=True, text=True, timeout=30)
    assert refused.returncode != 0
    assert "HTTP 401" in refused.stderr


def public_pem(private):
    return private.public_key().public_bytes(serialization.Encoding.PEM,
                                             serialization.PublicFormat.SubjectPublicKeyInfo)


@pytest.mark.parametrize("key, words", [
    (b"too short\n", "at least 32 bytes"),
    (public_pem(rsa.generate_private_key(public_exponent=65537, key_size=2048)), "neither Ed25519 nor ECDSA P-256"),
    (public_pem(ec.generate_private_key(ec.SECP384R1())), "neither Ed25519 nor ECDSA P-256"),
    (b"-----BEGIN PUBLIC KEY-----\nnot a key\n-----END PUBLIC KEY-----\n", "not a PEM public key"),
])
def test_an_unusable_key_file_stops_the_server_with_one_line(tmp_path, key, words):
    path = tmp_path / "jwt.key"
    path.write_bytes(key)
    started = subprocess.run([str(BIN / "board-server"), "--port", "0", "--data", str(tmp_path / "b.sqlite"),
                              "--jwt-key", str(path)], capture_output=True, text=True, timeout=30)
    assert started.returncode == 1
    assert started.stderr.count("\n") == 1 and words in started.stderr
    assert "too short" not in started.stderr and "not a key" not in started.stderr
