import BoardSync
import Testing

@Suite struct SequencerHelloTests {
    let alice = ServerMessage.You(client: "A", user: "alice", role: .editor)
    let insertX = Op.insert(item: Item(id: "x", label: "X"), to: at("main", 0))
    let insertY = Op.insert(item: Item(id: "y", label: "Y"), to: at("done", 0))
    let updateA = Op.update(item: "a", label: "A2")

    /// A board where alice (c1) committed three ops: versions 1, 2 and 3.
    func boardWithThreeOps(windowSize: Int = 10_000) -> SequencerHarness {
        var harness = SequencerHarness(config: SequencerConfig(windowSize: windowSize))
        harness.join(c1, client: "A", user: "alice")
        harness.submitAndFlush(c1, seq: 1, base: 0, insertX)
        harness.submitAndFlush(c1, seq: 2, base: 1, insertY)
        harness.submitAndFlush(c1, seq: 3, base: 2, updateA)
        return harness
    }

    func committed(_ version: Int, _ op: Op) -> SequencedOp {
        .init(version: version, client: "A", user: "alice", seq: 0, op: op)
    }

    func welcome(_ state: ServerMessage.Welcome.State, lastSeq: Int = 0) -> ServerMessage {
        .welcome(
            .init(
                state: state, you: .init(client: "B", user: "bob", role: .editor),
                peers: [.init(client: "A", user: "alice")], lastSeq: lastSeq))
    }

