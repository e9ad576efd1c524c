import BoardSync
import Testing

@testable import BoardServer

/// One board's turns on a server that shares its store (a turn log that replays), event by
/// event: what is sent when, and how pending turns are worked out again when another server
/// committed first.
@Suite("turn log that replays")
struct TurnLogReplayTests {
    static let board = Board(
        id: "team", version: 0,
        sections: [
            Section(id: "main", title: "Main", items: [Item(id: "a", label: "A"), Item(id: "b", label: "B")]),
            Section(id: "done", title: "Done"),
        ])

    static let alice = ConnectionID(1)
    static let bob = ConnectionID(2)

    /// A board with alice and bob joined (their welcomes already sent) and nothing pending.
    struct Node {
        var log: TurnLog
        var current: Sequencer
        var now = 100.0

        init() {
            current = Sequencer(state: BoardState(board: TurnLogReplayTests.board))
            log = TurnLog(board: current, snapshotEvery: 1_000, replays: true)
            for (id, client) in [(alice, "A"), (bob, "B")] {
                handle(.connected(id, role: .editor))
                handle(.received(id, .hello(.init(client: ClientID(client), user: client.lowercased()))))
            }
            _ = log.endTurn(board: current.snapshot)
        }

        @discardableResult
        mutating func handle(_ event: SequencerEvent) -> SequencerOutput {
            let output = current.handle(event, now: now)
            log.append(.event(event, now: now), result: .sequencer(output), boardAfter: current.snapshot, now: now)
            return output
        }

        mutating func submit(_ id: ConnectionID, seq: Int, base: Int, _ op: Op) {
            handle(.received(id, .submit(.init(seq: seq, base: base, op: op))))
        }
    }

    /// The messages of `results` for connection `id`, in order.
    static func messages(_ results: [TurnLog.Result], to id: ConnectionID) -> [ServerMessage] {
        results.flatMap { result -> [ServerMessage] in
            switch result {
            case .sequencer(let output): output.messages(to: id)
            case .direct(let target, let message): target == id ? [message] : []
            }
        }
    }

    static func elsewhere(_ version: Int, _ op: Op, client: ClientID = "Z", seq: Int = 1) -> SequencedOp {
        SequencedOp(version: version, client: client, user: "zoe", seq: seq, op: op)
    }

    static let moveA = Op.move(item: "a", from: .init(section: "main", index: 0), to: .init(section: "done", index: 0))
    static let renameB = Op.update(item: "b", label: "Bee")

    @Test func aTurnThatStoresNothingIsSentAtOnce() {
        var node = Node()
        node.handle(.received(Self.alice, .drag(.begin(item: "a"))))
        let sent = node.log.endTurn(board: node.current.snapshot)
        #expect(Self.messages(sent, to: Self.bob).count == 1)
        #expect(node.log.isIdle)
        #expect(node.log.durable?.dragCount == 1)
    }

