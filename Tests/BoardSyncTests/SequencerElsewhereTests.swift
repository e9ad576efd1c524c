import BoardSync
import Testing

/// Ops another server committed reach this server's connections as `op`, in order, and move
/// the board, the seqs and the drags exactly as a local commit would.
@Suite struct SequencerElsewhereTests {
    func twoEditors() -> SequencerHarness {
        var harness = SequencerHarness()
        harness.join(c1, client: "A", user: "alice")
        harness.join(c2, client: "B", user: "bob")
        return harness
    }

    func elsewhere(_ version: Int, _ op: Op, client: ClientID = "Z", seq: Int = 1) -> SequencedOp {
        SequencedOp(version: version, client: client, user: "zoe", seq: seq, op: op)
    }

    @Test func opsCommittedElsewhereGoToEveryConnectionInOrder() {
        var harness = twoEditors()
        let first = elsewhere(1, .move(item: "a", from: at("main", 0), to: at("done", 0)))
        let second = elsewhere(2, .update(item: "b", label: "Bee"), seq: 2)
        let output = harness.handle(.committedElsewhere([first, second]))
        #expect(
            output.messages == [
                everyone(.op(first.message), [c1, c2]), everyone(.op(second.message), [c1, c2]),
            ])
        #expect(output.commits.isEmpty, "nothing of it is this server's to persist")
        #expect(!output.needsPersisting)
        #expect(harness.sequencer.version == 2)
        #expect(harness.sequencer.lastSeq(of: "Z") == 2)
        #expect(harness.sequencer.oldestRebaseableVersion == 0)
    }

    @Test func aLocalSubmitMadeBeforeThemIsRebasedThroughThem() {
        var harness = twoEditors()
        harness.handle(.committedElsewhere([elsewhere(1, .delete(item: "a", from: at("main", 0)))]))
        let output = harness.submit(c1, seq: 1, base: 0, .move(item: "c", from: at("main", 2), to: at("main", 0)))
        let rebased = Op.move(item: "c", from: at("main", 1), to: at("main", 0))
        #expect(output.commits == [SequencedOp(version: 2, client: "A", user: "alice", seq: 1, op: rebased)])
    }

    @Test func opsTheBoardHasAreSkippedAndAGapOrAnOpThatDoesNotApplyStops() {
        var harness = twoEditors()
        let first = elsewhere(1, .update(item: "a", label: "One"))
        harness.handle(.committedElsewhere([first]))
        let again = harness.handle(.committedElsewhere([first, elsewhere(2, .update(item: "a", label: "Two"))]))
        #expect(again.messages.count == 1)
        #expect(harness.sequencer.version == 2)
        let gap = harness.handle(.committedElsewhere([elsewhere(4, .update(item: "a", label: "Four"))]))
        #expect(gap.messages.isEmpty)
        let unknown = harness.handle(
            .committedElsewhere([
                elsewhere(3, .update(item: "nowhere", label: "X")), elsewhere(4, .update(item: "a", label: "Four")),
            ]))
        #expect(unknown.messages.isEmpty)
        #expect(harness.sequencer.version == 2)
    }

    @Test func aDuplicateOfASubmitCommittedElsewhereIsAnsweredWithTheOriginal() {
        var harness = twoEditors()
        let original = elsewhere(1, .update(item: "a", label: "Ay"), client: "A", seq: 5)
        harness.handle(.committedElsewhere([original]))
        let output = harness.submit(c1, seq: 5, base: 0, .update(item: "a", label: "Ay"))
        #expect(
            output.messages == [
                one(c1, .ack(.init(seq: 5, version: 1, op: .update(item: "a", label: "Ay"), duplicate: true)))
            ])
        #expect(output.commits.isEmpty)
    }

    @Test func theHoldersOwnMoveElsewhereEndsItsDragSilentlyAndADeletionEndsOthers() {
        var harness = twoEditors()
        harness.drag(c1, .begin(item: "a"))
        harness.drag(c2, .begin(item: "b"))
        let moved = elsewhere(1, .move(item: "a", from: at("main", 0), to: at("done", 0)), client: "A")
        let output = harness.handle(
            .committedElsewhere([moved, elsewhere(2, .delete(item: "b", from: at("main", 0)))]))
        #expect(
            output.messages == [
                everyone(.op(moved.message), [c1, c2]),
                everyone(.op(elsewhere(2, .delete(item: "b", from: at("main", 0))).message), [c1, c2]),
                everyone(dragMessage(.cancel, "B", "bob", "b", version: 2, reason: .deleted), [c1, c2]),
            ])
        #expect(harness.sequencer.dragCount == 0)
        #expect(harness.drag(c1, .begin(item: "c")).messages.count == 1, "the connection holds nothing any more")
    }

    @Test func aWelcomeAfterThemCatchesUpThroughThem() {
        var harness = twoEditors()
        let op = elsewhere(1, .update(item: "a", label: "Ay"))
        harness.handle(.committedElsewhere([op]))
        let output = harness.join(c3, client: "C", user: "carol", since: 0)
        guard case .welcome(let welcome) = output.messages.first?.message else {
            Issue.record("no welcome")
            return
        }
        #expect(welcome.state == .ops([op.message]))
    }
}
