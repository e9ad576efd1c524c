"""Three board-server nodes sharing boards through one PostgreSQL, each a process of its own on
its own loopback address (127.0.0.11-13, the database on 127.0.0.20, the third node reaching
it through a TCP proxy the partition tests cut: by resetting its connections, and by dropping
its packets with iptables), with clients spread over the nodes.

Run by `make test-cluster`; BOARD_SYNC_BIN names the directory holding board-server and
CLUSTER_SEED fixes the fuzz's seed."""

import asyncio
import os
import random
import re
import tempfile
import time
import urllib.parse

import pytest
import websockets

from cluster import (DATABASE_HOST, NODE_HOSTS, Client, Database, Node, check_histories, eventually,
                     history_of, insert, logged)
from packet_drop import PacketDrop
from tcp_proxy import TCPProxy

SEED = int(os.environ.get("CLUSTER_SEED", "1515"))
BINARY = os.path.join(os.environ.get("BOARD_SYNC_BIN", ".build/debug"), "board-server")


class Cluster:
    def __init__(self):
        self.logs = tempfile.mkdtemp(prefix="cluster-logs-")
        self.database = Database()
        parts = urllib.parse.urlsplit(self.database.url)
        self.proxy = TCPProxy("127.0.0.21", DATABASE_HOST, parts.port)
        proxied = self.database.url.replace(f"{DATABASE_HOST}:{parts.port}", f"127.0.0.21:{self.proxy.port}")
        urls = [self.database.url, self.database.url, proxied]
        # The crowd tests open a few hundred connections from one address to one node.
        extra = ["--max-connections-per-ip", "1024"]
        self.nodes = [Node(BINARY, host, url, self.logs, extra) for host, url in zip(NODE_HOSTS, urls)]

    def ensure_running(self):
        for node in self.nodes:
            if node.process.poll() is not None:
                node.start()

    def stop(self):
        for node in self.nodes:
            node.stop()
        self.proxy.close()
        self.database.stop()


@pytest.fixture(scope="module")
def cluster():
    made = Cluster()
    yield made
    made.stop()
    print(f"node logs in {made.logs}")


@pytest.fixture(autouse=True)
def running(cluster):
    cluster.ensure_running()
    yield


def run(coroutine):
    return asyncio.run(asyncio.wait_for(coroutine, timeout=180))


async def converge(clients, what="every client to see every op"):
    await eventually(lambda: len({c.version for c in clients}) == 1 and all(not c.pending for c in clients), 30, what)


async def submit_all(client, ops, turns=None):
    """Submits `ops` one after the other, each once the previous one is answered; resubmits an
    op refused as `unavailable` with the same seq. With `turns`, may let other clients go first
    after each ack."""
    for op in ops:
        seq = await client.submit(op)
        while True:
            answer = await client.answer(seq)
            if answer["type"] == "ack":
                break
            assert answer["code"] == "unavailable", answer
            await client.submit(op, seq=seq)
        if turns is not None:
            await turns.after_ack(client)


class TakingTurns:
    """Clients submitting at once, each held now and then (a seeded choice per client) after an
    ack until another client's op has reached it: the order in which their ops interleave varies
    with the seed, by what the cluster does rather than by pauses. A client is not held when
    every other client has all its ops acked or is held itself, so that they never wait for
    each other."""

    def __init__(self, plans, seed):
        self.plans = plans  # client -> its ops
        self.choices = {client: random.Random(f"{seed}-{client.client_id}") for client in plans}
        self.held = set()

    async def after_ack(self, client):
        if self.choices[client].random() >= 0.3:
            return
        others = [(other, len(ops)) for other, ops in self.plans.items() if other is not client]
        if all(other in self.held or len(other.acked) >= size for other, size in others):
            return
        since = client.version
        self.held.add(client)
        try:
            await eventually(lambda: client.version > since or all(len(other.acked) >= size for other, size in others),
                             30, f"{client.client_id} to hear another client's op")
        finally:
            self.held.discard(client)


