import Testing

@testable import BoardSync

/// Checks against brute force that no smaller set of moves would do.
@Suite("Minimal moves")
struct BatchMinimalityTests {
    /// The fewest kept entries that must be moves so that the UIKit replay of a flat list, with
    /// the given deletes and inserts, yields `new`: every subset of the kept entries is tried.
    static func bruteForceMinimumMoves<ID: Equatable>(old: [ID], new: [ID]) -> Int {
        let kept = old.filter { new.contains($0) }
        let deletes = old.indices.filter { !new.contains(old[$0]) }
        let inserts = new.indices.filter { !old.contains(new[$0]) }
        var best = kept.count
        for mask in 0..<(1 << kept.count) where mask.nonzeroBitCount < best {
            let moved = kept.indices.filter { mask & (1 << $0) != 0 }.map { kept[$0] }
            let removed = deletes + moved.map { old.firstIndex(of: $0)! }
            let placed = inserts + moved.map { new.firstIndex(of: $0)! }
            guard
                case .success(let slots) = ListArrangement.arrange(
                    oldCount: old.count, removed: removed, placed: placed)
            else { continue }
            let replayed = slots.enumerated().map { slot, origin in origin.map { old[$0] } ?? new[slot] }
            if replayed == new { best = mask.nonzeroBitCount }
        }
        return best
    }

    @Test func cellMovesWithinEachSectionAreTheFewestPossible() {
        for seed in UInt64(50_001)...51_000 {
            var scenario = BoardScenario(seed: seed)
            let old = scenario.board(maxSections: 3, maxCells: 7)
            let new = scenario.edit(
                old, count: Int.random(in: 1...8, using: &scenario.generator), maxSections: 4, maxCells: 7)
            let batch = checkedBatch(old, new, seed: seed)
            for (oldIndex, oldSection) in old.sections.enumerated() {
                guard let newIndex = new.sections.firstIndex(where: { $0.id == oldSection.id }) else { continue }
                let newSection = new.sections[newIndex]
                let withinMoves = batch.itemMoves.filter { $0.from.section == oldIndex && $0.to.section == newIndex }
                let minimum = Self.bruteForceMinimumMoves(
                    old: oldSection.cells.map(\.id), new: newSection.cells.map(\.id))
                #expect(withinMoves.count == minimum, "seed \(seed), section \(oldSection.id)\nbatch \(batch)")
            }
        }
    }

    @Test func sectionMovesAreTheFewestPossible() {
        for seed in UInt64(60_001)...60_600 {
            var scenario = BoardScenario(seed: seed)
            let old = scenario.board(maxSections: 7, maxCells: 2)
            let new = scenario.edit(
                old, count: Int.random(in: 1...8, using: &scenario.generator), maxSections: 7, maxCells: 3)
            let batch = checkedBatch(old, new, seed: seed)
            let minimum = Self.bruteForceMinimumMoves(old: old.sections.map(\.id), new: new.sections.map(\.id))
            #expect(batch.sectionMoves.count == minimum, "seed \(seed)\nbatch \(batch)")
        }
    }

    @Test func cellsThatChangeSectionAreAlwaysMoves() {
        let batch = checkedBatch(view("a: 1 2 | b: 3"), view("a: 1 | b: 2 3"))
        #expect(batch.itemMoves == [CellMove(from: CellPath(section: 0, item: 1), to: CellPath(section: 1, item: 0))])
    }
}
