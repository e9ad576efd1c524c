"""Checks board-server's groups of ops and held blocks (protocol 10.1, 10.2) with the independent
`websockets` library.

Usage: groups_client.py CASE ws://HOST:PORT/boards/NAME [EXPECTED]
CASE is one of:
  live      groups against another writer, a refused group, a duplicate seq, what another
            client, a catch-up and the history see, a restore, a held block; prints the
            groups it committed as "groups"
  restarted EXPECTED (the "groups" of `live`, as JSON): a catch-up from 0 and the history of a
            restarted server carry exactly those groups
  rate      run with --rate-burst 3: a group of 50 members takes one message of the bucket
Prints one JSON line {"ok": ..., "failures": [...], ...}; exits non-zero on an unexpected failure.
"""

import asyncio
import json
import sys
import urllib.parse
import urllib.request

import websockets

TIMEOUT = 10


def connect(url):
    return websockets.connect(url, subprotocols=["boardsync.v1"], max_size=None)


async def next_message(ws, timeout=TIMEOUT):
    return json.loads(await asyncio.wait_for(ws.recv(), timeout=timeout))


async def next_of(ws, kind, predicate=lambda m: True):
    while True:
        message = await next_message(ws)
        if message.get("type") == kind and predicate(message):
            return message


async def answer(ws):
    """The next ack or error, skipping anything else."""
    while True:
        message = await next_message(ws)
        if message["type"] in ("ack", "error"):
            return message


async def joined(url, client, since=None):
    ws = await connect(url)
    hello = {"type": "hello", "client": client, "user": client}
    if since is not None:
        hello["since"] = since
    await ws.send(json.dumps(hello))
    welcome = await next_of(ws, "welcome")
    return ws, welcome


def insert(item, index=0, section="main"):
    return {"kind": "insert", "item": {"id": item, "label": item}, "to": {"section": section, "index": index}}


def history(url):
    """Every history entry of the board, oldest first, through GET /boards/NAME/history."""
    parts = urllib.parse.urlparse(url)
    base = f"http://{parts.netloc}{parts.path}/history"
    entries, before = [], None
    while True:
        query = "?limit=1000" + (f"&before={before}" if before else "")
        with urllib.request.urlopen(base + query, timeout=TIMEOUT) as response:
            page = json.loads(response.read())
        entries += page["ops"]
        if len(page["ops"]) < 1000:
            return sorted(entries, key=lambda entry: entry["version"])
        before = page["ops"][-1]["version"]


def board_version(url):
    parts = urllib.parse.urlparse(url)
    with urllib.request.urlopen(f"http://{parts.netloc}{parts.path}", timeout=TIMEOUT) as response:
        return json.loads(response.read())["version"]


def groups_of(ops):
    """{first: [count, restores, [versions...]]} of the ops that carry `group`."""
    groups = {}
    for op in ops:
        group = op.get("group")
        if group is None:
            continue
        entry = groups.setdefault(str(group["first"]), [group["count"], group.get("restores"), []])
        entry[2].append(op["version"])
    return groups


def check_groups_whole(ops, what, failures):
    """Every group's members are at consecutive versions first..first+count-1, in one run."""
    ops = sorted(ops, key=lambda op: op["version"])
    versions = [op["version"] for op in ops]
    if versions and versions != list(range(versions[0], versions[0] + len(versions))):
        failures.append(f"{what}: versions with gaps or repeats")
    for first, (count, _, members) in groups_of(ops).items():
        if members != list(range(int(first), int(first) + count)):
            failures.append(f"{what}: group at {first} of {count} has members at {members}")