def test_seeded_convergence_fuzz(cluster):
    """Clients on every node submit at once: one order, no gap, no duplicate, every ack kept,
    and the history, the board list and the board answer the same on every node."""

    async def scenario():
        rng = random.Random(SEED)
        clients = [Client(f"fuzz-{i}", f"user{i}") for i in range(6)]
        for index, client in enumerate(clients):
            await client.connect(cluster.nodes[index % 3].url("fuzz"))
        plans = [[insert(f"{c.client_id}-{k}") for k in range(rng.randint(15, 35))] for c in clients]
        turns = TakingTurns(dict(zip(clients, plans)), rng.random())
        await asyncio.gather(*(submit_all(c, plan, turns) for c, plan in zip(clients, plans)))
        await converge(clients)
        committed = check_histories(clients, sum(map(len, plans)))
        histories = [history_of(node, "fuzz") for node in cluster.nodes]
        assert histories[0] == histories[1] == histories[2]
        assert histories[0] == sorted((version, author) for version, (author, _) in committed.items())
        lists = [node.get("/boards")["boards"] for node in cluster.nodes]
        assert lists[0] == lists[1] == lists[2]
        boards = [node.get("/boards/fuzz") for node in cluster.nodes]
        assert boards[0] == boards[1] == boards[2]
        assert boards[0]["version"] == max(committed)
        # Every node committed ops of its clients, and says how many races each took.
        for node in cluster.nodes:
            figures = node.metrics()
            assert figures["boardsync_cluster_races_lost_before_commit_count"] >= 1
            assert "boardsync_cluster_races_lost_total" in figures
        for client in clients:
            await client.close()

    run(scenario())


def test_drags_leases_presence_and_replacement_across_nodes(cluster):
    async def scenario():
        alice, bob = Client("drag-alice", "alice"), Client("drag-bob", "bob")
        await alice.connect(cluster.nodes[0].url("drags"))
        await submit_all(alice, [insert("tile")])
        await bob.connect(cluster.nodes[1].url("drags"))
        await eventually(lambda: any(p["client"] == "drag-bob" and p["action"] == "join" for p in alice.presence),
                         10, "alice to see bob join")
        await alice.send({"type": "drag", "action": "begin", "item": "tile"})
        await eventually(lambda: any(d["action"] == "begin" and d["client"] == "drag-alice" for d in bob.drags),
                         10, "bob to see alice's begin")
        await bob.send({"type": "drag", "action": "begin", "item": "tile"})
        locked = await eventually(lambda: [e for e in bob.errors if e["code"] == "locked"], 10, "locked")
        assert locked[0]["item"] == "tile"
        await alice.send({"type": "drag", "action": "over", "item": "tile", "base": alice.version,
                          "from": {"section": "main", "index": 0}, "to": {"section": "main", "index": 0}})
        await eventually(lambda: any(d["action"] == "over" and d["client"] == "drag-alice" for d in bob.drags),
                         10, "bob to see alice's over")
        await alice.send({"type": "drag", "action": "cancel", "item": "tile"})
        await eventually(lambda: any(d["action"] == "cancel" and d["client"] == "drag-alice" for d in bob.drags),
                         10, "bob to see alice's cancel")
        # The item is free again: bob takes it.
        await bob.send({"type": "drag", "action": "begin", "item": "tile"})
        await eventually(lambda: any(d["action"] == "begin" and d["client"] == "drag-bob" for d in alice.drags),
                         10, "alice to see bob's begin")
        await bob.send({"type": "drag", "action": "cancel", "item": "tile"})
        # The same client id on another node replaces the first connection (4409).
        again = Client("drag-alice", "alice")
        await again.connect(cluster.nodes[2].url("drags"))
        await eventually(lambda: alice.close_code is not None, 10, "alice's first connection to close")
        assert alice.close_code == 4409
        # A client leaving on one node leaves everywhere.
        await again.close()
        await eventually(lambda: any(p["client"] == "drag-alice" and p["action"] == "leave" for p in bob.presence),
                         10, "bob to see alice leave")
        await bob.close()

    run(scenario())


