import BoardSync
import TestSupport

extension CoreBenchmark {
    /// Cases appended after the diff cases: the sequencer's per-op work on a large board, its
    /// work for a group, and decoding the wire's hot messages.
    static var additionalCases: [CoreBenchCase] { [rebaseAndApply, groupOfMoves] + wireDecodingCases }

    /// The sequencer's whole answer to a submit of a group of 100 random moves made against a
    /// board of 10,000 items in 10 sections, 8 versions behind: every member rebased through the
    /// 8 ops committed since, checked on the state the members before it leave, committed, and
    /// the ack and the members' `op` messages made. Each run starts from a copy of the same
    /// sequencer, so the time also holds the copy of the sections the group writes to, which the
    /// server, changing its one sequencer in place, does not make. `moves` is the number of
    /// members committed.
    static var groupOfMoves: CoreBenchCase {
        let name = "a group of 100 moves: rebase through 8 + check + commit in the sequencer, 10,000 items"
        return CoreBenchCase(name: name, n: 10_000) {
            var generator = SeededGenerator(seed: seed ^ 0x6A0)
            let board = largeBoard(sections: 10, itemsPerSection: 1_000)
            var sequencer = Sequencer(state: BoardState(board: board))
            let alice = ConnectionID(1)
            let bob = ConnectionID(2)
            for (id, client) in [(alice, "alice"), (bob, "bob")] {
                _ = sequencer.handle(.connected(id, role: .editor), now: 0)
                _ = sequencer.handle(.received(id, .hello(.init(client: ClientID(client), user: client))), now: 0)
            }
            var made = BoardState(board: board)
            var group: [Op] = []
            for _ in 0..<100 {
                let op = randomMove(on: made, using: &generator)
                made.commit(op)
                group.append(op)
            }
            var bobs = BoardState(board: board)
            for seq in 1...8 {
                let op = randomMove(on: bobs, using: &generator)
                bobs.commit(op)
                _ = sequencer.handle(.received(bob, .submit(.init(seq: seq, base: seq - 1, op: op))), now: 0)
                _ = sequencer.handle(.flushed, now: 0)
            }
            let submit = SequencerEvent.received(alice, .submit(.init(seq: 1, base: 0, ops: group)))
            let timing = BenchTiming.median(minimum: 20, maximum: 2_000, budgetSeconds: 2) {
                var copy = sequencer
                return copy.handle(submit, now: 0).commits.count
            }
            return CoreBenchResult(
                name: name, n: 10_000, medianMilliseconds: timing.milliseconds, runs: timing.runs,
                moves: timing.result, peerMedianMilliseconds: nil, peerRuns: nil, peerMoves: nil)
        }
    }

    /// Rebase through the last 8 committed ops, check and commit, for 1,000 random moves on a
    /// board of 10,000 items in 10 sections. The time is for the whole run of 1,000 ops.
    static var rebaseAndApply: CoreBenchCase {
        let name = "rebase through 8 + check + commit, 1,000 ops on 10,000 items"
        return CoreBenchCase(name: name, n: 10_000) {
            var generator = SeededGenerator(seed: seed ^ 0x5EB)
            let start = BoardState(board: largeBoard(sections: 10, itemsPerSection: 1_000))
            var scratch = start
            var ops: [Op] = []
            for _ in 0..<1_000 {
                let op = randomMove(on: scratch, using: &generator)
                scratch.commit(op)
                ops.append(op)
            }
            let timing = BenchTiming.median(minimum: 5, maximum: 50, budgetSeconds: 2) {
                var state = start
                var recent: [Op] = []
                var applied = 0
                for op in ops {
                    if let rebased = Rebase.rebase(op, through: recent.suffix(8)), state.check(rebased) == .apply {
                        state.commit(rebased)
                        applied += 1
                    }
                    recent.append(op)
                }
                return applied
            }
            return CoreBenchResult(
                name: name, n: 10_000, medianMilliseconds: timing.milliseconds, runs: timing.runs, moves: nil,
                peerMedianMilliseconds: nil, peerRuns: nil, peerMoves: nil)
        }
    }

    static func largeBoard(sections: Int, itemsPerSection: Int) -> Board {
        Board(
            id: "bench", version: 0,
            sections: (0..<sections).map { s in
                Section(
                    id: "s\(s)", title: "Section \(s)",
                    items: (0..<itemsPerSection).map { Item(id: "i\(s)-\($0)", label: "Item \(s)-\($0)") })
            })
    }

    /// A valid move of a random item to a random place, on `state`.
    static func randomMove(on state: BoardState, using generator: inout SeededGenerator) -> Op {
        let sections = state.board.sections
        let from = Int.random(in: sections.indices, using: &generator)
        let index = Int.random(in: sections[from].items.indices, using: &generator)
        let to = Int.random(in: sections.indices, using: &generator)
        let count = sections[to].items.count - (to == from ? 1 : 0)
        return .move(
            item: sections[from].items[index].id, from: Position(section: sections[from].id, index: index),
            to: Position(section: sections[to].id, index: Int.random(in: 0...count, using: &generator)))
    }
}
