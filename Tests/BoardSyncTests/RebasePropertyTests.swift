import BoardSync
import Foundation
import TestSupport
import Testing

/// The core promise of protocol 4.1: an op made concurrently with committed ops is never refused
/// because of the concurrency. Rebased through them it is either dropped (nil) or passes the
/// checks on the new state, as a change or as a no-op. It is dropped only when something it names
/// was deleted, and an insert or move still lands between the neighbours it meant unless a
/// committed op moved or deleted them.
@Suite struct RebasePropertyTests {
    /// Runs one case: `op` and the first committed op made on `state`, each further committed op
    /// on the state the previous one left. Returns a description of what went wrong, if anything.
    private static func failure(state: BoardState, committed: [Op], op: Op) -> String? {
        guard state.check(op) == .apply else { return "generated op \(op) is not valid" }
        var current = state
        for next in committed {
            guard current.apply(next) == .apply else { return "generated committed op \(next) is not valid" }
        }
        guard let rebased = Rebase.rebase(op, through: committed) else {
            return namesSomethingDeleted(op, in: current) ? nil : "dropped though nothing it names was deleted"
        }
        switch current.check(rebased) {
        case .apply:
            guard let neighbours = RebaseNeighbours.of(op, on: state) else { return nil }
            current.apply(rebased)
            return neighbours.violation(in: current, committed: committed).map { "rebased to \(rebased): \($0)" }
        case .noop:
            let deletes = committed.contains {
                if case .delete = $0 { return true }
                if case .deleteSection = $0 { return true }
                return false
            }
            return deletes ? nil : "rebased to \(rebased), a no-op though nothing was deleted"
        case .refused(let error):
            return "rebased to \(rebased), refused: \(error)"
        }
    }

    /// Whether the item or section `op` acts on, or the section it puts an item into, is gone.
    private static func namesSomethingDeleted(_ op: Op, in state: BoardState) -> Bool {
        switch op {
        case .insert(_, let to): !state.isLive(section: to.section)
        case .move(let item, _, let to): !state.isLive(item: item) || !state.isLive(section: to.section)
        case .delete(let item, _), .update(let item, _): !state.isLive(item: item)
        case .insertSection: false
        case .moveSection(let section, _, _), .renameSection(let section, _), .deleteSection(let section, _):
            !state.isLive(section: section)
        }
    }

    private static func report(_ seed: UInt64, _ state: BoardState, _ committed: [Op], _ op: Op, _ why: String) {
        Issue.record(
            """
            seed \(seed) (\(TestSeed.rerun(seed)))
            board: \(RebaseRandomOps.picture(of: state.board))
            committed: \(committed)
            op: \(op)
            \(why)
            """)
    }

    @Test func anOpRebasedThroughOneConcurrentOpIsNeverRefused() {
        var failures = 0
        for seed in TestSeed.sweep(count: 5000, from: 0x5EED_0000) {
            var rng = SeededGenerator(seed: seed)
            let state = RebaseRandomOps.state(using: &rng)
            let committed = RebaseRandomOps.op(on: state, newID: "c0", using: &rng)
            let op = RebaseRandomOps.op(on: state, newID: "n0", using: &rng)
            if let why = Self.failure(state: state, committed: [committed], op: op) {
                Self.report(seed, state, [committed], op, why)
                failures += 1
                if failures == 5 { return }
            }
        }
    }

    @Test func anOpRebasedThroughSeveralCommittedOpsIsNeverRefused() {
        var failures = 0
        for seed in TestSeed.sweep(count: 2000, from: 0xF01D_0000) {
            var rng = SeededGenerator(seed: seed)
            let state = RebaseRandomOps.state(using: &rng)
            let op = RebaseRandomOps.op(on: state, newID: "n0", using: &rng)
            var committed: [Op] = []
            var current = state
            for index in 0..<Int.random(in: 2...5, using: &rng) {
                let next = RebaseRandomOps.op(on: current, newID: "c\(index)", using: &rng)
                current.apply(next)
                committed.append(next)
            }
            if let why = Self.failure(state: state, committed: committed, op: op) {
                Self.report(seed, state, committed, op, why)
                failures += 1
                if failures == 5 { return }
            }
        }
    }

    @Test func theGeneratorDrawsEveryKindOfOp() {
        var rng = SeededGenerator(seed: 1)
        var kinds: Set<String> = []
        for _ in 0..<500 {
            let state = RebaseRandomOps.state(using: &rng)
            kinds.insert(RebaseRandomOps.op(on: state, newID: "n", using: &rng).kind)
        }
        #expect(kinds.count == 8)
    }
}