def test_a_client_that_comes_and_goes_quickly_is_there_on_every_node_in_the_end(cluster):
    """A client that connects and disconnects over and over on one node ends connected: the
    other nodes list it. (A node sends what comes fast in one transaction, and PostgreSQL
    delivers identical payloads of one transaction once; every payload carries a serial of its
    sender so that a join, a leave and the same join again never look alike, which
    `ClusterMessageTests` checks of the payloads themselves.)"""
    async def scenario():
        watcher = Client("flicker-watcher", "watcher")
        await watcher.connect(cluster.nodes[1].url("flicker"))
        flicker = Client("flicker", "flick")
        for _ in range(30):
            await flicker.connect(cluster.nodes[0].url("flicker"))
            await flicker.close()
        await flicker.connect(cluster.nodes[0].url("flicker"))
        await eventually(lambda: [p for p in watcher.presence if p["client"] == "flicker"][-1:] == [
            {"type": "presence", "action": "join", "client": "flicker", "user": "flick"}],
            10, "the watcher to see flicker joined last")
        late = Client("flicker-late", "late")
        welcome = await late.connect(cluster.nodes[1].url("flicker"))
        assert any(peer["client"] == "flicker" for peer in welcome["peers"]), welcome["peers"]
        for client in (watcher, flicker, late):
            await client.close()

    run(scenario())


def holder_of(client, item):
    """Who `client` is shown holding `item`, alone or in a block (None when nobody is)."""
    last = [d for d in client.drags if item in (d["items"] if "items" in d else [d["item"]])]
    return last[-1]["client"] if last and last[-1]["action"] != "cancel" else None


async def race_rounds(item, clients, begins, cancels, rounds=8):
    """`rounds` times, the first two of `clients` send their `begins` at once, each through its
    own node: one of them is answered `locked`, every client (a third node's too) shows the
    other holding `item`, and once the winner sends its cancel nobody holds it."""
    alice, bob, _ = clients
    for round_ in range(rounds):
        locked_before = len(alice.errors) + len(bob.errors)
        await asyncio.gather(alice.send(begins[alice]), bob.send(begins[bob]))
        await eventually(lambda: len(alice.errors) + len(bob.errors) > locked_before, 10, "one to be locked")
        await eventually(lambda: holder_of(alice, item) is not None
                         and len({holder_of(client, item) for client in clients}) == 1,
                         10, f"round {round_}: one holder everywhere")
        winner = alice if holder_of(alice, item) == alice.client_id else bob
        loser = bob if winner is alice else alice
        assert loser.errors[-1]["code"] == "locked"
        assert len(alice.errors) + len(bob.errors) == locked_before + 1
        await winner.send(cancels[winner])
        await eventually(lambda: all(holder_of(client, item) is None for client in clients),
                         10, f"{item} to be free again")


def test_begins_of_one_item_on_two_nodes_at_once_leave_one_holder_everywhere(cluster):
    """The first begin in the order every node hears them keeps the item; the other node hands
    its drag over (its holder sees a cancel and `locked`), and a third node shows the winner."""

    async def scenario():
        alice, bob, carol = Client("race-alice", "alice"), Client("race-bob", "bob"), Client("race-carol", "carol")
        await alice.connect(cluster.nodes[0].url("race"))
        await submit_all(alice, [insert("contested")])
        await bob.connect(cluster.nodes[1].url("race"))
        await carol.connect(cluster.nodes[2].url("race"))
        await eventually(lambda: len(alice.presence) >= 2 and len(bob.presence) >= 1, 10, "everyone to join")

        begin = {"type": "drag", "action": "begin", "item": "contested"}
        cancel = {"type": "drag", "action": "cancel", "item": "contested"}
        await race_rounds("contested", (alice, bob, carol), {alice: begin, bob: begin}, {alice: cancel, bob: cancel})
        for client in (alice, bob, carol):
            await client.close()

    run(scenario())