async def case_live(url):
    failures = []
    alice, _ = await joined(url, "py-alice")
    bob, _ = await joined(url, "py-bob")
    carol, _ = await joined(url, "py-carol")
    seen_by_bob = []

    async def bob_reads(until):
        while not any(op["version"] >= until for op in seen_by_bob):
            message = await next_message(bob)
            if message["type"] == "op":
                seen_by_bob.append(message)

    # Carol writes single ops as fast as she is answered while alice submits groups: no op of
    # carol's is ever committed inside one of alice's groups.
    sizes = [5, 1, 17, 3, 40, 8]
    acks = []
    carol_versions = []
    stop = asyncio.Event()

    async def carol_writes():
        seq = 0
        base = 0
        while not stop.is_set():
            seq += 1
            await carol.send(json.dumps({"type": "submit", "seq": seq, "base": base,
                                         "op": insert(f"c{seq}")}))
            reply = await answer(carol)
            if reply["type"] == "ack":
                base = reply["version"]
                if reply.get("op") is not None:
                    carol_versions.append(reply["version"])

    async def alice_writes():
        base = 0
        for seq, size in enumerate(sizes, start=1):
            ops = [insert(f"a{seq}-{member}", member) for member in range(size)]
            await alice.send(json.dumps({"type": "submit", "seq": seq, "base": base, "ops": ops}))
            reply = await answer(alice)
            if reply["type"] != "ack":
                failures.append(f"alice's group {seq} was refused: {reply}")
                continue
            acks.append((seq, size, reply, ops))
            base = reply["version"]
            await asyncio.sleep(0)
        stop.set()

    await asyncio.gather(carol_writes(), alice_writes())
    for seq, size, reply, ops in acks:
        if len(reply.get("ops", [])) != size:
            failures.append(f"the ack of group {seq} carries {len(reply.get('ops', []))} ops, not {size}")
        first = reply["version"] - size + 1
        inside = [version for version in carol_versions if first <= version <= reply["version"]]
        if inside:
            failures.append(f"carol's ops at {inside} are inside alice's group {first}..{reply['version']}")
    head = max([reply["version"] for _, _, reply, _ in acks] + carol_versions)
    await bob_reads(head)
    check_groups_whole(seen_by_bob, "bob's op messages", failures)
    bob_groups = groups_of(seen_by_bob)
    expected = {str(reply["version"] - size + 1): [size, None] for _, size, reply, _ in acks}
    if {first: value[:2] for first, value in bob_groups.items()} != expected:
        failures.append(f"bob saw groups {bob_groups}, expected {expected}")
    for message in seen_by_bob:
        if message["client"] == "py-carol" and "group" in message:
            failures.append(f"carol's single op at {message['version']} carries a group")
        if message["client"] == "py-alice" and "group" not in message:
            failures.append(f"alice's op at {message['version']} carries no group")

    # A duplicate seq is answered with the original ops.
    seq, size, original, ops = acks[2]
    await alice.send(json.dumps({"type": "submit", "seq": seq, "base": 0, "ops": ops}))
    duplicate = await answer(alice)
    if not (duplicate["type"] == "ack" and duplicate.get("duplicate") and duplicate.get("ops") == original["ops"]
            and duplicate["version"] == original["version"]):
        failures.append(f"a duplicate seq was answered {duplicate}, not the original {original}")

    # A failing member refuses the whole group with its index, and nothing changes.
    before = board_version(url)
    bad = [insert("ok-1", 0), insert("ok-2", 1), {"kind": "delete", "item": "nowhere",
                                                    "from": {"section": "main", "index": 0}}]
    await alice.send(json.dumps({"type": "submit", "seq": len(sizes) + 1, "base": head, "ops": bad}))
    refused = await answer(alice)
    if not (refused["type"] == "error" and refused.get("index") == 2 and refused.get("seq") == len(sizes) + 1):
        failures.append(f"a group with a failing third member was answered {refused}")
    reused = [insert("ok-1", 0)]
    await alice.send(json.dumps({"type": "submit", "seq": len(sizes) + 2, "base": head, "ops": reused}))
    after_refusal = await answer(alice)
    if after_refusal["type"] != "ack" or after_refusal["version"] != before + 1:
        failures.append(f"after the refused group the board was not at {before}: {after_refusal}")
    head = after_refusal["version"]
    await bob_reads(head)

    # A restore: the span carries `restores`, for bob and in history.
    restore_ops = [{"kind": "update", "item": "a1-0", "label": "back"},
                   {"kind": "update", "item": "a1-1", "label": "back"}]
    await alice.send(json.dumps({"type": "submit", "seq": len(sizes) + 3, "base": head, "ops": restore_ops,
                                 "restores": 3}))
    restored = await answer(alice)
    if restored["type"] != "ack":
        failures.append(f"the restore was refused: {restored}")
    else:
        head = restored["version"]
        await bob_reads(head)
        spans = [message.get("group") for message in seen_by_bob if message["version"] > head - 2]
        if spans != [{"first": head - 1, "count": 2, "restores": 3}] * 2:
            failures.append(f"bob saw the restore's members with {spans}")

    # A catch-up after reconnecting carries the same groups as the live messages.
    await bob.close()
    bob, welcome = await joined(url, "py-bob", since=0)
    caught_up = welcome.get("ops")
    if caught_up is None:
        failures.append("the welcome with since 0 carries no ops")
    elif caught_up != seen_by_bob:
        failures.append("the catch-up ops differ from the op messages bob saw live")

    # History carries them too.
    entries = history(url)
    stripped = [{key: value for key, value in entry.items() if key != "at"} for entry in entries]
    live = [{key: value for key, value in message.items() if key != "type"} for message in seen_by_bob]
    if stripped != live:
        failures.append("the history entries differ from the op messages bob saw live")

    # A held block: bob sees alice's begin with its items; carol cannot pick up one of them.
    block = ["a3-0", "a3-1", "a3-2"]
    await alice.send(json.dumps({"type": "drag", "action": "begin", "items": block}))
    theirs = await next_of(bob, "drag", lambda m: m["client"] == "py-alice")
    if theirs.get("action") != "begin" or theirs.get("items") != block:
        failures.append(f"bob saw alice's block begin as {theirs}")
    await carol.send(json.dumps({"type": "drag", "action": "begin", "item": "a3-1"}))
    locked = await next_of(carol, "error")
    if locked.get("code") != "locked":
        failures.append(f"carol picking up a held item was answered {locked}")

    for ws in (alice, bob, carol):
        await ws.close()
    return {"failures": failures, "groups": groups_of(seen_by_bob), "head": head,
            "carol_ops": len(carol_versions), "group_count": len(acks)}


