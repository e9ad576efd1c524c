import BoardStore
import BoardSync
import TestSupport
import Testing

@testable import BoardServer

/// The release of a board's turns behind durability on a server with a store of its own (a turn
/// log that does not replay, driven by the commit loop as `Durability` drives it), event by
/// event. Turns are numbered in the order they end: a turn that stores something is a submit of
/// item `t<n>` by a writer without an answer in flight, one that stores nothing is an answer
/// the shell gives itself, with the text `turn <n>`; commits get tickets 1, 2, ...
@Suite("turn log of a store of its own")
struct TurnLogTests {
    static let writers = (1...8).map { ConnectionID(UInt64($0)) }

    /// One board with eight writers joined, its turn log and the service's commit loop.
    struct Node {
        var log: TurnLog
        var current: Sequencer
        var loop = CommitLoop<String>()
        var now = 100.0
        /// Turns sent so far, by number, in the order they were sent.
        var sent: [Int] = []
        /// Writers whose submit is not answered yet.
        var busy: Set<ConnectionID> = []
        var ended = 0

        init(snapshotEvery: Int = 1_000) {
            var joined = Sequencer(state: BoardState(board: .sample))
            for (index, id) in TurnLogTests.writers.enumerated() {
                _ = joined.handle(.connected(id, role: .editor), now: 100)
                _ = joined.handle(.received(id, .hello(.init(client: ClientID("w\(index)"), user: "w"))), now: 100)
            }
            current = joined
            log = TurnLog(board: joined, snapshotEvery: snapshotEvery, replays: false)
        }

        /// A writer without a submit in flight, if any.
        var freeWriter: ConnectionID? { TurnLogTests.writers.first { !busy.contains($0) } }

        /// Ends turn `n`: a submit of item `t<n>` when `stores` (by a free writer), else an
        /// answer of the shell. Then commits what waits, as the service does after a turn.
        mutating func turn(stores: Bool) {
            ended += 1
            let number = ended
            if stores, let writer = freeWriter {
                busy.insert(writer)
                let submit = ClientMessage.Submit(
                    seq: number, base: current.version,
                    op: .insert(
                        item: Item(id: ItemID("t\(number)"), label: "\(number)"), to: .init(section: "main", index: 0)))
                let event = SequencerEvent.received(writer, .submit(submit))
                let output = current.handle(event, now: now)
                log.append(.event(event, now: now), result: .sequencer(output), boardAfter: current.snapshot, now: now)
            } else {
                let answer = ServerMessage.error(.init(code: .limit, message: "turn \(number)"))
                log.append(
                    .direct(Self.writersFirst, answer), result: .direct(Self.writersFirst, answer),
                    boardAfter: current.snapshot,
                    now: now)
            }
            send(log.endTurn(board: current.snapshot))
            if let commit = log.takeForCommit(ticket: loop.lastTicket + 1) {
                _ = loop.start([.init(board: "sample", ops: commit.opCount)], creating: [])
            }
        }

        static let writersFirst = TurnLogTests.writers[0]

        /// Every commit up to `ticket` is durable.
        mutating func complete(through ticket: UInt64) {
            let finished = loop.finish(through: ticket, stored: true, at: now)
            guard finished.parts.contains(where: { $0.board == "sample" }) else { return }
            send(log.committed(through: ticket, current: &current, now: now))
        }

        /// Notes what went out, and tells the sequencer its answers were flushed.
        private mutating func send(_ results: [TurnLog.Result]) {
            for result in results {
                switch result {
                case .sequencer(let output):
                    for outgoing in output.messages {
                        guard case .ack(let ack) = outgoing.message, case .insert(let item, _) = ack.op,
                            let number = Int(item.id.rawValue.dropFirst())
                        else { continue }
                        sent.append(number)
                        busy.subtract(outgoing.connections)
                    }
                case .direct(_, .error(let report)):
                    if let number = Int(report.message.dropFirst("turn ".count)) { sent.append(number) }
                case .direct:
                    break
                }
            }
            guard !results.isEmpty else { return }
            let output = current.handle(.flushed, now: now)
            log.append(.event(.flushed, now: now), result: .sequencer(output), boardAfter: current.snapshot, now: now)
        }
    }

    @Test func aTurnThatStoresNothingIsSentAtOnceWhenNothingWaits() {
        var node = Node()
        node.turn(stores: false)
        #expect(node.sent == [1])
        #expect(node.log.isIdle)
        #expect(node.loop.lastTicket == 0)
    }