def test_a_group_on_one_node_is_a_group_on_another_and_in_its_history(cluster):
    """A group committed through node A reaches a client of node B as one run of consecutive
    versions, each member with the same `group`, while another client of B writes; B's history
    and a catch-up from B carry it too."""

    async def scenario():
        alice, bob, carol = Client("group-alice", "alice"), Client("group-bob", "bob"), Client("group-carol", "carol")
        await alice.connect(cluster.nodes[0].url("groups"))
        await bob.connect(cluster.nodes[1].url("groups"))
        await carol.connect(cluster.nodes[1].url("groups"))
        spans = []
        for round_ in range(5):
            ops = [insert(f"g{round_}-{member}") for member in range(40)]
            seq = alice.next_seq
            alice.next_seq += 1
            await asyncio.gather(
                alice.send({"type": "submit", "seq": seq, "base": alice.version, "ops": ops}),
                submit_all(carol, [insert(f"c{round_}-{index}") for index in range(3)]))
            answer = await alice.answer(seq)
            assert answer["type"] == "ack" and len(answer["ops"]) == 40, answer
            spans.append({"first": answer["version"] - 39, "count": 40})
        await converge([alice, bob, carol])
        for span in spans:
            members = range(span["first"], span["first"] + span["count"])
            assert [bob.groups.get(version) for version in members] == [span] * 40, f"bob saw {span} split"
            assert all(author == "group-alice" for version, author, _ in bob.seen if version in members)
        entries = cluster.nodes[1].get("/boards/groups/history?limit=1000")["ops"]
        in_history = {entry["version"]: entry.get("group") for entry in entries}
        for span in spans:
            assert [in_history[v] for v in range(span["first"], span["first"] + 40)] == [span] * 40
        late = Client("group-late", "late")
        welcome = await late.connect(cluster.nodes[2].url("groups"), since=0)
        caught_up = {op["version"]: op.get("group") for op in welcome["ops"]}
        assert caught_up == in_history
        check_histories([alice, bob, carol], 5 * 40 + 15)
        for client in (alice, bob, carol, late):
            await client.close()

    run(scenario())


def test_a_block_held_on_one_node_holds_each_of_its_items_on_another(cluster):
    """A block held through node A is refused to a client of node B picking up any of its items;
    a block and a begin of its second item on two nodes at once leave one holder everywhere."""

    async def scenario():
        alice, bob, carol = Client("block-alice", "alice"), Client("block-bob", "bob"), Client("block-carol", "carol")
        await alice.connect(cluster.nodes[0].url("blocks"))
        await submit_all(alice, [insert("p"), insert("q"), insert("r")])
        await bob.connect(cluster.nodes[1].url("blocks"))
        await carol.connect(cluster.nodes[2].url("blocks"))
        await eventually(lambda: len(alice.presence) >= 2 and len(bob.presence) >= 1, 10, "everyone to join")

        block = {"type": "drag", "action": "begin", "items": ["p", "q", "r"]}
        await alice.send(block)
        await eventually(lambda: any(d["action"] == "begin" and d.get("items") == ["p", "q", "r"] for d in bob.drags),
                         10, "bob to see alice's block")
        for item in ("q", "r"):
            errors = len(bob.errors)
            await bob.send({"type": "drag", "action": "begin", "item": item})
            refused = await eventually(lambda: bob.errors[errors:], 10, f"bob's begin of {item} to be refused")
            assert refused[0]["code"] == "locked" and refused[0]["item"] == item, refused
        await alice.send({"type": "drag", "action": "cancel", "items": ["p", "q", "r"]})
        await eventually(lambda: any(d["action"] == "cancel" and d["client"] == "block-alice" for d in carol.drags),
                         10, "the block to be put down")

        single = {"type": "drag", "action": "begin", "item": "q"}
        await race_rounds("q", (alice, bob, carol), {alice: block, bob: single},
                          {alice: {"type": "drag", "action": "cancel", "items": ["p", "q", "r"]},
                           bob: {"type": "drag", "action": "cancel", "item": "q"}})
        for client in (alice, bob, carol):
            await client.close()

    run(scenario())


