import TestSupport
import Testing

@testable import BoardSync

@Suite("Flat list diff")
struct BatchListDiffTests {
    /// Replays a flat diff with the UIKit rules.
    static func replay(_ diff: ListDiff, old: [Int], new: [Int]) -> [Int]? {
        let removed = diff.deletes + diff.moves.map(\.from)
        let placed = diff.inserts + diff.moves.map(\.to)
        guard case .success(let slots) = ListArrangement.arrange(oldCount: old.count, removed: removed, placed: placed)
        else { return nil }
        return slots.enumerated().map { slot, origin in origin.map { old[$0] } ?? new[slot] }
    }

    /// Kept entries minus the longest common subsequence of the kept entries (quadratic DP).
    static func minimumMoves(old: [Int], new: [Int]) -> Int {
        let newSet = Set(new)
        let oldSet = Set(old)
        let a = old.filter(newSet.contains)
        let b = new.filter(oldSet.contains)
        var row = [Int](repeating: 0, count: b.count + 1)
        for x in a {
            var diagonal = 0
            for j in 1...max(b.count, 1) where j <= b.count {
                let above = row[j]
                row[j] = x == b[j - 1] ? diagonal + 1 : max(row[j], row[j - 1])
                diagonal = above
            }
        }
        return a.count - (row.last ?? 0)
    }

    @Test func emptyAndIdenticalLists() {
        #expect(ListDiff.between(old: [Int](), new: []).isEmpty)
        #expect(ListDiff.between(old: [1, 2, 3], new: [1, 2, 3]).isEmpty)
        #expect(ListDiff.between(old: [], new: [1, 2]) == ListDiff(inserts: [0, 1]))
        #expect(ListDiff.between(old: [1, 2], new: []) == ListDiff(deletes: [0, 1]))
    }

    @Test func singleMoveInALongListIsFoundWithoutHashingEverything() {
        let old = Array(0..<10_000)
        var new = old
        new.insert(new.remove(at: 10), at: 9_990)
        #expect(ListDiff.between(old: old, new: new) == ListDiff(moves: [IndexMove(from: 10, to: 9_990)]))
    }

    @Test func repeatedIdsDoNotCrashAndStillReplay() {
        let old = [1, 1, 2, 3]
        let new = [3, 1, 1, 1]
        let diff = ListDiff.between(old: old, new: new)
        #expect(Self.replay(diff, old: old, new: new) == new)
    }

    @Test func randomListsReplayWithTheFewestMoves() {
        for seed in UInt64(70_001)...71_000 {
            var generator = SeededGenerator(seed: seed)
            let old = Array(0..<Int.random(in: 0...60, using: &generator))
            var new = old.filter { _ in Int.random(in: 0..<5, using: &generator) != 0 }
            for _ in 0..<Int.random(in: 0...20, using: &generator) where !new.isEmpty {
                let value = new.remove(at: Int.random(in: new.indices, using: &generator))
                new.insert(value, at: Int.random(in: 0...new.count, using: &generator))
            }
            for value in 1_000..<1_000 + Int.random(in: 0...10, using: &generator) {
                new.insert(value, at: Int.random(in: 0...new.count, using: &generator))
            }
            let diff = ListDiff.between(old: old, new: new)
            #expect(Self.replay(diff, old: old, new: new) == new, "seed \(seed)")
            #expect(diff.moves.count == Self.minimumMoves(old: old, new: new), "seed \(seed)")
        }
    }
}

@Suite("Flat list diff on longer lists")
struct BatchLongListDiffTests {
    /// Long lists with moved runs, scattered single moves and shuffled stretches, so that runs of
    /// several entries, loose entries and the switch to hashing everything all take part.
    @Test func longListsReplayWithTheFewestMoves() {
        for seed in UInt64(80_001)...80_060 {
            var generator = SeededGenerator(seed: seed)
            let old = Array(0..<Int.random(in: 100...400, using: &generator))
            var new = old.filter { _ in Int.random(in: 0..<10, using: &generator) != 0 }
            for _ in 0..<Int.random(in: 0...6, using: &generator) where new.count > 20 {
                let start = Int.random(in: 0..<(new.count - 10), using: &generator)
                let run = Array(new[start..<(start + Int.random(in: 1...10, using: &generator))])
                new.removeSubrange(start..<(start + run.count))
                new.insert(contentsOf: run, at: Int.random(in: 0...new.count, using: &generator))
            }
            if Bool.random(using: &generator), new.count > 50 {
                let start = Int.random(in: 0..<(new.count - 40), using: &generator)
                new[start..<(start + 40)].shuffle(using: &generator)
            }
            if seed % 10 == 0 { new.shuffle(using: &generator) }
            for value in 10_000..<10_000 + Int.random(in: 0...20, using: &generator) {
                new.insert(value, at: Int.random(in: 0...new.count, using: &generator))
            }
            let diff = ListDiff.between(old: old, new: new)
            #expect(BatchListDiffTests.replay(diff, old: old, new: new) == new, "seed \(seed)")
            #expect(diff.moves.count == BatchListDiffTests.minimumMoves(old: old, new: new), "seed \(seed)")
        }
    }
}

@Suite("Staying blocks")
struct BatchStayingBlocksTests {
    @Test func rankingBySortAgreesWithPackedKeys() {
        for seed in UInt64(90_001)...90_200 {
            var generator = SeededGenerator(seed: seed)
            var positions = Array(0..<12).map { $0 * 10 }
            positions.shuffle(using: &generator)
            let blocks = positions.enumerated().map { index, new in
                ListMatching.Block(old: index * 10, new: new, length: Int.random(in: 1...9, using: &generator))
            }
            var packed = blocks
            var unpacked = blocks
            HeaviestIncreasingBlocks.markHeaviest(&packed, among: Array(blocks.indices))
            HeaviestIncreasingBlocks.markHeaviestUnpacked(&unpacked, among: Array(blocks.indices))
            let weight = { (chosen: [ListMatching.Block]) in chosen.filter(\.stays).reduce(0) { $0 + $1.length } }
            #expect(weight(packed) == weight(unpacked), "seed \(seed)")
            let staying = packed.filter(\.stays).map(\.new)
            #expect(staying == staying.sorted(), "seed \(seed)")
        }
    }
}
