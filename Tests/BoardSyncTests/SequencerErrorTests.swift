import BoardSync
import Testing

@Suite struct SequencerErrorTests {
    func twoEditors(config: SequencerConfig = .default) -> SequencerHarness {
        var harness = SequencerHarness(config: config)
        harness.join(c1, client: "A", user: "alice")
        harness.join(c2, client: "B", user: "bob")
        return harness
    }

    /// Submits `op` at the current version and expects exactly one error answering it, with no
    /// effect on the board or on `lastSeq`.
    func expectRefused(
        _ op: Op, _ code: ErrorCode, _ text: String, config: SequencerConfig = .default,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var harness = twoEditors(config: config)
        let output = harness.submit(c1, seq: 1, base: 0, op)
        #expect(output.messages == [one(c1, errorMessage(code, text, seq: 1))], sourceLocation: sourceLocation)
        #expect(!output.needsPersisting, sourceLocation: sourceLocation)
        #expect(harness.sequencer.snapshot == SequencerHarness.sampleBoard, sourceLocation: sourceLocation)
        harness.handle(.flushed)
        let retry = harness.submit(c1, seq: 1, base: 0, .update(item: "a", label: "A2"))
        #expect(
            retry.messages.first == one(c1, ack(1, 1, .update(item: "a", label: "A2"))), sourceLocation: sourceLocation)
    }

    @Test func messageBeforeHelloIsBadMessage() {
        var harness = SequencerHarness()
        harness.handle(.connected(c1, role: .editor))
        let submit = harness.submit(c1, seq: 1, base: 0, .update(item: "a", label: "A2"))
        #expect(submit.messages == [one(c1, errorMessage(.badMessage, "the first message must be hello", seq: 1))])
        let drag = harness.drag(c1, .begin(item: "a"))
        #expect(drag.messages == [one(c1, errorMessage(.badMessage, "the first message must be hello"))])
        #expect(harness.sequencer.version == 0)
        #expect(harness.join(c1, client: "A", user: "alice").messages.count == 1)
    }

    @Test func secondHelloIsBadMessage() {
        var harness = twoEditors()
        let output = harness.handle(.received(c1, .hello(.init(client: "Z", user: "zed"))))
        #expect(output.messages == [one(c1, errorMessage(.badMessage, "second hello on this connection"))])
        #expect(harness.sequencer.joinedConnectionCount == 2)
    }

    @Test func undecodableMessageIsBadMessage() {
        var harness = twoEditors()
        let output = harness.handle(.undecodable(c2, .init(.unknownType("shout"))))
        #expect(output.messages == [one(c2, errorMessage(.badMessage, "unknown message type \"shout\""))])
    }

    @Test func undecodableSubmitIsBadMessageWithItsSeq() {
        var harness = twoEditors()
        let output = harness.handle(.undecodable(c2, .init(.missingField("op"), seq: 7)))
        #expect(output.messages == [one(c2, errorMessage(.badMessage, "missing field \"op\"", seq: 7))])
        #expect(harness.sequencer.lastSeq(of: "B") == 0)
    }

    @Test func helloWithInvalidFieldsIsBadMessage() {
        var harness = SequencerHarness()
        harness.handle(.connected(c1, role: .editor))
        let output = harness.handle(.received(c1, .hello(.init(client: "not valid", user: "alice"))))
        #expect(output.messages == [one(c1, errorMessage(.badMessage, "client is not a valid id"))])
        #expect(harness.sequencer.joinedConnectionCount == 0)
    }

    @Test func unknownIdIsBadOp() {
        expectRefused(.update(item: "zz", label: "Z"), .badOp, "unknown id zz")
    }

    @Test func idOfTheWrongKindIsBadOp() {
        expectRefused(.update(item: "main", label: "Z"), .badOp, "main is not an item")
    }

    @Test func reusedIdIsBadOp() {
        expectRefused(
            .insert(item: Item(id: "a", label: "A"), to: at("done", 0)), .badOp, "id a was already used on this board")
    }

    @Test func idOfADeletedItemIsNeverAcceptedAgain() {
        var harness = twoEditors()
        harness.submitAndFlush(c1, seq: 1, base: 0, .delete(item: "a", from: at("main", 0)))
        let output = harness.submit(c1, seq: 2, base: 1, .insert(item: Item(id: "a", label: "A"), to: at("main", 0)))
        #expect(output.messages == [one(c1, errorMessage(.badOp, "id a was already used on this board", seq: 2))])
    }

    @Test func fromMismatchIsBadOp() {
        expectRefused(.move(item: "a", from: at("main", 1), to: at("done", 0)), .badOp, "a is at main:0, not main:1")
    }

    @Test func indexOutOfRangeIsBadOp() {
        expectRefused(
            .insert(item: Item(id: "x", label: "X"), to: at("main", 9)), .badOp,
            "index 9 is past the end (places go from 0 to 3)")
    }

    @Test func emptyLabelIsBadOp() {
        expectRefused(.update(item: "a", label: ""), .badOp, "empty label or title")
    }

    @Test func controlCharacterIsBadOp() {
        expectRefused(.update(item: "a", label: "bell\u{7}"), .badOp, "label or title contains a control character")
    }

    @Test func labelTooLongIsLimit() {
        expectRefused(
            .update(item: "a", label: String(repeating: "é", count: 101)), .limit,
            "label or title longer than 100 characters")
    }

    @Test func itemLimitIsLimit() {
        expectRefused(
            .insert(item: Item(id: "x", label: "X"), to: at("main", 0)), .limit, "board is at its limit of 3 items",
            config: SequencerConfig(limits: Limits(maxItems: 3)))
    }

    @Test func sectionLimitIsLimit() {
        expectRefused(
            .insertSection(section: SectionHeader(id: "s", title: "S"), index: 0), .limit,
            "board is at its limit of 2 sections", config: SequencerConfig(limits: Limits(maxSections: 2)))
    }

    @Test func baseAboveVersionIsStale() {
        var harness = twoEditors()
        let output = harness.submit(c1, seq: 1, base: 5, .update(item: "a", label: "A2"))
        #expect(output.messages == [one(c1, errorMessage(.stale, "base 5 is above the board's version 0", seq: 1))])
        #expect(!output.needsPersisting)
    }

    @Test func baseOlderThanTheWindowIsStale() {
        var harness = twoEditors(config: SequencerConfig(windowSize: 1))
        harness.submitAndFlush(c1, seq: 1, base: 0, .update(item: "a", label: "A2"))
        harness.submitAndFlush(c1, seq: 2, base: 1, .update(item: "a", label: "A3"))
        let output = harness.submit(c2, seq: 1, base: 0, .update(item: "b", label: "B2"))
        #expect(
            output.messages == [one(c2, errorMessage(.stale, "base 0 is older than the oldest kept version 1", seq: 1))]
        )
        harness.handle(.flushed)
        let inside = harness.submit(c2, seq: 1, base: 1, .update(item: "b", label: "B2"))
        #expect(inside.messages.first == one(c2, ack(1, 3, .update(item: "b", label: "B2"))))
    }

    @Test func submitBeforeTheTurnIsFlushedIsInFlight() {
        var harness = twoEditors()
        harness.submit(c1, seq: 1, base: 0, .update(item: "a", label: "A2"))
        let second = harness.submit(c1, seq: 2, base: 1, .update(item: "b", label: "B2"))
        #expect(second.messages == [one(c1, errorMessage(.inFlight, "the previous submit is unanswered", seq: 2))])
        #expect(!second.needsPersisting)
        let other = harness.submit(c2, seq: 1, base: 1, .update(item: "c", label: "C2"))
        #expect(other.messages.first == one(c2, ack(1, 2, .update(item: "c", label: "C2"))))
        harness.handle(.flushed)
        let retry = harness.submit(c1, seq: 2, base: 2, .update(item: "b", label: "B2"))
        #expect(retry.messages.first == one(c1, ack(2, 3, .update(item: "b", label: "B2"))))
    }

    @Test func anAnsweredErrorAlsoHoldsTheNextSubmitUntilFlushed() {
        var harness = twoEditors()
        harness.submit(c1, seq: 1, base: 0, .update(item: "zz", label: "Z"))
        let second = harness.submit(c1, seq: 1, base: 0, .update(item: "a", label: "A2"))
        #expect(second.messages == [one(c1, errorMessage(.inFlight, "the previous submit is unanswered", seq: 1))])
        harness.handle(.flushed)
        #expect(
            harness.submit(c1, seq: 1, base: 0, .update(item: "a", label: "A2")).messages.first
                == one(c1, ack(1, 1, .update(item: "a", label: "A2"))))
    }

    @Test func viewerSubmitIsForbidden() {
        var harness = twoEditors()
        harness.join(c3, client: "V", user: "vera", role: .viewer)
        let output = harness.submit(c3, seq: 1, base: 0, .update(item: "a", label: "A2"))
        #expect(output.messages == [one(c3, errorMessage(.forbidden, "viewers cannot submit", seq: 1))])
        #expect(harness.sequencer.version == 0)
    }

    @Test func beginOfAnItemAnotherConnectionHoldsIsLocked() {
        var harness = twoEditors()
        harness.drag(c1, .begin(item: "a"))
        let output = harness.drag(c2, .begin(item: "a"))
        #expect(output.messages == [one(c2, errorMessage(.locked, "a is being dragged by alice (A)", item: "a"))])
        #expect(harness.sequencer.dragCount == 1)
    }

    @Test func viewerDragBeginIsForbiddenAndOverAndCancelAreIgnored() {
        var harness = twoEditors()
        harness.join(c3, client: "V", user: "vera", role: .viewer)
        let begin = harness.drag(c3, .begin(item: "a"))
        #expect(begin.messages == [one(c3, errorMessage(.forbidden, "viewers cannot drag", item: "a"))])
        #expect(harness.drag(c3, .over(item: "a", base: 0, from: at("main", 0), to: at("done", 0))).messages.isEmpty)
        #expect(harness.drag(c3, .cancel(item: "a")).messages.isEmpty)
        #expect(harness.sequencer.dragCount == 0)
    }
}