def test_a_killed_node_loses_no_acked_op_and_its_drags_and_presence_end(cluster):
    """kill -9 of a node in a burst: its clients reconnect to another node with `since` and
    resubmit what was not acked without duplicates; the others see its clients' drags end
    (`left`) and their presence leave."""

    async def scenario():
        watcher = Client("kill-watcher", "watcher")
        await watcher.connect(cluster.nodes[0].url("kill"))
        await submit_all(watcher, [insert("held")])
        victims = [Client(f"kill-{i}", f"victim{i}") for i in range(3)]
        for victim in victims:
            await victim.connect(cluster.nodes[2].url("kill"))
        await victims[0].send({"type": "drag", "action": "begin", "item": "held"})
        await eventually(lambda: any(d["action"] == "begin" for d in watcher.drags), 10, "the begin")
        plans = {v.client_id: [insert(f"{v.client_id}-{k}") for k in range(40)] for v in victims}

        async def burst(victim):
            for op in plans[victim.client_id]:
                try:
                    seq = await victim.submit(op)
                except websockets.ConnectionClosed:
                    return
                await eventually(lambda: seq in victim.answers or victim.close_code is not None, 30, "an answer")
                if victim.close_code is not None:
                    return

        tasks = [asyncio.ensure_future(burst(v)) for v in victims]
        await eventually(lambda: sum(len(v.acked) for v in victims) >= 20, 30, "acks before the kill")
        cluster.nodes[2].kill()
        await asyncio.gather(*tasks, return_exceptions=True)
        await eventually(lambda: any(d["action"] == "cancel" and d.get("reason") == "left" for d in watcher.drags),
                         15, "the dead node's drag to end")
        await eventually(lambda: {p["client"] for p in watcher.presence if p["action"] == "leave"}
                         >= {v.client_id for v in victims}, 15, "the dead node's clients to leave")
        for index, victim in enumerate(victims):
            await victim.close()
            welcome = await victim.connect(cluster.nodes[index % 2].url("kill"), since=victim.version)
            last = welcome["lastSeq"]
            victim.pending = {seq: op for seq, op in victim.pending.items() if seq > last}
            for seq in sorted(victim.pending):
                await victim.submit(victim.pending[seq], seq=seq)
                assert (await victim.answer(seq))["type"] == "ack"
            await submit_all(victim, plans[victim.client_id][victim.next_seq - 1:])
        await converge(victims + [watcher])
        check_histories([watcher] + victims, 1 + 3 * 40)
        for client in victims + [watcher]:
            await client.close()

    run(scenario())


def test_the_listen_connection_dropped(cluster):
    """pg_terminate_backend of the channel's connections: every node listens again, and ops
    committed meanwhile reach the other nodes' clients in order."""

    async def scenario():
        writer, reader = Client("listen-writer", "w"), Client("listen-reader", "r")
        await writer.connect(cluster.nodes[0].url("listen"))
        await reader.connect(cluster.nodes[1].url("listen"))
        before = [node.log_text().count("cluster channel listening") for node in cluster.nodes]
        await submit_all(writer, [insert(f"before-{k}") for k in range(10)])
        killed = cluster.database.psql(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
            "WHERE application_name = 'board-server cluster channel'")
        assert int(killed) >= 3
        await submit_all(writer, [insert(f"after-{k}") for k in range(20)])
        await converge([writer, reader])
        check_histories([writer, reader], 30)
        await logged(lambda: all(node.log_text().count("cluster channel listening") > count
                                     for node, count in zip(cluster.nodes, before)), 20, "every node to listen again")
        await writer.close()
        await reader.close()

    run(scenario())