    @Test func aTurnIsSentOnlyOnceItsCommitIsDurable() {
        var node = Node()
        node.turn(stores: true)
        #expect(node.sent == [])
        #expect(node.loop.lastTicket == 1)
        #expect(!node.log.isIdle)
        node.complete(through: 1)
        #expect(node.sent == [1])
        #expect(node.log.isIdle)
        #expect(node.log.durableBoard.version == 1)
    }

    @Test func aTurnThatStoresNothingWaitsForTheTurnsBeforeIt() {
        var node = Node()
        node.turn(stores: true)
        node.turn(stores: false)
        node.turn(stores: false)
        #expect(node.sent == [])
        #expect(node.log.segments.count == 3)
        node.complete(through: 1)
        #expect(node.sent == [1, 2, 3])
        #expect(node.log.isIdle)
    }

    /// A log that never conflicts lets every turn's commit go at once, however many are under way.
    @Test func severalCommitsUnderWayAreSentInOrderAsTheyComplete() {
        var node = Node()
        node.turn(stores: true)
        node.turn(stores: true)
        node.turn(stores: false)
        node.turn(stores: true)
        #expect(node.loop.lastTicket == 3)
        node.complete(through: 1)
        #expect(node.sent == [1])
        node.complete(through: 2)
        #expect(node.sent == [1, 2, 3])
        #expect(node.log.segments.count == 1)
        node.complete(through: 3)
        #expect(node.sent == [1, 2, 3, 4])
        #expect(node.log.isIdle)
    }

    /// The committer merges every batch waiting into one transaction and reports the highest
    /// ticket: every turn up to it goes out, in order.
    @Test func oneTransactionForSeveralCommitsReleasesEveryTurnItCovers() {
        var node = Node()
        node.turn(stores: true)
        node.turn(stores: false)
        node.turn(stores: true)
        node.turn(stores: true)
        node.turn(stores: false)
        node.complete(through: 3)
        #expect(node.sent == [1, 2, 3, 4, 5])
        #expect(node.log.isIdle)
        #expect(node.loop.isIdle)
    }

    @Test func aTurnEndingAfterEveryCommitCompletedIsSentAtOnce() {
        var node = Node()
        node.turn(stores: true)
        node.complete(through: 1)
        node.turn(stores: false)
        #expect(node.sent == [1, 2])
        node.turn(stores: true)
        #expect(node.loop.lastTicket == 2)
        #expect(node.sent == [1, 2])
    }

    @Test func onlyTurnsThatStoreSomethingTakeATicket() {
        var node = Node()
        node.turn(stores: false)
        node.turn(stores: true)
        node.turn(stores: false)
        node.turn(stores: true)
        #expect(node.loop.lastTicket == 2)
        #expect(node.sent == [1])
    }

    @Test func aLogThatNeverConflictsKeepsNeitherEventsNorASecondSequencer() {
        var node = Node()
        node.turn(stores: true)
        node.turn(stores: false)
        #expect(node.log.durable == nil)
        #expect(node.log.segments.allSatisfy { $0.entries.isEmpty })
        #expect(node.log.giveUp(now: 1e9, deadline: 0, current: &node.current, message: "down").isEmpty)
    }

    /// A failed commit stops the loop: no commit starts, and completions of what was under way
    /// release nothing, so nothing waiting is ever sent.
    @Test func aFailedCommitStopsAndNothingWaitingIsEverSent() {
        var node = Node()
        node.turn(stores: true)
        node.turn(stores: false)
        node.loop.stop()
        #expect(node.loop.isStopped)
        #expect(node.loop.isIdle)
        #expect(!node.loop.mayStart(at: node.now))
        node.complete(through: 1)
        #expect(node.sent == [])
        #expect(!node.log.isIdle)
    }

    @Test func aFailureAfterSomeCommitsKeepsWhatWasSentAndSendsNothingMore() {
        var node = Node()
        node.turn(stores: true)
        node.turn(stores: true)
        node.turn(stores: false)
        node.complete(through: 1)
        #expect(node.sent == [1])
        node.loop.stop()
        node.complete(through: 2)
        #expect(node.sent == [1])
    }