    @Test func firstHelloGetsSnapshotAndNoPresence() {
        var harness = SequencerHarness()
        harness.handle(.connected(c1, role: .editor))
        let output = harness.handle(.received(c1, .hello(.init(client: "A", user: "alice"))))
        #expect(
            output.messages == [
                one(
                    c1,
                    .welcome(
                        .init(state: .board(SequencerHarness.sampleBoard), you: alice, peers: [], drags: [], lastSeq: 0)
                    ))
            ])
        #expect(!output.needsPersisting)
        #expect(output.closes.isEmpty)
        #expect(harness.sequencer.connectionCount == 1)
        #expect(harness.sequencer.joinedConnectionCount == 1)
    }

    @Test func viewerRoleIsReportedInYou() {
        var harness = SequencerHarness()
        let output = harness.join(c1, client: "V", user: "vera", role: .viewer)
        #expect(
            output.messages == [
                one(
                    c1,
                    .welcome(
                        .init(
                            state: .board(SequencerHarness.sampleBoard),
                            you: .init(client: "V", user: "vera", role: .viewer))))
            ])
        #expect(harness.sequencer.joinedConnectionCount(role: .viewer) == 1)
    }

    @Test func sinceEqualToVersionGetsEmptyOps() {
        var harness = boardWithThreeOps()
        let output = harness.join(c2, client: "B", user: "bob", since: 3)
        #expect(
            output.messages == [
                one(c2, welcome(.ops([]))),
                others(c2, .presence(.init(action: .join, client: "B", user: "bob")), [c1]),
            ])
    }

    @Test func sinceInsideWindowGetsTheOpsAfterIt() {
        var harness = boardWithThreeOps()
        let output = harness.join(c2, client: "B", user: "bob", since: 1)
        #expect(output.messages.first == one(c2, welcome(.ops([committed(2, insertY), committed(3, updateA)]))))
    }

    @Test func catchUpIncludesTheClientsOwnOpsAndLastSeq() {
        var harness = boardWithThreeOps()
        harness.handle(.disconnected(c1))
        let output = harness.join(c3, client: "A", user: "alice", since: 0)
        #expect(
            output.messages == [
                one(
                    c3,
                    .welcome(
                        .init(
                            state: .ops([committed(1, insertX), committed(2, insertY), committed(3, updateA)]),
                            you: alice, lastSeq: 3)))
            ])
    }

    @Test func sinceOlderThanWindowGetsSnapshot() {
        var harness = boardWithThreeOps(windowSize: 2)
        #expect(harness.sequencer.oldestRebaseableVersion == 1)
        let output = harness.join(c2, client: "B", user: "bob", since: 0)
        #expect(output.messages.first == one(c2, welcome(.board(harness.sequencer.snapshot))))
        var inside = boardWithThreeOps(windowSize: 2)
        let caughtUp = inside.join(c2, client: "B", user: "bob", since: 1)
        #expect(caughtUp.messages.first == one(c2, welcome(.ops([committed(2, insertY), committed(3, updateA)]))))
    }

    @Test func sinceAboveVersionGetsSnapshot() {
        var harness = boardWithThreeOps()
        let output = harness.join(c2, client: "B", user: "bob", since: 4)
        #expect(output.messages.first == one(c2, welcome(.board(harness.sequencer.snapshot))))
        #expect(harness.sequencer.snapshot.version == 3)
    }

    @Test func recentOpsGivenAtStartServeCatchUp() {
        let ops = [
            SequencedOp(version: 1, client: "A", user: "alice", seq: 1, op: insertX),
            SequencedOp(version: 2, client: "A", user: "alice", seq: 2, op: insertY),
        ]
        var board = SequencerHarness.sampleBoard
        board.version = 2
        board.sections[0].items.insert(Item(id: "x", label: "X"), at: 0)
        board.sections[1].items.append(Item(id: "y", label: "Y"))
        var harness = SequencerHarness(board: board, recentOps: ops, lastSeqs: ["A": 2])
        let output = harness.join(c1, client: "A", user: "alice", since: 1)
        #expect(
            output.messages == [one(c1, .welcome(.init(state: .ops([committed(2, insertY)]), you: alice, lastSeq: 2)))])
    }

    @Test func presenceJoinAndLeaveGoToTheOthers() {
        var harness = SequencerHarness()
        harness.join(c1, client: "A", user: "alice")
        let bob = harness.join(c2, client: "B", user: "bob")
        #expect(
            bob.messages == [
                one(c2, welcome(.board(SequencerHarness.sampleBoard))),
                others(c2, .presence(.init(action: .join, client: "B", user: "bob")), [c1]),
            ])
        let carol = harness.join(c3, client: "C", user: "carol")
        #expect(
            carol.messages == [
                one(
                    c3,
                    .welcome(
                        .init(
                            state: .board(SequencerHarness.sampleBoard),
                            you: .init(client: "C", user: "carol", role: .editor),
                            peers: [.init(client: "A", user: "alice"), .init(client: "B", user: "bob")]))),
                others(c3, .presence(.init(action: .join, client: "C", user: "carol")), [c1, c2]),
            ])
        let left = harness.handle(.disconnected(c2))
        #expect(left.messages == [others(c2, .presence(.init(action: .leave, client: "B", user: "bob")), [c1, c3])])
        #expect(harness.sequencer.joinedConnectionCount == 2)
    }

    @Test func connectionsWithoutHelloAreInvisible() {
        var harness = SequencerHarness()
        harness.join(c1, client: "A", user: "alice")
        harness.handle(.connected(c2, role: .editor))
        #expect(harness.sequencer.connectionCount == 2)
        #expect(harness.sequencer.joinedConnectionCount == 1)
        #expect(harness.sequencer.client(of: c1) == "A")
        #expect(harness.sequencer.client(of: c2) == nil)
        #expect(harness.sequencer.role(of: c2) == .editor)
        #expect(harness.sequencer.role(of: c3) == nil)
        let op = harness.submit(c1, seq: 1, base: 0, insertX)
        #expect(op.messages == [one(c1, ack(1, 1, insertX))])
        #expect(harness.handle(.disconnected(c2)).messages.isEmpty)
        #expect(harness.sequencer.connectionCount == 1)
    }

    @Test func sameClientReplacesTheOldConnectionWith4409() {
        var harness = SequencerHarness()
        harness.join(c1, client: "A", user: "alice")
        harness.join(c2, client: "B", user: "bob")
        let output = harness.join(c3, client: "A", user: "alice")
        #expect(
            output.messages == [
                one(
                    c3,
                    .welcome(
                        .init(
                            state: .board(SequencerHarness.sampleBoard), you: alice,
                            peers: [.init(client: "B", user: "bob")])))
            ])
        #expect(output.closes == [ConnectionClose(connection: c1, reason: .replaced)])
        #expect(output.closes.first?.reason.code == 4409)
        #expect(harness.handle(.disconnected(c1)).messages.isEmpty)
        #expect(harness.submit(c1, seq: 1, base: 0, insertX).messages.isEmpty)
        #expect(harness.sequencer.version == 0)
        #expect(harness.sequencer.joinedConnectionCount == 2)
        let bobLeaves = harness.handle(.disconnected(c2))
        #expect(bobLeaves.messages == [others(c2, .presence(.init(action: .leave, client: "B", user: "bob")), [c3])])
    }

    @Test func replacementCancelsTheOldConnectionsDragAsLeft() {
        var harness = SequencerHarness()
        harness.join(c1, client: "A", user: "alice")
        harness.join(c2, client: "B", user: "bob")
        harness.drag(c1, .begin(item: "a"))
        let output = harness.join(c3, client: "A", user: "alice")
        #expect(
            output.messages == [
                everyone(dragMessage(.cancel, "A", "alice", "a", from: at("main", 0), version: 0, reason: .left), [c2]),
                one(
                    c3,
                    .welcome(
                        .init(
                            state: .board(SequencerHarness.sampleBoard), you: alice,
                            peers: [.init(client: "B", user: "bob")]))),
            ])
        #expect(harness.sequencer.dragCount == 0)
    }

    @Test func welcomeListsDragsInProgress() {
        var harness = SequencerHarness()
        harness.join(c1, client: "A", user: "alice")
        harness.join(c2, client: "B", user: "bob")
        harness.drag(c1, .begin(item: "c"))
        harness.drag(c2, .begin(item: "a"))
        harness.drag(c2, .over(item: "a", base: 0, from: at("main", 0), to: at("done", 0)))
        let output = harness.join(c3, client: "C", user: "carol")
        guard case .welcome(let welcome) = output.messages.first?.message else {
            Issue.record("no welcome")
            return
        }
        #expect(
            welcome.drags == [
                .init(
                    action: .over, client: "B", user: "bob", item: "a", from: at("main", 0), to: at("done", 0),
                    version: 0),
                .init(action: .begin, client: "A", user: "alice", item: "c", from: at("main", 2), version: 0),
            ])
    }
}