def crowd(prefix, count):
    """Clients with the longest ids (64 characters) and user names (32, not all ASCII) allowed."""
    members = []
    for index in range(count):
        client = f"{prefix}-{index:03d}-"
        user = f"Ünïcødé crowd member {index:03d}"
        members.append(Client(client + "x" * (64 - len(client)), user + "é" * (32 - len(user))))
    return members


async def connect_all(clients, url):
    for start in range(0, len(clients), 50):
        await asyncio.gather(*(client.connect(url) for client in clients[start:start + 50]))


def peers_seen(client):
    """The other clients on the board as `client` sees them: its welcome's peers, then every
    presence since."""
    peers = {peer["client"] for peer in client.welcome["peers"]}
    for presence in client.presence:
        if presence["action"] == "join":
            peers.add(presence["client"])
        else:
            peers.discard(presence["client"])
    return peers


def last_drag(client, item):
    drags = [drag for drag in client.drags if drag["item"] == item]
    return drags[-1] if drags else None


def test_a_crowd_on_one_node_reaches_a_node_that_loads_the_board_later(cluster):
    """300 clients on one node, more than one notification can list: a node that loads the
    board afterwards asks for the others' state and shows every one of them."""

    async def scenario():
        members = crowd("crowd", 300)
        await connect_all(members, cluster.nodes[0].url("crowd"))
        watcher = Client("crowd-watcher", "watcher")
        await watcher.connect(cluster.nodes[1].url("crowd"))
        expected = {member.client_id for member in members}
        await eventually(lambda: peers_seen(watcher) == expected, 20, "the watcher to see all 300 clients")
        await asyncio.gather(*(client.close() for client in [watcher, *members]))

    run(scenario())


