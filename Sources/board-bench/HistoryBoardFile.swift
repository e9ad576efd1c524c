import BoardStore
import BoardSync
import Foundation

/// The data file of `board-bench history`: one board as the server would have stored it, with
/// four sections, `items` tiles inserted one op each, then moves of tiles between sections,
/// and a snapshot every `snapshotEvery` versions (compaction as the server's store does it).
struct HistoryBoardFile {
    let board: BoardName = "history-bench"
    let items: Int
    let moves: Int
    let snapshotEvery: Int

    /// The board's head version once written.
    var head: Int { 3 + items + moves }

    /// Writes the board into a new store at `path`.
    func write(to path: String) throws {
        let store = try SQLiteBoardStore(path: path)
        defer { store.close() }
        var state = BoardState(board: .initial(id: board))
        var batch = CommitBatch()
        batch.createBoard(board)
        batch.useID("main", kind: .section, on: board)
        batch.addSnapshot(state.board)
        let sections = ["main", "s1", "s2", "s3"]
        let committedAt = CommitTime(milliseconds: Int64(Date().timeIntervalSince1970 * 1000))

        func append(_ op: Op, newID: (String, IDKind)? = nil) throws {
            let version = state.version + 1
            guard state.replay(op, committedAt: version) else { throw Invalid(version: version) }
            batch.append(
                SequencedOp(version: version, client: "bench-writer", user: "bench", seq: version, op: op),
                committedAt: committedAt, to: board)
            if let (id, kind) = newID { batch.useID(id, kind: kind, on: board) }
            if version % snapshotEvery == 0 { batch.addSnapshot(state.board) }
            if version % 1_000 == 0 {
                try store.commit(batch)
                batch = CommitBatch()
            }
        }

        for (index, id) in sections.dropFirst().enumerated() {
            try append(
                .insertSection(section: SectionHeader(id: SectionID(id), title: "Section \(id)"), index: index + 1),
                newID: (id, .section))
        }
        for number in 0..<items {
            let id = "tile-\(number)"
            let section = sections[number % sections.count]
            try append(
                .insert(
                    item: Item(id: ItemID(id), label: "Tile \(number)"),
                    to: Position(section: SectionID(section), index: 0)),
                newID: (id, .item))
        }
        for number in 0..<moves {
            let from = SectionID(sections[number % sections.count])
            let to = SectionID(sections[(number + 1) % sections.count])
            guard let item = state.board.sections[number % sections.count].items.first?.id else {
                throw Invalid(version: state.version + 1)
            }
            try append(.move(item: item, from: Position(section: from, index: 0), to: Position(section: to, index: 0)))
        }
        if !batch.isEmpty { try store.commit(batch) }
    }

    /// An op that did not apply while building the board (a mistake in this generator).
    struct Invalid: Error, CustomStringConvertible {
        let version: Int
        var description: String { "the generated op \(version) does not apply" }
    }
}