    /// Snapshots land at every version that is a multiple of `snapshotEvery`, whoever commits,
    /// and go with the commit that reaches them; the board as the last released turn left it
    /// is what `GET /boards/NAME` shows.
    @Test func snapshotsGoWithTheCommitThatReachesTheirVersion() {
        var node = Node(snapshotEvery: 2)
        node.turn(stores: true)
        #expect(node.log.takeForCommit(ticket: 99) == nil, "the first turn's commit is under way")
        node.turn(stores: true)
        node.turn(stores: true)
        let snapshots = node.log.segments.flatMap(\.snapshots)
        #expect(snapshots.map(\.version) == [2])
        #expect(snapshots.first?.sections.first?.items.map(\.id) == ["t2", "t1", "a", "b", "c"])
        #expect(node.log.durableBoard.version == 0)
        node.complete(through: 2)
        #expect(node.log.durableBoard.version == 2)
        #expect(node.log.durableBoard == snapshots.first)
    }

    /// A board created in memory is stored by the first turn that produces something, and a
    /// turn of it that stores nothing waits for that creation.
    @Test func aBoardCreatedInMemoryIsStoredWithItsFirstTurn() {
        var current = Sequencer(state: BoardState(board: .initial(id: "new")))
        var log = TurnLog(board: current, snapshotEvery: 1_000, replays: false, stored: false)
        let connected = current.handle(.connected(ConnectionID(1), role: .editor), now: 1)
        log.append(
            .event(.connected(ConnectionID(1), role: .editor), now: 1), result: .sequencer(connected),
            boardAfter: current.snapshot,
            now: 1)
        #expect(log.endTurn(board: current.snapshot).isEmpty)
        #expect(log.segments.isEmpty, "a connection without hello produces nothing to keep")
        let hello = SequencerEvent.received(ConnectionID(1), .hello(.init(client: "c", user: "c")))
        log.append(
            .event(hello, now: 1), result: .sequencer(current.handle(hello, now: 1)), boardAfter: current.snapshot,
            now: 1)
        #expect(log.endTurn(board: current.snapshot).isEmpty, "the welcome waits for the board's creation")
        #expect(!log.isStored)
        let commit = log.takeForCommit(ticket: 1)
        #expect(commit?.createsBoard == true)
        #expect(commit?.outputs.isEmpty == true)
        let released = log.committed(through: 1, current: &current, now: 1)
        #expect(released.count == 1)
        #expect(log.isStored)
        #expect(log.takeForCommit(ticket: 2) == nil)
    }

    /// Random interleavings of turns and completions, the way the committer produces them (each
    /// completion reports a higher ticket, up to the last one handed out): every turn is sent
    /// exactly once, in the order the turns ended, and only once its own commit and every
    /// commit before it are durable.
    @Test(arguments: TestSeed.sweep(count: 200, from: 0x7E_0000))
    func randomInterleavingsSendEveryTurnOnceInOrderBehindItsCommits(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var node = Node()
        var needs: [Int: UInt64] = [:]
        var durable: UInt64 = 0

        for _ in 0..<300 {
            let handedOut = node.loop.lastTicket
            if Int.random(in: 0..<3, using: &random) > 0 || durable == handedOut {
                let stores = Bool.random(using: &random) && node.freeWriter != nil
                let sentBefore = node.sent.count
                node.turn(stores: stores)
                needs[node.ended] = stores ? node.loop.lastTicket : handedOut
                for number in node.sent[sentBefore...] {
                    #expect(needs[number].map { $0 <= durable } == true, "seed \(seed): \(number) sent before durable")
                }
            } else {
                durable = UInt64.random(in: (durable + 1)...handedOut, using: &random)
                let sentBefore = node.sent.count
                node.complete(through: durable)
                for number in node.sent[sentBefore...] {
                    #expect(needs[number].map { $0 <= durable } == true, "seed \(seed): \(number) sent before durable")
                }
            }
            #expect(
                node.sent == Array(Array(1...max(1, node.ended)).prefix(node.sent.count)),
                "seed \(seed): sent out of order")
        }
        if durable < node.loop.lastTicket {
            durable = node.loop.lastTicket
            node.complete(through: durable)
        }
        #expect(node.sent == Array(1...node.ended), "seed \(seed) (\(TestSeed.rerun(seed)))")
        #expect(node.log.isIdle, "seed \(seed)")
        #expect(node.loop.isIdle, "seed \(seed)")
    }
}
