import BoardSync
import TestSupport
import Testing

/// A restore group puts the board back as it was, modulo the ids of what comes back, with every
/// op passing the checks in turn and no tile or section moved that the update batch between the
/// two boards does not move (a batch shows a tile leaving a deleted section, or entering a new
/// one, as a delete and an insert; the restore moves it, keeping its id).
@Suite struct RestorePlanPropertyTests {
    @Test func applyingThePlanGivesTheEarlierBoard() {
        for seed in TestSeed.sweep(count: 3_000, from: 91_000) {
            var random = SeededGenerator(seed: seed)
            let earlier = RebaseRandomOps.state(using: &random)
            var current = earlier
            for n in 0..<Int.random(in: 0...12, using: &random) {
                current.apply(RebaseRandomOps.op(on: current, newID: "n\(n)", using: &random))
            }
            var counter = 0
            let ops = RestorePlan.ops(from: current, to: earlier.board) {
                counter += 1
                return "r\(counter)"
            }
            var restored = current
            for (index, op) in ops.enumerated() {
                let check = restored.check(op)
                #expect(check == .apply, "seed \(seed): op \(index) \(op) is \(check); \(TestSeed.rerun(seed))")
                guard check == .apply else { break }
                restored.commit(op)
            }
            let picture =
                "\(RebaseRandomOps.picture(of: current.board)) -> \(RebaseRandomOps.picture(of: earlier.board))"
            #expect(
                Self.sameModuloNewIDs(restored.board, earlier.board, current: current),
                "seed \(seed): \(picture) gave \(RebaseRandomOps.picture(of: restored.board)); \(TestSeed.rerun(seed))")

            let batch = UpdateBatch.between(old: BoardView(board: current.board), new: BoardView(board: restored.board))
            var batchMoved = Set<ItemID>()
            for move in batch.itemMoves {
                batchMoved.insert(current.board.sections[move.from.section].items[move.from.item].id)
            }
            for section in restored.board.sections {
                for item in section.items {
                    guard let was = current.position(ofItem: item.id) else { continue }
                    if was.section != section.id,
                        !current.isLive(section: section.id) || !restored.isLive(section: was.section)
                    {
                        batchMoved.insert(item.id)
                    }
                }
            }
            var planMoved = Set<ItemID>()
            var sectionMoves = 0
            for op in ops {
                if case .move(let item, _, _) = op { planMoved.insert(item) }
                if case .moveSection = op { sectionMoves += 1 }
            }
            #expect(planMoved == batchMoved, "seed \(seed): \(picture); \(TestSeed.rerun(seed))")
            #expect(sectionMoves <= batch.sectionMoves.count, "seed \(seed): \(picture); \(TestSeed.rerun(seed))")
            #expect(ops.count == Set(ops.map { "\($0)" }).count, "seed \(seed): an op repeats")
        }
    }

    @Test func theSameBoardNeedsNothing() {
        var random = SeededGenerator(seed: 5)
        let state = RebaseRandomOps.state(using: &random)
        #expect(RestorePlan.ops(from: state, to: state.board) { "x" }.isEmpty)
        #expect(RestoreSummary(of: [], on: state).sentence == "The board is already as it was then.")
    }

    @Test func theSummaryCountsWhatMovesComesBackAndGoes() {
        let earlier = Board(
            id: "b", version: 3,
            sections: [
                Section(
                    id: "todo", title: "To do",
                    items: [
                        Item(id: "a", label: "A"), Item(id: "b", label: "B"), Item(id: "c", label: "C"),
                        Item(id: "d", label: "D"), Item(id: "e", label: "E"),
                    ]),
                Section(id: "done", title: "Done"),
            ])
        var current = BoardState(board: earlier)
        for op: Op in [
            .delete(item: "d", from: Position(section: "todo", index: 3)),
            .delete(item: "e", from: Position(section: "todo", index: 3)),
            .move(item: "a", from: Position(section: "todo", index: 0), to: Position(section: "done", index: 0)),
            .move(item: "b", from: Position(section: "todo", index: 0), to: Position(section: "done", index: 1)),
            .move(item: "c", from: Position(section: "todo", index: 0), to: Position(section: "done", index: 0)),
            .insert(item: Item(id: "f", label: "F"), to: Position(section: "todo", index: 0)),
        ] {
            #expect(current.apply(op) == .apply)
        }
        var counter = 0
        let ops = RestorePlan.ops(from: current, to: earlier) {
            counter += 1
            return "back\(counter)"
        }
        let summary = RestoreSummary(of: ops, on: current)
        #expect(summary.sentence == "3 tiles move, 2 come back, 1 goes.")
        var restored = current
        for op in ops { restored.commit(op) }
        #expect(restored.board.sections[0].items.map(\.label) == ["A", "B", "C", "D", "E"])
        #expect(restored.board.sections[0].items.map(\.id.rawValue) == ["a", "b", "c", "back1", "back2"])
    }

    /// Whether `restored` is `earlier` with the ids of what is not on `current` replaced by new ones.
    static func sameModuloNewIDs(_ restored: Board, _ earlier: Board, current: BoardState) -> Bool {
        guard restored.sections.count == earlier.sections.count else { return false }
        for (got, want) in zip(restored.sections, earlier.sections) {
            guard got.title == want.title, got.items.count == want.items.count else { return false }
            if current.isLive(section: want.id) ? got.id != want.id : current.usedIDs[got.id.rawValue] != nil {
                return false
            }
            for (gotItem, wantItem) in zip(got.items, want.items) {
                guard gotItem.label == wantItem.label else { return false }
                if current.isLive(item: wantItem.id)
                    ? gotItem.id != wantItem.id : current.usedIDs[gotItem.id.rawValue] != nil
                {
                    return false
                }
            }
        }
        return true
    }
}