def test_presence_and_leases_are_right_again_once_a_node_listens_again(cluster):
    """The third node loses its connections (the proxy is cut) for a few seconds, less than a
    node is waited for: meanwhile clients of the first node leave, 200 join, and drags start,
    and the third node grants a begin of an item the first node granted first. Once it listens
    again it asks for every node's state: its clients see who is there (also on a board where
    the first node has nobody left), the drag, and `locked`; its own begin is handed over."""

    async def scenario():
        stay, goes, lone = Client("deaf-stay", "stay"), Client("deaf-goes", "goes"), Client("deaf-lone", "lone")
        holder = Client("deaf-holder", "holder")
        watcher, quiet, third = Client("deaf-watcher", "w"), Client("deaf-quiet", "q"), Client("deaf-third", "t")
        await stay.connect(cluster.nodes[0].url("deaf"))
        await goes.connect(cluster.nodes[0].url("deaf"))
        await holder.connect(cluster.nodes[0].url("deaf"))
        await lone.connect(cluster.nodes[0].url("deaf-quiet"))
        await submit_all(stay, [insert("tile"), insert("tile2")])
        await third.connect(cluster.nodes[1].url("deaf"))
        await watcher.connect(cluster.nodes[2].url("deaf"))
        await quiet.connect(cluster.nodes[2].url("deaf-quiet"))
        await eventually(lambda: {"deaf-stay", "deaf-goes", "deaf-holder", "deaf-third"} <= peers_seen(watcher)
                         and "deaf-lone" in peers_seen(quiet), 10, "the third node's clients to see the others")
        lost = cluster.nodes[2].log_text().count("cluster channel lost")
        members = crowd("deaf-crowd", 200)
        cluster.proxy.cut()
        try:
            await logged(lambda: cluster.nodes[2].log_text().count("cluster channel lost") > lost, 5,
                         "the third node to stop hearing")
            await goes.close()
            await lone.close()
            await stay.send({"type": "drag", "action": "begin", "item": "tile"})
            await holder.send({"type": "drag", "action": "begin", "item": "tile2"})
            await eventually(lambda: last_drag(third, "tile2") is not None, 5, "the second node to see the drags")
            await watcher.send({"type": "drag", "action": "begin", "item": "tile2"})
            await connect_all(members, cluster.nodes[0].url("deaf"))
            await eventually(lambda: last_drag(watcher, "tile2") is not None, 5, "the watcher's own begin")
            assert last_drag(watcher, "tile2")["client"] == "deaf-watcher"
            assert last_drag(watcher, "tile") is None
        finally:
            cluster.proxy.restore()
        expected = {"deaf-stay", "deaf-holder", "deaf-third"} | {member.client_id for member in members}
        await eventually(lambda: peers_seen(watcher) == expected, 20, "the watcher to see who is there")
        await eventually(lambda: "deaf-lone" not in peers_seen(quiet), 10, "lone's leave on the quiet board")
        await eventually(lambda: (last_drag(watcher, "tile") or {}).get("client") == "deaf-stay", 10,
                         "the watcher to see stay's drag")
        locked = await eventually(lambda: [e for e in watcher.errors if e.get("item") == "tile2"], 10,
                                  "the watcher's begin handed over")
        assert locked[0]["code"] == "locked"
        await eventually(lambda: (last_drag(watcher, "tile2") or {}).get("client") == "deaf-holder", 10,
                         "the watcher to see the holder hold tile2")
        assert last_drag(third, "tile2")["client"] == "deaf-holder"
        assert last_drag(third, "tile2")["action"] != "cancel"
        assert not [d for d in holder.drags if d["client"] == "deaf-watcher"]
        await watcher.send({"type": "drag", "action": "begin", "item": "tile"})
        await eventually(lambda: [e for e in watcher.errors if e.get("item") == "tile"], 10, "locked for tile")
        await stay.send({"type": "drag", "action": "cancel", "item": "tile"})
        await holder.send({"type": "drag", "action": "cancel", "item": "tile2"})
        await asyncio.gather(*(client.close() for client in [stay, holder, watcher, quiet, third, *members]))

    run(scenario())


def test_postgresql_restarted_under_load(cluster):
    """An immediate restart of PostgreSQL in a burst, then a halt longer than the nodes wait:
    nothing unkept is acknowledged, submits are refused `unavailable`, and the nodes recover
    by themselves."""

    async def scenario():
        clients = [Client(f"restart-{i}", f"u{i}") for i in range(3)]
        for index, client in enumerate(clients):
            await client.connect(cluster.nodes[index].url("restart"))
        plans = [[insert(f"{c.client_id}-{k}") for k in range(30)] for c in clients]
        tasks = [asyncio.ensure_future(submit_all(c, plan)) for c, plan in zip(clients, plans)]
        await eventually(lambda: sum(len(c.acked) for c in clients) >= 15, 30, "acks before the restart")
        await asyncio.to_thread(cluster.database.restart, True)
        await asyncio.gather(*tasks)
        await converge(clients)
        check_histories(clients, 90)
        # Down for longer than a node waits: the submit is refused, then accepted once it is back.
        await asyncio.to_thread(cluster.database.halt)
        seq = await clients[0].submit(insert("while-down"))
        refused = await clients[0].answer(seq, timeout=45)
        assert refused["type"] == "error" and refused["code"] == "unavailable", refused
        await asyncio.to_thread(cluster.database.start_again)
        await clients[0].submit(insert("while-down"), seq=seq)
        accepted = await clients[0].answer(seq, timeout=45)
        assert accepted["type"] == "ack"
        await converge(clients)
        committed = check_histories(clients, 91)
        stored = int(cluster.database.psql("SELECT head_version FROM board_sync.boards WHERE name = 'restart'"))
        assert stored == max(committed)
        for client in clients:
            await client.close()

    run(scenario())


