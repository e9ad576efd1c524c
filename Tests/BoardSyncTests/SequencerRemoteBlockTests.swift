import BoardSync
import Testing

/// Blocks held by clients of other servers (protocol 9 and 10.2): shown here with their items,
/// their placeholder rebased to this board's version, their items locked, and handed over when
/// another server's begin came first.
@Suite struct SequencerRemoteBlockTests {
    func twoEditorsAndZoeElsewhere() -> SequencerHarness {
        var harness = SequencerHarness()
        harness.join(c1, client: "A", user: "alice")
        harness.join(c2, client: "B", user: "bob")
        harness.handle(.remote(.joined(client: "Z", user: "zoe", node: "n2")))
        return harness
    }

    func zoesBlock(
        _ action: DragAction, _ items: [ItemID], to: Position? = nil, version: Int = 0, reason: DragEndReason? = nil
    ) -> ServerMessage.Drag {
        .init(
            action: action, client: "Z", user: "zoe", item: items[0], to: to, version: version, reason: reason,
            items: items)
    }

    @Test func aBlockHeldElsewhereIsShownAndItsItemsAreLocked() {
        var harness = twoEditorsAndZoeElsewhere()
        let begin = harness.handle(.remote(.drag(zoesBlock(.begin, ["c", "a"]), node: "n2")))
        #expect(begin.messages == [everyone(.drag(zoesBlock(.begin, ["c", "a"])), [c1, c2])])
        let refused = harness.drag(c1, .begin(item: "a"))
        guard case .error(let report)? = refused.messages.first?.message else {
            Issue.record("no error: \(refused.messages)")
            return
        }
        #expect(report.code == .locked && report.item == "a")
        let blockRefused = harness.drag(c2, .beginBlock(items: ["b", "c"]))
        guard case .error(let second)? = blockRefused.messages.first?.message else {
            Issue.record("no error: \(blockRefused.messages)")
            return
        }
        #expect(second.code == .locked && second.item == "c")

        let over = harness.handle(.remote(.drag(zoesBlock(.over, ["c", "a"], to: at("done", 0)), node: "n2")))
        #expect(over.messages == [everyone(.drag(zoesBlock(.over, ["c", "a"], to: at("done", 0))), [c1, c2])])
        let cancel = harness.handle(.remote(.drag(zoesBlock(.cancel, ["c", "a"]), node: "n2")))
        #expect(cancel.messages == [everyone(.drag(zoesBlock(.cancel, ["c", "a"])), [c1, c2])])
        #expect(harness.sequencer.dragCount == 0)
    }

    @Test func aPlaceholderMadeAtAnOlderVersionIsRebasedThroughWhatWasCommittedSince() {
        var harness = twoEditorsAndZoeElsewhere()
        harness.handle(.remote(.drag(zoesBlock(.begin, ["a", "c"]), node: "n2")))
        harness.submitAndFlush(c2, seq: 1, base: 0, .insert(item: Item(id: "x", label: "X"), to: at("main", 0)))
        let over = harness.handle(
            .remote(.drag(zoesBlock(.over, ["a", "c"], to: at("main", 1), version: 0), node: "n2")))
        #expect(
            over.messages == [
                everyone(.drag(zoesBlock(.over, ["a", "c"], to: at("main", 2), version: 1)), [c1, c2])
            ], "b stood at 0 without the block; x came before it")
    }

    @Test func itemsDeletedSinceAreLeftOutAndTheBlocksOwnCommitMakesItIgnored() {
        var harness = twoEditorsAndZoeElsewhere()
        harness.submitAndFlush(c2, seq: 1, base: 0, .delete(item: "a", from: at("main", 0)))
        let begin = harness.handle(.remote(.drag(zoesBlock(.begin, ["a", "c"]), node: "n2")))
        #expect(begin.messages == [everyone(.drag(zoesBlock(.begin, ["c"], version: 1)), [c1, c2])])
        harness.handle(.remote(.drag(zoesBlock(.cancel, ["c"], version: 1), node: "n2")))
        harness.handle(
            .committedElsewhere([
                SequencedOp(
                    version: 2, client: "Z", user: "zoe", seq: 1,
                    op: .move(item: "c", from: at("main", 1), to: at("done", 0)))
            ]))
        let late = harness.handle(.remote(.drag(zoesBlock(.begin, ["c", "b"], version: 1), node: "n2")))
        #expect(late.messages.isEmpty, "zoe's own move of c since that begin ended it")
    }

    @Test func aBlockBegunHereLosesToABeginElsewhereThatCameFirst() {
        var harness = twoEditorsAndZoeElsewhere()
        harness.drag(c1, .beginBlock(items: ["a", "b"]))
        let handedOver = harness.handle(.remote(.leaseLost(zoesBlock(.begin, ["c", "b"]), node: "n2")))
        let messages = handedOver.messages.map(\.message)
        #expect(
            messages.contains(
                .drag(
                    .init(
                        action: .cancel, client: "A", user: "alice", item: "a", version: 0, items: ["a", "b"]))))
        #expect(messages.contains(.error(.init(code: .locked, message: "b is being dragged by zoe (Z)", item: "b"))))
        #expect(messages.last == .drag(zoesBlock(.begin, ["c", "b"])))
        #expect(harness.sequencer.dragCount == 1)
    }
}
