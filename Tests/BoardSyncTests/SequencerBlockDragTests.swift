import BoardSync
import Testing

/// Holding several tiles as one block (protocol 10.2) on the server: who may take them, where
/// the block's placeholder goes, and what others' ops do to a held block.
@Suite struct SequencerBlockDragTests {
    /// alice on c1 and bob on c2 on the sample board (main: a, b, c; done: empty).
    func twoEditors() -> SequencerHarness {
        var harness = SequencerHarness()
        harness.join(c1, client: "A", user: "alice")
        harness.join(c2, client: "B", user: "bob")
        return harness
    }

    func blockMessage(
        _ action: DragAction, _ items: [ItemID], to: Position? = nil, version: Int, reason: DragEndReason? = nil
    ) -> ServerMessage {
        .drag(
            .init(
                action: action, client: "A", user: "alice", item: items[0], to: to, version: version, reason: reason,
                items: items))
    }

    @Test func aBlockIsTakenWholeAndItsPlaceholderIsBroadcast() {
        var harness = twoEditors()
        let begin = harness.drag(c1, .beginBlock(items: ["c", "a"]))
        #expect(begin.messages == [everyone(blockMessage(.begin, ["c", "a"], version: 0), [c1, c2])])
        let over = harness.drag(c1, .overBlock(items: ["c", "a"], base: 0, to: at("main", 1)))
        #expect(over.messages == [everyone(blockMessage(.over, ["c", "a"], to: at("main", 1), version: 0), [c1, c2])])
        let cancel = harness.drag(c1, .cancelBlock(items: ["c", "a"]))
        #expect(cancel.messages == [everyone(blockMessage(.cancel, ["c", "a"], version: 0), [c1, c2])])
        #expect(harness.sequencer.dragCount == 0)
    }

    @Test func aBlockWithAnItemSomeoneElseHoldsIsRefusedAndNothingIsTaken() {
        var harness = twoEditors()
        harness.drag(c2, .begin(item: "b"))
        let refused = harness.drag(c1, .beginBlock(items: ["a", "b"]))
        guard case .error(let report)? = refused.messages.first?.message else {
            Issue.record("no error: \(refused.messages)")
            return
        }
        #expect(report.code == .locked && report.item == "b")
        #expect(harness.sequencer.dragCount == 1)
        let single = harness.drag(c2, .begin(item: "a"))
        #expect(single.messages.count == 2, "bob's begin of a replaces his drag of b: a cancel and a begin")
        let unknown = harness.drag(c1, .beginBlock(items: ["c", "zz"]))
        guard case .error(let bad)? = unknown.messages.first?.message else {
            Issue.record("no error")
            return
        }
        #expect(bad.code == .badOp && bad.item == "zz")
    }

    @Test func aSingleBeginOfAnItemInSomeoneElsesBlockIsLocked() {
        var harness = twoEditors()
        harness.drag(c1, .beginBlock(items: ["a", "c"]))
        let refused = harness.drag(c2, .begin(item: "c"))
        guard case .error(let report)? = refused.messages.first?.message else {
            Issue.record("no error")
            return
        }
        #expect(report.code == .locked && report.item == "c")
    }

    @Test func theBlocksPlaceholderIsRebasedInTheListWithoutTheHeldItems() {
        var harness = twoEditors()
        harness.drag(c1, .beginBlock(items: ["a", "b"]))
        harness.submitAndFlush(c2, seq: 1, base: 0, .insert(item: Item(id: "x", label: "X"), to: at("main", 0)))
        let over = harness.drag(c1, .overBlock(items: ["a", "b"], base: 0, to: at("main", 1)))
        #expect(
            over.messages == [everyone(blockMessage(.over, ["a", "b"], to: at("main", 2), version: 1), [c1, c2])],
            "x came before the gap (after c, counted without a and b): the gap moves past it")
    }

    @Test func othersDeletingHeldItemsShrinkTheBlockAndEndItWhenNoneIsLeft() {
        var harness = twoEditors()
        harness.drag(c1, .beginBlock(items: ["a", "b"]))
        harness.drag(c1, .overBlock(items: ["a", "b"], base: 0, to: at("done", 0)))
        let first = harness.submitAndFlush(c2, seq: 1, base: 0, .delete(item: "a", from: at("main", 0)))
        #expect(!first.messages.contains { if case .drag = $0.message { true } else { false } })
        #expect(harness.sequencer.dragCount == 1)
        let welcome = harness.join(c3, client: "C", user: "carol")
        guard case .welcome(let state)? = welcome.messages.first?.message else {
            Issue.record("no welcome")
            return
        }
        #expect(state.drags.map(\.items) == [["b"]])
        #expect(state.drags.first?.to == at("done", 0))
        let last = harness.submitAndFlush(c2, seq: 2, base: 1, .delete(item: "b", from: at("main", 0)))
        #expect(
            last.messages.contains(everyone(blockMessage(.cancel, ["b"], version: 2, reason: .deleted), [c1, c2, c3])))
        #expect(harness.sequencer.dragCount == 0)
    }

    @Test func theHoldersGroupThatMovesTheBlockEndsItSilently() {
        var harness = twoEditors()
        harness.drag(c1, .beginBlock(items: ["a", "c"]))
        let drop = harness.handle(
            .received(
                c1,
                .submit(
                    .init(
                        seq: 1, base: 0,
                        ops: [
                            .move(item: "a", from: at("main", 0), to: at("done", 0)),
                            .move(item: "c", from: at("main", 1), to: at("done", 1)),
                        ]))))
        #expect(!drop.messages.contains { if case .drag = $0.message { true } else { false } })
        #expect(harness.sequencer.dragCount == 0)
    }
}
