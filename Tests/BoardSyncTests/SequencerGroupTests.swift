import BoardSync
import Testing

/// Groups of ops (protocol 10.1): rebased as a chain, committed at consecutive versions with
/// nothing between them or not at all, refused with the failing member's index.
@Suite struct SequencerGroupTests {
    /// alice on c1 and bob on c2 on the sample board (main: a, b, c; done: empty).
    func twoEditors(config: SequencerConfig = .default) -> SequencerHarness {
        var harness = SequencerHarness(config: config)
        harness.join(c1, client: "A", user: "alice")
        harness.join(c2, client: "B", user: "bob")
        return harness
    }

    func group(
        _ id: ConnectionID, seq: Int, base: Int, _ ops: [Op], in harness: inout SequencerHarness
    )
        -> SequencerOutput
    {
        harness.handle(.received(id, .submit(.init(seq: seq, base: base, ops: ops))))
    }

    let intoDone: [Op] = [
        .move(item: "a", from: at("main", 0), to: at("done", 0)),
        .move(item: "c", from: at("main", 1), to: at("done", 1)),
    ]

    @Test func aGroupCommitsAtConsecutiveVersionsAndOthersSeeItsSpan() {
        var harness = twoEditors()
        let output = group(c1, seq: 1, base: 0, intoDone, in: &harness)
        let span = GroupSpan(first: 1, count: 2)
        #expect(output.messages.first == one(c1, .ack(.init(seq: 1, version: 2, ops: intoDone))))
        #expect(output.commits.map(\.version) == [1, 2])
        #expect(output.commits.allSatisfy { $0.group == span && $0.seq == 1 && $0.client == "A" })
        #expect(output.commits.map(\.op) == intoDone)
        let toBob = output.messages.filter { $0.connections == [c2] }.compactMap { outgoing -> Int? in
            if case .op(let committed) = outgoing.message { return committed.version }
            return nil
        }
        #expect(toBob == [1, 2])
        #expect(harness.sequencer.snapshot.sections[1].items.map(\.id) == ["a", "c"])
        #expect(output.lastSeqUpdates == [LastSeqUpdate(client: "A", seq: 1)])
    }

    @Test func aRestoreGroupCarriesTheVersionItRestoresInItsSpan() {
        var harness = twoEditors()
        harness.submitAndFlush(c2, seq: 1, base: 0, .insert(item: Item(id: "x", label: "X"), to: at("main", 0)))
        let output = harness.handle(.received(c1, .submit(.init(seq: 1, base: 0, ops: intoDone, restores: 0))))
        let span = GroupSpan(first: 2, count: 2, restores: 0)
        #expect(output.commits.map(\.group) == [span, span])
        let toBob = output.messages.filter { $0.connections == [c2] }.compactMap { outgoing -> GroupSpan? in
            if case .op(let committed) = outgoing.message { return committed.group }
            return nil
        }
        #expect(toBob == [span, span])
    }

    @Test func aGroupIsRebasedAsAChainThroughWhatCommittedSinceItsBase() {
        var harness = twoEditors()
        harness.submitAndFlush(c2, seq: 1, base: 0, .insert(item: Item(id: "x", label: "X"), to: at("main", 0)))
        let output = group(c1, seq: 1, base: 0, intoDone, in: &harness)
        let committed: [Op] = [
            .move(item: "a", from: at("main", 1), to: at("done", 0)),
            .move(item: "c", from: at("main", 2), to: at("done", 1)),
        ]
        #expect(output.messages.first == one(c1, .ack(.init(seq: 1, version: 3, ops: committed))))
        #expect(harness.sequencer.snapshot.sections.map { $0.items.map(\.id) } == [["x", "b"], ["a", "c"]])
    }

