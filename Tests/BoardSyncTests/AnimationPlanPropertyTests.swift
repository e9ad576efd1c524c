import BoardSync
import Testing

/// Plans for random edits: every cell of both views is accounted for once, moves are exactly
/// as many as the batch has, and what only shifts keeps its order.
@Suite("Animation plans for random edits")
struct AnimationPlanPropertyTests {
    @Test func everyCellIsAccountedForAndOnlyTheBatchsMovesMove() throws {
        for seed in UInt64(1)...1500 {
            var scenario = BoardScenario(seed: seed)
            let old = scenario.board(maxSections: 5, maxCells: 12)
            let new = scenario.edit(
                old, count: Int.random(in: 0...8, using: &scenario.generator), maxSections: 6, maxCells: 16)
            let batch = checkedBatch(old, new, seed: seed)
            let named = new.sections.flatMap(\.cells).map(\.id).randomElement(using: &scenario.generator)
            let cause = named.map {
                ChangeCause(mover: .remote(client: "B", user: "bob"), kind: .edit, moved: [$0.rawValue])
            }
            let plan = try AnimationPlan(old: old, batch: batch, new: new, cause: cause)
            check(plan, old: old, new: new, batch: batch, seed: seed)
        }
    }

    func check(_ plan: AnimationPlan, old: BoardView, new: BoardView, batch: UpdateBatch, seed: UInt64) {
        let context: Comment = "seed \(seed)\nold \(old)\nnew \(new)\nbatch \(batch)"
        let targets = plan.cells.compactMap(\.to)
        let sources = plan.cells.compactMap(\.from)
        #expect(targets.count == new.cellCount && Set(targets).count == targets.count, context)
        #expect(sources.count == old.cellCount && Set(sources).count == sources.count, context)
        #expect(plan.movedCells.count == batch.itemMoves.count, context)
        #expect(plan.sections.filter { $0.motion == .moved }.count == batch.sectionMoves.count, context)
        var stayingByPair: [[Int]: [(old: Int, new: Int)]] = [:]
        for cell in plan.cells {
            if let to = cell.to {
                #expect(new.sections[to.section].cells[to.item].id == cell.id, context)
            }
            if let from = cell.from {
                #expect(old.sections[from.section].cells[from.item].id == cell.id, context)
            }
            if let from = cell.from, let to = cell.to, cell.motion == .still || cell.motion == .shifted {
                #expect(cell.motion == (from == to ? .still : .shifted), context)
                stayingByPair[[from.section, to.section], default: []].append((from.item, to.item))
            }
        }
        for staying in stayingByPair.values {
            let byNew = staying.sorted { $0.new < $1.new }
            #expect(byNew.map(\.old) == byNew.map(\.old).sorted(), context)
        }
    }
}
