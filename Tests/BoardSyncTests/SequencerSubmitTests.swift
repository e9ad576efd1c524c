import BoardSync
import Testing

@Suite struct SequencerSubmitTests {
    let insertX = Op.insert(item: Item(id: "x", label: "X"), to: at("main", 0))

    /// alice on c1 and bob on c2, both joined to the sample board.
    func twoEditors(config: SequencerConfig = .default) -> SequencerHarness {
        var harness = SequencerHarness(config: config)
        harness.join(c1, client: "A", user: "alice")
        harness.join(c2, client: "B", user: "bob")
        return harness
    }

    @Test func commitAcksTheAuthorAndBroadcastsToOthers() {
        var harness = twoEditors()
        let output = harness.submit(c1, seq: 1, base: 0, insertX)
        #expect(
            output.messages == [one(c1, ack(1, 1, insertX)), others(c1, opMessage(1, "A", "alice", insertX), [c2])])
        #expect(output.commits == [SequencedOp(version: 1, client: "A", user: "alice", seq: 1, op: insertX)])
        #expect(output.lastSeqUpdates == [LastSeqUpdate(client: "A", seq: 1)])
        #expect(output.newIDs == [UsedID(id: "x", kind: .item)])
        #expect(output.needsPersisting)
        #expect(harness.sequencer.version == 1)
        #expect(harness.sequencer.snapshot.sections[0].items.map(\.id) == ["x", "a", "b", "c"])
        #expect(harness.sequencer.lastSeq(of: "A") == 1)
    }

    @Test func newSectionIdIsReported() {
        var harness = twoEditors()
        let op = Op.insertSection(section: SectionHeader(id: "later", title: "Later"), index: 2)
        let output = harness.submit(c2, seq: 7, base: 0, op)
        #expect(output.messages == [one(c2, ack(7, 1, op)), others(c2, opMessage(1, "B", "bob", op), [c1])])
        #expect(output.newIDs == [UsedID(id: "later", kind: .section)])
        #expect(output.lastSeqUpdates == [LastSeqUpdate(client: "B", seq: 7)])
    }

    @Test func submitFromAnOldBaseIsRebasedAndCommittedExactly() {
        var harness = twoEditors()
        harness.submitAndFlush(c1, seq: 1, base: 0, insertX)
        let output = harness.submit(c2, seq: 1, base: 0, .move(item: "c", from: at("main", 2), to: at("main", 0)))
        let committed = Op.move(item: "c", from: at("main", 3), to: at("main", 1))
        #expect(
            output.messages == [one(c2, ack(1, 2, committed)), others(c2, opMessage(2, "B", "bob", committed), [c1])])
        #expect(output.commits == [SequencedOp(version: 2, client: "B", user: "bob", seq: 1, op: committed)])
        #expect(output.newIDs.isEmpty)
        #expect(harness.sequencer.snapshot.sections[0].items.map(\.id) == ["x", "c", "a", "b"])
    }

    @Test func opOnAnItemDeletedConcurrentlyIsANoop() {
        var harness = twoEditors()
        harness.submitAndFlush(c1, seq: 1, base: 0, .delete(item: "b", from: at("main", 1)))
        let output = harness.submit(c2, seq: 4, base: 0, .update(item: "b", label: "B2"))
        #expect(output.messages == [one(c2, ack(4, 1, nil))])
        #expect(output.commits.isEmpty)
        #expect(output.lastSeqUpdates == [LastSeqUpdate(client: "B", seq: 4)])
        #expect(output.needsPersisting)
        #expect(harness.sequencer.version == 1)
        #expect(harness.sequencer.lastSeq(of: "B") == 4)
    }

    @Test func opOnADeletedItemAtTheCurrentVersionIsANoop() {
        var harness = twoEditors()
        harness.submitAndFlush(c1, seq: 1, base: 0, .delete(item: "b", from: at("main", 1)))
        let output = harness.submit(c2, seq: 1, base: 1, .move(item: "b", from: at("main", 1), to: at("done", 0)))
        #expect(output.messages == [one(c2, ack(1, 1, nil))])
        #expect(output.lastSeqUpdates == [LastSeqUpdate(client: "B", seq: 1)])
    }

    @Test func duplicateInWindowRepeatsTheOriginalAck() {
        var harness = twoEditors()
        harness.submitAndFlush(c1, seq: 1, base: 0, insertX)
        harness.submitAndFlush(c2, seq: 1, base: 1, .update(item: "a", label: "A2"))
        let output = harness.submit(c1, seq: 1, base: 0, insertX)
        #expect(output.messages == [one(c1, ack(1, 1, insertX, duplicate: true))])
        #expect(!output.needsPersisting)
        #expect(harness.sequencer.version == 2)
    }

    @Test func duplicateOfASeqNeverUsedIsANoopDuplicate() {
        var harness = SequencerHarness(lastSeqs: ["A": 5])
        harness.join(c1, client: "A", user: "alice")
        let output = harness.submit(c1, seq: 3, base: 0, insertX)
        #expect(output.messages == [one(c1, ack(3, 0, nil, duplicate: true))])
        #expect(!output.needsPersisting)
        #expect(harness.sequencer.snapshot == SequencerHarness.sampleBoard)
    }

    @Test func duplicateOfANoopIsANoopDuplicate() {
        var harness = twoEditors()
        harness.submitAndFlush(c1, seq: 1, base: 0, .delete(item: "b", from: at("main", 1)))
        harness.submitAndFlush(c2, seq: 1, base: 0, .update(item: "b", label: "B2"))
        let output = harness.submit(c2, seq: 1, base: 0, .update(item: "b", label: "B2"))
        #expect(output.messages == [one(c2, ack(1, 1, nil, duplicate: true))])
    }

    @Test func duplicateOutsideTheWindowIsANoopDuplicate() {
        var harness = twoEditors(config: SequencerConfig(windowSize: 1))
        harness.submitAndFlush(c1, seq: 1, base: 0, insertX)
        harness.submitAndFlush(c1, seq: 2, base: 1, .update(item: "x", label: "X2"))
        let output = harness.submit(c1, seq: 1, base: 0, insertX)
        #expect(output.messages == [one(c1, ack(1, 2, nil, duplicate: true))])
    }

    @Test func duplicateAfterReconnectRepeatsTheOriginal() {
        var harness = twoEditors()
        harness.submitAndFlush(c1, seq: 1, base: 0, insertX)
        harness.handle(.disconnected(c1))
        let welcome = harness.join(c3, client: "A", user: "alice", since: 0)
        guard case .welcome(let message) = welcome.messages.first?.message else {
            Issue.record("no welcome")
            return
        }
        #expect(message.lastSeq == 1)
        let output = harness.submit(c3, seq: 1, base: 0, insertX)
        #expect(output.messages == [one(c3, ack(1, 1, insertX, duplicate: true))])
    }
}