def cut_off(cluster, board, partition, recovers_within):
    """The third node, parted from the database by `partition` (a context manager), refuses its
    submit `unavailable` (never acks it) while the first node goes on acknowledging; once the
    partition ends it acks the submit again within `recovers_within` seconds and catches up."""

    async def scenario():
        inside, outside = Client(f"{board}-in", "in"), Client(f"{board}-out", "out")
        await inside.connect(cluster.nodes[0].url(board))
        await outside.connect(cluster.nodes[2].url(board))
        await submit_all(outside, [insert("first")])
        with partition:
            seq = await outside.submit(insert("cut-off"))
            started = time.monotonic()
            await submit_all(inside, [insert(f"in-{k}") for k in range(10)])
            assert time.monotonic() - started < 10
            refused = await outside.answer(seq, timeout=45)
            assert refused["type"] == "error" and refused["code"] == "unavailable", refused
            assert outside.acked.get(seq) is None
        await outside.submit(insert("cut-off"), seq=seq)
        assert (await outside.answer(seq, timeout=recovers_within))["type"] == "ack"
        await converge([inside, outside])
        check_histories([inside, outside], 12)
        await inside.close()
        await outside.close()

    run(scenario())


def test_a_node_cut_off_from_the_database_stops_acking_while_the_others_go_on(cluster):
    """The third node reaches the database through a TCP proxy; cutting it resets the node's
    connections and refuses new ones."""
    cut_off(cluster, "partition", cluster.proxy.cut_off(), recovers_within=45)


def test_a_node_whose_packets_to_the_database_are_dropped_stops_acking_while_the_others_go_on(cluster):
    """A silent partition: every packet between the third node and the database (through its
    proxy's port) is dropped, so nothing is refused and nothing answers; the node's connections
    give up within its TCP user timeout, and once the packets flow again it recovers by itself."""
    cut_off(cluster, "dropped", PacketDrop(cluster.proxy.port), recovers_within=60)


def test_a_delete_on_one_node_closes_the_boards_connections_everywhere_and_a_restore_anywhere_brings_it_back(
        cluster):
    """A board deleted on node A: its connections on A and B close with 4410, B lists it in its
    trash and no longer lists the board; restored through C, B serves it again at its version."""
    a, b, c = cluster.nodes

    async def scenario():
        on_a, on_b = Client("trash-a", "ann"), Client("trash-b", "bob")
        await on_a.connect(a.url("trashed"))
        await on_b.connect(b.url("trashed"))
        seq = await on_a.submit(insert("kept"))
        version = (await on_a.answer(seq))["version"]
        await eventually(lambda: on_b.version == version, 15, "B to see A's op")

        assert a.change("DELETE", "/boards/trashed") == 204
        await eventually(lambda: on_a.close_code is not None and on_b.close_code is not None, 15,
                         "both connections to close")
        assert (on_a.close_code, on_b.close_code) == (4410, 4410)
        trash = b.get("/boards?trash=1")["trash"]
        assert [(entry["id"], entry["version"], entry["items"]) for entry in trash] == [("trashed", version, 1)]
        assert "trashed" not in [board["id"] for board in b.get("/boards")["boards"]]
        assert b.change("DELETE", "/boards/trashed") == 404

        assert c.change("POST", "/boards/trashed/restore") == 204
        assert b.get("/boards?trash=1")["trash"] == []
        assert b.get("/boards/trashed")["version"] == version
        again = Client("trash-b2", "bob")
        welcome = await again.connect(b.url("trashed"))
        assert again.version == version, welcome
        assert c.change("POST", "/boards/trashed/restore") == 404
        await again.close()

    run(scenario())


def test_nodes_log_no_board_dropped(cluster):
    """None of the scenarios needed a board reloaded because a node lost track of the store."""
    for node in cluster.nodes:
        assert not re.search(r"board dropped", node.log_text())