    @Test func aFailingMemberRefusesTheWholeGroupWithItsIndexAndChangesNothing() {
        var harness = twoEditors()
        let bad: [Op] = [
            .move(item: "a", from: at("main", 0), to: at("done", 0)),
            .move(item: "b", from: at("main", 0), to: at("done", 7)),
        ]
        let output = group(c1, seq: 3, base: 0, bad, in: &harness)
        #expect(output.commits.isEmpty)
        #expect(output.lastSeqUpdates.isEmpty)
        guard case .error(let report)? = output.messages.first?.message else {
            Issue.record("no error: \(output.messages)")
            return
        }
        #expect(report.code == .badOp && report.seq == 3 && report.index == 1)
        #expect(harness.sequencer.version == 0)
        #expect(harness.sequencer.snapshot == SequencerHarness.sampleBoard)
        #expect(harness.sequencer.lastSeq(of: "A") == 0)
    }

    @Test func membersMayNameWhatEarlierMembersCreate() {
        var harness = twoEditors()
        let ops: [Op] = [
            .insertSection(section: SectionHeader(id: "later", title: "Later"), index: 2),
            .insert(item: Item(id: "n", label: "New"), to: at("later", 0)),
            .move(item: "n", from: at("later", 0), to: at("main", 0)),
        ]
        let output = group(c1, seq: 1, base: 0, ops, in: &harness)
        #expect(output.commits.count == 3)
        #expect(output.newIDs == [UsedID(id: "later", kind: .section), UsedID(id: "n", kind: .item)])
        let unknown = group(c2, seq: 1, base: 3, [.update(item: "nowhere", label: "?")], in: &harness)
        guard case .error(let report)? = unknown.messages.first?.message else {
            Issue.record("no error")
            return
        }
        #expect(report.code == .badOp && report.index == 0)
    }

    @Test func membersThatBecameNoOpsAreLeftOutAndAGroupOfOnlyThoseIsANoop() {
        var harness = twoEditors()
        harness.submitAndFlush(c2, seq: 1, base: 0, .delete(item: "a", from: at("main", 0)))
        let output = group(c1, seq: 1, base: 0, intoDone, in: &harness)
        #expect(output.commits.map(\.op) == [.move(item: "c", from: at("main", 1), to: at("done", 0))])
        #expect(output.commits.first?.group == GroupSpan(first: 2, count: 1))
        harness.handle(.flushed)
        let gone = group(c1, seq: 2, base: 1, [.update(item: "a", label: "A2")], in: &harness)
        #expect(gone.messages == [one(c1, .ack(.init(seq: 2, version: 2, ops: [])))])
        #expect(harness.sequencer.lastSeq(of: "A") == 2)
    }

    @Test func limitsAreCheckedAfterTheWholeGroup() {
        var config = SequencerConfig.default
        config.limits.maxItems = 3
        var harness = twoEditors(config: config)
        let swapThrough: [Op] = [
            .insert(item: Item(id: "x", label: "X"), to: at("done", 0)),
            .delete(item: "x", from: at("done", 0)),
        ]
        #expect(group(c1, seq: 1, base: 0, swapThrough, in: &harness).commits.count == 2)
        harness.handle(.flushed)
        let tooMany: [Op] = [
            .insert(item: Item(id: "y", label: "Y"), to: at("done", 0)),
            .update(item: "a", label: "A2"),
        ]
        let refused = group(c1, seq: 2, base: 2, tooMany, in: &harness)
        guard case .error(let report)? = refused.messages.first?.message else {
            Issue.record("no error")
            return
        }
        #expect(report.code == .limit && report.index == 0 && report.seq == 2)
    }

    @Test func aDuplicateGroupIsAnsweredWithItsOriginalOps() {
        var harness = twoEditors()
        _ = group(c1, seq: 1, base: 0, intoDone, in: &harness)
        harness.handle(.flushed)
        let again = group(c1, seq: 1, base: 0, intoDone, in: &harness)
        #expect(again.messages == [one(c1, .ack(.init(seq: 1, version: 2, ops: intoDone, duplicate: true)))])
        #expect(again.commits.isEmpty)
    }

    @Test func nothingCommitsBetweenAGroupsMembers() {
        var harness = twoEditors()
        harness.submitAndFlush(c2, seq: 1, base: 0, .update(item: "b", label: "B2"))
        let output = group(c1, seq: 1, base: 0, intoDone, in: &harness)
        #expect(output.commits.map(\.version) == [2, 3])
        #expect(output.commits.map(\.client) == ["A", "A"])
    }
}