    @Test func anAckWaitsForItsCommitAndTurnsAfterItWait() {
        var node = Node()
        node.submit(Self.alice, seq: 1, base: 0, Self.moveA)
        #expect(node.log.endTurn(board: node.current.snapshot).isEmpty)
        node.handle(.received(Self.bob, .drag(.begin(item: "b"))))
        #expect(node.log.endTurn(board: node.current.snapshot).isEmpty, "a drag behind a commit waits for it")
        let stored = node.log.takeForCommit(ticket: 1)
        #expect(stored?.outputs.flatMap(\.commits).map(\.version) == [1])
        #expect(node.log.isCommitting)
        let sent = node.log.committed(through: 1, current: &node.current, now: node.now)
        #expect(
            Self.messages(sent, to: Self.alice).first
                == .ack(.init(seq: 1, version: 1, op: Self.moveA)))
        #expect(Self.messages(sent, to: Self.bob).count == 2)
        #expect(node.log.isIdle)
        #expect(node.log.durableBoard.version == 1)
        #expect(node.log.durable?.dragCount == 1)
    }

    /// Another server took version 1: its op goes out at once, and the pending submit is
    /// rebased through it and committed at version 2.
    @Test func aLostRaceSendsTheNewerOpsAndRebasesThePendingSubmit() {
        var node = Node()
        node.submit(
            Self.alice, seq: 1, base: 0,
            .move(item: "b", from: .init(section: "main", index: 1), to: .init(section: "done", index: 0)))
        _ = node.log.endTurn(board: node.current.snapshot)
        _ = node.log.takeForCommit(ticket: 1)
        let foreign = Self.elsewhere(1, .delete(item: "a", from: .init(section: "main", index: 0)))
        let sent = node.log.conflicted(through: 1, newer: [foreign], current: &node.current, now: node.now)
        #expect(Self.messages(sent, to: Self.alice) == [.op(foreign.message)])
        #expect(Self.messages(sent, to: Self.bob) == [.op(foreign.message)])
        #expect(node.log.hasWaitingCommits)
        let rebased = Op.move(item: "b", from: .init(section: "main", index: 0), to: .init(section: "done", index: 0))
        #expect(node.log.takeForCommit(ticket: 2)?.outputs.flatMap(\.commits).map(\.op) == [rebased])
        let acked = node.log.committed(through: 2, current: &node.current, now: node.now)
        #expect(Self.messages(acked, to: Self.alice) == [.ack(.init(seq: 1, version: 2, op: rebased))])
        #expect(node.current.version == 2)
        #expect(node.log.durableBoard.version == 2)
    }

    @Test func aSubmitThatTheNewerOpsMadeANoOpIsStillStoredAsASeqAdvance() {
        var node = Node()
        node.submit(Self.alice, seq: 1, base: 0, Self.moveA)
        _ = node.log.endTurn(board: node.current.snapshot)
        _ = node.log.takeForCommit(ticket: 1)
        let foreign = Self.elsewhere(1, .delete(item: "a", from: .init(section: "main", index: 0)))
        _ = node.log.conflicted(through: 1, newer: [foreign], current: &node.current, now: node.now)
        let stored = node.log.takeForCommit(ticket: 2)
        #expect(stored?.outputs.flatMap(\.commits).isEmpty == true)
        #expect(stored?.outputs.flatMap(\.lastSeqUpdates) == [LastSeqUpdate(client: "A", seq: 1)])
        let sent = node.log.committed(through: 2, current: &node.current, now: node.now)
        #expect(Self.messages(sent, to: Self.alice) == [.ack(.init(seq: 1, version: 1, op: nil))])
    }

    /// The client's submit was committed by another server (it resubmitted after reconnecting
    /// here): worked out again it is a duplicate, which stores nothing and goes at once.
    @Test func aSubmitAnotherServerCommittedComesBackAsADuplicateAtOnce() {
        var node = Node()
        node.submit(Self.alice, seq: 4, base: 0, Self.renameB)
        _ = node.log.endTurn(board: node.current.snapshot)
        _ = node.log.takeForCommit(ticket: 1)
        let original = Self.elsewhere(1, Self.renameB, client: "A", seq: 4)
        let sent = node.log.conflicted(through: 1, newer: [original], current: &node.current, now: node.now)
        #expect(
            Self.messages(sent, to: Self.alice) == [
                .op(original.message), .ack(.init(seq: 4, version: 1, op: Self.renameB, duplicate: true)),
            ])
        #expect(node.log.isIdle)
    }

    @Test func opsLearntDuringACommitWaitForItsAnswer() {
        var node = Node()
        node.submit(Self.alice, seq: 1, base: 0, Self.renameB)
        _ = node.log.endTurn(board: node.current.snapshot)
        _ = node.log.takeForCommit(ticket: 1)
        let later = Self.elsewhere(2, .delete(item: "a", from: .init(section: "main", index: 0)))
        #expect(node.log.committedElsewhere([later], current: &node.current, now: node.now).isEmpty)
        #expect(!node.log.isIdle)
        let sent = node.log.committed(through: 1, current: &node.current, now: node.now)
        #expect(
            Self.messages(sent, to: Self.alice) == [
                .ack(.init(seq: 1, version: 1, op: Self.renameB)), .op(later.message),
            ])
        #expect(node.current.version == 2)
        #expect(node.log.isIdle)
    }

    @Test func opsOfItsOwnCommitLearntDuringItAreNotAppliedTwice() {
        var node = Node()
        node.submit(Self.alice, seq: 1, base: 0, Self.renameB)
        _ = node.log.endTurn(board: node.current.snapshot)
        _ = node.log.takeForCommit(ticket: 1)
        let own = SequencedOp(version: 1, client: "A", user: "a", seq: 1, op: Self.renameB)
        _ = node.log.committedElsewhere([own], current: &node.current, now: node.now)
        let sent = node.log.committed(through: 1, current: &node.current, now: node.now)
        #expect(Self.messages(sent, to: Self.bob) == [.op(own.message)])
        #expect(node.current.version == 1)
        #expect(!node.log.isOutOfStep)
    }

    @Test func aCommitThatStoredNothingWaitsForTheNextTry() {
        var node = Node()
        node.submit(Self.alice, seq: 1, base: 0, Self.renameB)
        _ = node.log.endTurn(board: node.current.snapshot)
        _ = node.log.takeForCommit(ticket: 1)
        node.log.notCommitted(through: 1)
        #expect(!node.log.isCommitting)
        #expect(node.log.takeForCommit(ticket: 2)?.outputs.flatMap(\.commits).count == 1)
        let sent = node.log.committed(through: 2, current: &node.current, now: node.now)
        #expect(Self.messages(sent, to: Self.alice) == [.ack(.init(seq: 1, version: 1, op: Self.renameB))])
    }

    /// Past the deadline, with no commit under way, every pending submit is refused with
    /// `unavailable` and the rest of the pending turns goes out.
    @Test func givingUpAnswersEveryPendingSubmitUnavailable() {
        var node = Node()
        node.submit(Self.alice, seq: 1, base: 0, Self.renameB)
        _ = node.log.endTurn(board: node.current.snapshot)
        node.now += 5
        node.handle(.received(Self.bob, .drag(.begin(item: "a"))))
        node.submit(Self.bob, seq: 1, base: 0, Self.moveA)
        _ = node.log.endTurn(board: node.current.snapshot)
        _ = node.log.takeForCommit(ticket: 1)
        #expect(node.log.giveUp(now: 200, deadline: 10, current: &node.current, message: "down").isEmpty, "under way")
        node.log.notCommitted(through: 1)
        #expect(node.log.giveUp(now: 109, deadline: 10, current: &node.current, message: "down").isEmpty, "too soon")
        let sent = node.log.giveUp(now: 110, deadline: 10, current: &node.current, message: "down")
        #expect(Self.messages(sent, to: Self.alice).first == .error(.init(code: .unavailable, message: "down", seq: 1)))
        let toBob = Self.messages(sent, to: Self.bob)
        #expect(toBob.count == 2)
        #expect(toBob.last == .error(.init(code: .unavailable, message: "down", seq: 1)))
        #expect(node.log.isIdle)
        #expect(node.current.version == 0)
        #expect(node.current.dragCount == 1)
        #expect(node.current.lastSeq(of: "A") == 0, "the seq is not consumed")
    }

    @Test func opsThatLeaveAGapPutTheBoardOutOfStep() {
        var node = Node()
        _ = node.log.committedElsewhere(
            [Self.elsewhere(2, Self.renameB)], current: &node.current, now: node.now)
        #expect(node.log.isOutOfStep)
    }
}
