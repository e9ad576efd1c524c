import BoardSync
import Testing

@Suite("Update batches for random edits")
struct BatchPropertyTests {
    @Test func replayOfTheBatchGivesTheNewView() {
        for seed in UInt64(1)...2000 {
            var scenario = BoardScenario(seed: seed)
            let old = scenario.board(maxSections: 5, maxCells: 12)
            let new = scenario.edit(
                old, count: Int.random(in: 0...10, using: &scenario.generator), maxSections: 6, maxCells: 16)
            let batch = checkedBatch(old, new, seed: seed)
            #expect(batch.isEmpty == (old == new), "seed \(seed)")
        }
    }

    @Test func largeBoardsWithManyEdits() {
        for seed in UInt64(10_001)...10_040 {
            var scenario = BoardScenario(seed: seed)
            let old = scenario.board(maxSections: 8, maxCells: 60)
            let new = scenario.edit(old, count: 80, maxSections: 10, maxCells: 80)
            _ = checkedBatch(old, new, seed: seed)
        }
    }
}
