import BoardStore
import BoardSync
import TestSupport
import Testing

@testable import BoardServer

/// Servers sharing one store keep one order per board: what one commits reaches the others'
/// clients, a lost race is rebased and committed again, a duplicate is caught whichever
/// server the client comes back to, and a store that cannot be reached is answered with
/// `unavailable` and survived.
@Suite("cluster sequencing, in process")
struct ClusterSequencingTests {
    @Test func anOpCommittedOnOneServerReachesTheClientsOfAnother() throws {
        let cluster = try InProcessCluster(nodes: 2)
        let (alice, _) = try cluster[0].joined(board: "team", client: "alice")
        let (bob, _) = try cluster[1].joined(board: "team", client: "bob")
        cluster.settle()
        let ack = try #require(try alice.submit(seq: 1, base: 0, Ops.insert("x1")).ackValue)
        #expect(ack.version == 1)
        cluster.advance(by: 1)
        let seen = try bob.receive { $0.opValue }
        #expect(seen.version == 1 && seen.client == "alice" && seen.op == Ops.insert("x1"))
        #expect(try cluster.store.headVersion(of: "team") == 1)
    }

    /// Both servers sequence version 1 at once; the loser's client gets the winner's op first
    /// and its own ack at version 2, with its op rebased through the winner's.
    @Test func theLoserOfARaceSendsTheWinnersOpThenTheRebasedAck() throws {
        let cluster = try InProcessCluster(nodes: 2)
        let (alice, _) = try cluster[0].joined(board: "team", client: "alice")
        let (bob, _) = try cluster[1].joined(board: "team", client: "bob")
        cluster.settle()
        alice.send(.submit(.init(seq: 1, base: 0, op: Ops.insert("a1", at: 0))))
        bob.send(.submit(.init(seq: 1, base: 0, op: Ops.insert("b1", at: 0))))
        cluster.settle()
        cluster.advance(by: 1)
        var histories: [[Int: ClientID]] = []
        for peer in [alice, bob] {
            var history: [Int: ClientID] = [:]
            while history.count < 2 {
                let message = try peer.receive()
                if let op = message.opValue { history[op.version] = op.client }
                if let ack = message.ackValue, let _ = ack.op { history[ack.version] = peer.client }
            }
            histories.append(history)
        }
        #expect(histories[0] == histories[1])
        #expect(Set(histories[0].values) == ["alice", "bob"])
        let board = try #require(try cluster.store.loadBoard("team"))
        #expect(board.ops.map(\.version) == [1, 2])
        let second = try #require(board.ops.last)
        let expected = second.client == "bob" ? Ops.insert("b1", at: 1) : Ops.insert("a1", at: 1)
        #expect(second.op == expected, "the op committed first keeps the contested slot")
    }