async def case_restarted(url, expected):
    failures = []
    bob, welcome = await joined(url, "py-bob", since=0)
    caught_up = welcome.get("ops")
    if caught_up is None:
        failures.append("the welcome with since 0 after the restart carries no ops")
        caught_up = []
    check_groups_whole(caught_up, "the catch-up after the restart", failures)
    if groups_of(caught_up) != expected:
        failures.append(f"the catch-up after the restart has groups {groups_of(caught_up)}, not {expected}")
    entries = history(url)
    if groups_of(entries) != expected:
        failures.append(f"the history after the restart has groups {groups_of(entries)}, not {expected}")
    await bob.close()
    return {"failures": failures, "groups": len(expected)}


async def case_rate(url):
    failures = []
    alice, _ = await joined(url, "py-rate")
    ops = [insert(f"r{member}", member) for member in range(50)]
    await alice.send(json.dumps({"type": "submit", "seq": 1, "base": 0, "ops": ops}))
    reply = await answer(alice)
    if reply["type"] != "ack" or len(reply.get("ops", [])) != 50:
        failures.append(f"a group of 50 within a bucket of 3 was answered {reply}")
    await alice.close()
    return {"failures": failures}


async def main(case, url, argument):
    if case == "live":
        result = await case_live(url)
    elif case == "restarted":
        result = await case_restarted(url, json.loads(argument))
    else:
        result = await case_rate(url)
    result["ok"] = not result["failures"]
    print(json.dumps(result))


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else None))
