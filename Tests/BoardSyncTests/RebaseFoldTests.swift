import BoardSync
import Testing

/// Rebasing through a list of committed ops, each made on the state the previous one left.
@Suite struct RebaseFoldTests {
    /// Commits `ops` in order on the standard board, expecting each to pass the checks.
    private func committing(_ ops: [Op]) -> BoardState {
        var state = BoardFixture.standard
        for op in ops { #expect(state.apply(op) == .apply, "\(op)") }
        return state
    }

    @Test func throughNothingTheOpIsUnchanged() {
        let op = Op.move(item: "a", from: at("s0", 0), to: at("s1", 1))
        #expect(Rebase.rebase(op, through: [Op]()) == op)
    }

    @Test func throughSeveralOpsInCommitOrder() {
        let committed: [Op] = [
            .insert(item: newItem("c1"), to: at("s1", 0)),  // s1 c1 e f g: the gap 1 becomes 2
            .delete(item: "b", from: at("s0", 1)),  // after from 0: from stays
            .moveSection(section: "s1", from: 1, index: 0),  // section list only
        ]
        let op = Op.move(item: "a", from: at("s0", 0), to: at("s1", 1))
        let expected = Op.move(item: "a", from: at("s0", 0), to: at("s1", 2))
        #expect(Rebase.rebase(op, through: committed) == expected)

        var stepByStep: Op? = op
        for next in committed { stepByStep = stepByStep.flatMap { Rebase.rebase($0, through: next) } }
        #expect(stepByStep == expected)

        var state = committing(committed)
        #expect(state.apply(expected) == .apply)
        #expect(state.board.sections.map { $0.items.map(\.id) } == [["c1", "e", "a", "f", "g"], ["c", "d"], []])
    }

    @Test func inTheSameListAcrossSeveralOps() {
        // op: d to the front (d a b c). Committed: c1 at 0 (c1 a b c d), a to the end (c1 b c d a),
        // delete c (c1 b d a).
        // c1 at 0: 0 <= gap 0 gives gap 1, from 3 -> 4.
        // a 1 -> 4: remove at 1 (not after p = 4, 1 < gap 1 false), from 4 -> 3; insert at 4
        //   (after p = 3, as 3 <= 1 false), from stays 3.
        // delete at 2: not after p = 3, 2 < 1 false; from 3 -> 2.
        let committed: [Op] = [
            .insert(item: newItem("c1"), to: at("s0", 0)),
            .move(item: "a", from: at("s0", 1), to: at("s0", 4)),
            .delete(item: "c", from: at("s0", 2)),
        ]
        let op = Op.move(item: "d", from: at("s0", 3), to: at("s0", 0))
        let expected = Op.move(item: "d", from: at("s0", 2), to: at("s0", 1))
        #expect(Rebase.rebase(op, through: committed) == expected)

        var state = committing(committed)
        #expect(state.apply(expected) == .apply)
        #expect(state.board.sections[0].items.map(\.id) == ["c1", "d", "b", "a"])
    }

    @Test func becomingANoopStopsTheFold() {
        // The first op moves a into s2, the second deletes s2 with a in it.
        let committed: [Op] = [
            .move(item: "a", from: at("s0", 0), to: at("s2", 0)),
            .deleteSection(section: "s2", from: 2),
            .insert(item: newItem("c1"), to: at("s1", 0)),
        ]
        let op = Op.move(item: "a", from: at("s0", 0), to: at("s1", 1))
        #expect(Rebase.rebase(op, through: committed) == nil)
        #expect(
            Rebase.rebase(op, through: Array(committed.prefix(1)))
                == .move(item: "a", from: at("s2", 0), to: at("s1", 1)))
        _ = committing(committed)
    }

    @Test func aSectionMovedTwiceThenDeleted() {
        let committed: [Op] = [
            .moveSection(section: "s0", from: 0, index: 2),  // s1 s2 s0
            .insertSection(section: SectionHeader(id: "t", title: "T"), index: 0),  // t s1 s2 s0
        ]
        let op = Op.deleteSection(section: "s0", from: 0)
        #expect(Rebase.rebase(op, through: committed) == .deleteSection(section: "s0", from: 3))
        var state = committing(committed)
        #expect(state.apply(.deleteSection(section: "s0", from: 3)) == .apply)
        #expect(state.board.sections.map(\.id) == ["t", "s1", "s2"])
    }
}