    /// Another server committed the board's next version, unheard: the commit that loses the
    /// race rebases the submit while it holds the board's head and writes it in the same
    /// transaction. The client sees the other op, then its ack one version later, from one
    /// commit, and the board lost one race in a row at most.
    @Test func aLostRaceIsRebasedInsideTheCommitThatLostIt() throws {
        let cluster = try InProcessCluster(nodes: 2)
        let server = cluster[0]
        let (gus, _) = try server.joined(board: "team", client: "gus")
        cluster.settle()
        var elsewhere = CommitBatch()
        elsewhere.append(
            SequencedOp(version: 1, client: "hal", user: "hal", seq: 1, op: Ops.insert("h1", at: 0)),
            committedAt: CommitTime(milliseconds: 0), to: "team")
        elsewhere.advanceSeq(of: "hal", on: "team", to: 1)
        try cluster.store.commit(elsewhere)
        let ticketsBefore = server.service.durability.lastTicket
        gus.send(.submit(.init(seq: 1, base: 0, op: Ops.insert("g1", at: 0))))
        server.settle()
        let other = try gus.receive { $0.opValue }
        #expect(other.version == 1 && other.client == "hal")
        let ack = try gus.receive { $0.ackValue }
        #expect(ack.version == 2 && ack.seq == 1 && ack.op == Ops.insert("g1", at: 1))
        let durability = server.service.durability
        #expect(durability.lastTicket == ticketsBefore + 1, "one commit lost the race and stored the rebase")
        #expect(durability.raceMetrics.racesLost == 1)
        #expect(
            durability.raceMetrics.racesLostBeforeCommit.count == 1
                && durability.raceMetrics.racesLostBeforeCommit.sum == 1)
        #expect(try cluster.store.headVersion(of: "team") == 2)
    }

    /// A client whose submit committed on one server reconnects to another and submits it
    /// again: it is answered as a duplicate with the original version, never applied twice.
    @Test func aResubmitOnAnotherServerIsADuplicate() throws {
        let cluster = try InProcessCluster(nodes: 2)
        let (first, _) = try cluster[0].joined(board: "team", client: "carol")
        _ = try first.submit(seq: 1, base: 0, Ops.insert("c1"))
        first.close()
        let (again, welcome) = try cluster[1].joined(board: "team", client: "carol", since: 0)
        #expect(welcome.lastSeq == 1)
        let answer = try #require(try again.submit(seq: 1, base: 0, Ops.insert("c1")).ackValue)
        #expect(answer.duplicate && answer.version == 1)
        #expect(try cluster.store.headVersion(of: "team") == 1)
    }

    /// The second server had not heard of the commit yet (no poll): its speculative commit
    /// loses the race, and replayed on top the resubmit is a duplicate.
    @Test func aResubmitOnAServerThatHadNotHeardIsADuplicateAfterItsLostRace() throws {
        let cluster = try InProcessCluster(nodes: 2)
        let (watcher, _) = try cluster[1].joined(board: "team", client: "watcher")
        let (first, _) = try cluster[0].joined(board: "team", client: "dave")
        cluster.settle()
        _ = try first.submit(seq: 1, base: 0, Ops.insert("d1"))
        let (again, welcome) = try cluster[1].joined(board: "team", client: "dave", since: 0)
        #expect(welcome.lastSeq == 0, "server 2 has not caught up yet")
        let answer = try #require(try again.submit(seq: 1, base: 0, Ops.insert("d1")).ackValue)
        #expect(answer.duplicate && answer.version == 1)
        #expect(try cluster.store.headVersion(of: "team") == 1)
        #expect(try watcher.receive { $0.opValue }.version == 1)
    }

    /// With the store cut off, a submit waits; past the deadline it is refused `unavailable`
    /// and its seq is not consumed: submitted again once the store is back, it commits.
    @Test func aStoreThatCannotBeReachedIsAnsweredUnavailableAndSurvived() throws {
        let cluster = try InProcessCluster(nodes: 1, giveUpAfter: 5)
        let server = cluster[0]
        let (erin, _) = try server.joined(board: "team", client: "erin")
        server.settle()
        cluster.store.failure = .unreachable
        erin.send(.submit(.init(seq: 1, base: 0, op: Ops.insert("e1"))))
        server.settle()
        server.advance(by: 3)
        #expect(erin.session.inbox.isEmpty, "nothing is answered before the deadline")
        server.advance(by: 3)
        let refused = try erin.nextError()
        #expect(refused.code == .unavailable && refused.seq == 1)
        cluster.store.failure = .none
        let ack = try #require(try erin.submit(seq: 1, base: 0, Ops.insert("e1")).ackValue)
        #expect(ack.version == 1 && !ack.duplicate)
        #expect(server.service.durability.raceMetrics.submitsGivenUp == 1)
    }

    /// A store that comes back before the deadline acknowledges what waited, unharmed.
    @Test func aShortOutageOnlyDelaysTheAck() throws {
        let cluster = try InProcessCluster(nodes: 1, giveUpAfter: 10)
        let server = cluster[0]
        let (fay, _) = try server.joined(board: "team", client: "fay")
        server.settle()
        cluster.store.failure = .unreachable
        fay.send(.submit(.init(seq: 1, base: 0, op: Ops.insert("f1"))))
        server.settle()
        server.advance(by: 2)
        cluster.store.failure = .none
        server.advance(by: 3)
        let ack = try fay.receive { $0.ackValue }
        #expect(ack.version == 1 && ack.seq == 1)
    }

    @Test(arguments: [FlakySharedStore.Failure.lostAfterCommit, .lostBeforeCommit])
    func aCommitOfUnknownOutcomeIsReadBackBeforeItIsAnswered(failure: FlakySharedStore.Failure) throws {
        let cluster = try InProcessCluster(nodes: 1)
        let server = cluster[0]
        let (gus, _) = try server.joined(board: "team", client: "gus")
        server.settle()
        cluster.store.failure = failure
        gus.send(.submit(.init(seq: 1, base: 0, op: Ops.insert("g1"))))
        server.settle()
        server.advance(by: 1)
        let ack = try gus.receive { $0.ackValue }
        #expect(ack.version == 1)
        #expect(try cluster.store.loadBoard("team")?.ops.count == 1)
    }
}
