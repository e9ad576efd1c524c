import BoardSync
import Testing

@Suite struct SequencerDragTests {
    func twoEditors(config: SequencerConfig = .default) -> SequencerHarness {
        var harness = SequencerHarness(config: config)
        harness.join(c1, client: "A", user: "alice")
        harness.join(c2, client: "B", user: "bob")
        return harness
    }

    /// The drags a newcomer's welcome lists.
    func dragsInWelcome(_ harness: inout SequencerHarness) -> [ServerMessage.Drag] {
        let output = harness.join(c3, client: "C", user: "carol")
        guard case .welcome(let welcome) = output.messages.first?.message else { return [] }
        return welcome.drags
    }

    @Test func beginOverAndCancelAreBroadcastToEveryoneIncludingTheSender() {
        var harness = twoEditors()
        let begin = harness.drag(c1, .begin(item: "b"))
        #expect(
            begin.messages == [
                everyone(dragMessage(.begin, "A", "alice", "b", from: at("main", 1), version: 0), [c1, c2])
            ])
        let over = harness.drag(c1, .over(item: "b", base: 0, from: at("main", 1), to: at("done", 0)))
        #expect(
            over.messages == [
                everyone(
                    dragMessage(.over, "A", "alice", "b", from: at("main", 1), to: at("done", 0), version: 0), [c1, c2])
            ])
        let cancel = harness.drag(c1, .cancel(item: "b"))
        #expect(
            cancel.messages == [
                everyone(dragMessage(.cancel, "A", "alice", "b", from: at("main", 1), version: 0), [c1, c2])
            ])
        #expect(harness.sequencer.dragCount == 0)
        #expect(!cancel.needsPersisting)
    }

    @Test func beginOfTheHeldItemIsIgnored() {
        var harness = twoEditors()
        harness.drag(c1, .begin(item: "a"))
        #expect(harness.drag(c1, .begin(item: "a")).messages.isEmpty)
        #expect(harness.sequencer.dragCount == 1)
    }

    @Test func overAndCancelOfADragNotHeldAreIgnored() {
        var harness = twoEditors()
        harness.drag(c1, .begin(item: "a"))
        #expect(harness.drag(c2, .over(item: "a", base: 0, from: at("main", 0), to: at("done", 0))).messages.isEmpty)
        #expect(harness.drag(c2, .cancel(item: "a")).messages.isEmpty)
        #expect(harness.drag(c2, .cancel(item: "b")).messages.isEmpty)
        #expect(harness.sequencer.dragCount == 1)
    }

    @Test func beginOfAnotherItemCancelsTheFirst() {
        var harness = twoEditors()
        harness.drag(c1, .begin(item: "a"))
        let output = harness.drag(c1, .begin(item: "b"))
        #expect(
            output.messages == [
                everyone(dragMessage(.cancel, "A", "alice", "a", from: at("main", 0), version: 0), [c1, c2]),
                everyone(dragMessage(.begin, "A", "alice", "b", from: at("main", 1), version: 0), [c1, c2]),
            ])
        #expect(harness.sequencer.dragCount == 1)
    }

    @Test func refusedBeginLeavesTheHeldDrag() {
        var harness = twoEditors()
        harness.drag(c1, .begin(item: "a"))
        harness.drag(c2, .begin(item: "b"))
        #expect(
            harness.drag(c1, .begin(item: "b")).messages == [
                one(c1, errorMessage(.locked, "b is being dragged by bob (B)", item: "b"))
            ])
        #expect(
            harness.drag(c1, .begin(item: "zz")).messages == [
                one(c1, errorMessage(.badOp, "zz is not an item on this board", item: "zz"))
            ])
        let cancel = harness.drag(c1, .cancel(item: "a"))
        #expect(
            cancel.messages == [
                everyone(dragMessage(.cancel, "A", "alice", "a", from: at("main", 0), version: 0), [c1, c2])
            ])
    }

    @Test func beginOfUnknownDeletedOrSectionIdIsBadOp() {
        var harness = twoEditors()
        harness.submitAndFlush(c2, seq: 1, base: 0, .delete(item: "b", from: at("main", 1)))
        #expect(
            harness.drag(c1, .begin(item: "b")).messages == [one(c1, errorMessage(.badOp, "b was deleted", item: "b"))])
        #expect(
            harness.drag(c1, .begin(item: "q")).messages == [
                one(c1, errorMessage(.badOp, "q is not an item on this board", item: "q"))
            ])
        #expect(
            harness.drag(c1, .begin(item: "done")).messages == [
                one(c1, errorMessage(.badOp, "done is not an item on this board", item: "done"))
            ])
        #expect(harness.sequencer.dragCount == 0)
    }

    @Test func overIsRebasedThroughAConcurrentCommit() {
        var harness = twoEditors()
        harness.drag(c1, .begin(item: "c"))
        harness.submitAndFlush(c2, seq: 1, base: 0, .insert(item: Item(id: "x", label: "X"), to: at("main", 0)))
        let output = harness.drag(c1, .over(item: "c", base: 0, from: at("main", 2), to: at("main", 0)))
        #expect(
            output.messages == [
                everyone(
                    dragMessage(.over, "A", "alice", "c", from: at("main", 3), to: at("main", 1), version: 1), [c1, c2])
            ])
    }

    @Test func dragsAreKeptCurrentThroughCommits() {
        var harness = twoEditors()
        harness.drag(c1, .begin(item: "c"))
        harness.drag(c1, .over(item: "c", base: 0, from: at("main", 2), to: at("done", 0)))
        let commit = harness.submit(c2, seq: 1, base: 0, .insert(item: Item(id: "y", label: "Y"), to: at("done", 0)))
        #expect(commit.messages.count == 2)
        #expect(
            dragsInWelcome(&harness) == [
                .init(
                    action: .over, client: "A", user: "alice", item: "c", from: at("main", 2), to: at("done", 1),
                    version: 1)
            ])
    }

    @Test func dragWhoseTargetSectionIsDeletedFallsBackToFrom() {
        var harness = twoEditors()
        harness.drag(c1, .begin(item: "a"))
        harness.drag(c1, .over(item: "a", base: 0, from: at("main", 0), to: at("done", 0)))
        let commit = harness.submit(c2, seq: 1, base: 0, .deleteSection(section: "done", from: 1))
        #expect(commit.messages.count == 2)
        #expect(
            dragsInWelcome(&harness) == [
                .init(action: .begin, client: "A", user: "alice", item: "a", from: at("main", 0), version: 1)
            ])
    }

    @Test func overWhoseTargetSectionNoLongerExistsIsDropped() {
        var harness = twoEditors()
        harness.drag(c1, .begin(item: "a"))
        harness.submitAndFlush(c2, seq: 1, base: 0, .deleteSection(section: "done", from: 1))
        #expect(harness.drag(c1, .over(item: "a", base: 0, from: at("main", 0), to: at("done", 0))).messages.isEmpty)
        #expect(harness.sequencer.dragCount == 1)
    }

    @Test func overThatDoesNotFitIsDropped() {
        var harness = twoEditors(config: SequencerConfig(windowSize: 1))
        harness.drag(c1, .begin(item: "a"))
        #expect(harness.drag(c1, .over(item: "a", base: 1, from: at("main", 0), to: at("done", 0))).messages.isEmpty)
        #expect(harness.drag(c1, .over(item: "a", base: 0, from: at("main", 1), to: at("done", 0))).messages.isEmpty)
        #expect(harness.drag(c1, .over(item: "a", base: 0, from: at("main", 0), to: at("done", 1))).messages.isEmpty)
        #expect(harness.drag(c1, .over(item: "a", base: 0, from: at("main", 0), to: at("nowhere", 0))).messages.isEmpty)
        harness.submitAndFlush(c2, seq: 1, base: 0, .update(item: "b", label: "B2"))
        harness.submitAndFlush(c2, seq: 2, base: 1, .update(item: "b", label: "B3"))
        #expect(harness.drag(c1, .over(item: "a", base: 0, from: at("main", 0), to: at("done", 0))).messages.isEmpty)
        let fits = harness.drag(c1, .over(item: "a", base: 1, from: at("main", 0), to: at("done", 0)))
        #expect(
            fits.messages == [
                everyone(
                    dragMessage(.over, "A", "alice", "a", from: at("main", 0), to: at("done", 0), version: 2), [c1, c2])
            ])
    }

    @Test func holdersMoveOfTheItemEndsTheDragSilently() {
        var harness = twoEditors()
        harness.drag(c1, .begin(item: "a"))
        harness.drag(c1, .over(item: "a", base: 0, from: at("main", 0), to: at("done", 0)))
        let drop = Op.move(item: "a", from: at("main", 0), to: at("done", 0))
        let output = harness.submit(c1, seq: 1, base: 0, drop)
        #expect(output.messages == [one(c1, ack(1, 1, drop)), others(c1, opMessage(1, "A", "alice", drop), [c2])])
        #expect(harness.sequencer.dragCount == 0)
        let again = harness.drag(c2, .begin(item: "a"))
        #expect(
            again.messages == [
                everyone(dragMessage(.begin, "B", "bob", "a", from: at("done", 0), version: 1), [c1, c2])
            ])
    }

    @Test func holdersDeleteOfTheItemEndsTheDragSilently() {
        var harness = twoEditors()
        harness.drag(c1, .begin(item: "a"))
        let output = harness.submit(c1, seq: 1, base: 0, .delete(item: "a", from: at("main", 0)))
        #expect(output.messages.count == 2)
        #expect(harness.sequencer.dragCount == 0)
    }

    @Test func anotherConnectionsMoveKeepsTheDrag() {
        var harness = twoEditors()
        harness.drag(c1, .begin(item: "a"))
        let output = harness.submit(c2, seq: 1, base: 0, .move(item: "a", from: at("main", 0), to: at("done", 0)))
        #expect(output.messages.count == 2)
        #expect(
            dragsInWelcome(&harness) == [
                .init(action: .begin, client: "A", user: "alice", item: "a", from: at("done", 0), version: 1)
            ])
    }

    @Test func deletionByAnotherConnectionCancelsWithDeleted() {
        var harness = twoEditors()
        harness.drag(c1, .begin(item: "a"))
        let delete = Op.delete(item: "a", from: at("main", 0))
        let output = harness.submit(c2, seq: 1, base: 0, delete)
        #expect(
            output.messages == [
                one(c2, ack(1, 1, delete)),
                others(c2, opMessage(1, "B", "bob", delete), [c1]),
                everyone(dragMessage(.cancel, "A", "alice", "a", version: 1, reason: .deleted), [c1, c2]),
            ])
        #expect(harness.sequencer.dragCount == 0)
    }

    @Test func deletionOfTheItemsSectionCancelsWithDeletedEvenForTheHolder() {
        var harness = twoEditors()
        harness.drag(c1, .begin(item: "b"))
        let delete = Op.deleteSection(section: "main", from: 0)
        let output = harness.submit(c1, seq: 1, base: 0, delete)
        #expect(
            output.messages == [
                one(c1, ack(1, 1, delete)),
                others(c1, opMessage(1, "A", "alice", delete), [c2]),
                everyone(dragMessage(.cancel, "A", "alice", "b", version: 1, reason: .deleted), [c1, c2]),
            ])
    }

    @Test func disconnectCancelsWithLeft() {
        var harness = twoEditors()
        harness.drag(c1, .begin(item: "a"))
        let output = harness.handle(.disconnected(c1))
        #expect(
            output.messages == [
                everyone(dragMessage(.cancel, "A", "alice", "a", from: at("main", 0), version: 0, reason: .left), [c2]),
                others(c1, .presence(.init(action: .leave, client: "A", user: "alice")), [c2]),
            ])
        #expect(harness.sequencer.dragCount == 0)
    }

    @Test func idleDragTimesOutAtSixtySecondsNotBefore() {
        var harness = twoEditors()
        harness.now = 100
        harness.drag(c1, .begin(item: "a"))
        harness.now = 159.9
        #expect(harness.handle(.tick).messages.isEmpty)
        harness.now = 160
        let output = harness.handle(.tick)
        #expect(
            output.messages == [
                everyone(
                    dragMessage(.cancel, "A", "alice", "a", from: at("main", 0), version: 0, reason: .timeout),
                    [c1, c2])
            ])
        #expect(harness.sequencer.dragCount == 0)
        #expect(harness.handle(.tick).messages.isEmpty)
    }

    @Test func dragMessagesForTheItemRestartTheTimeout() {
        var harness = twoEditors()
        harness.drag(c1, .begin(item: "a"))
        harness.now = 30
        harness.drag(c1, .over(item: "a", base: 0, from: at("main", 0), to: at("done", 0)))
        harness.now = 60
        #expect(harness.handle(.tick).messages.isEmpty)
        harness.now = 80
        harness.drag(c1, .begin(item: "a"))
        harness.now = 139.9
        #expect(harness.handle(.tick).messages.isEmpty)
        harness.now = 140
        #expect(
            harness.handle(.tick).messages == [
                everyone(
                    dragMessage(.cancel, "A", "alice", "a", from: at("main", 0), to: nil, version: 0, reason: .timeout),
                    [c1, c2])
            ])
    }

    @Test func dragTimeoutIsConfigurable() {
        var harness = twoEditors(config: SequencerConfig(dragTimeout: 5))
        harness.drag(c2, .begin(item: "c"))
        harness.now = 5
        #expect(harness.handle(.tick).messages.count == 1)
    }
}
