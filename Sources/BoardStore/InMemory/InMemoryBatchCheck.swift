/// Checks a `CommitBatch` against the boards of an `InMemoryBoardStore` without changing them,
/// in the order `CommitBatch` documents, so that applying it afterwards cannot fail.
struct InMemoryBatchCheck {
    private var newBoards: Set<String> = []
    private var heads: [String: Int] = [:]

    /// Throws the first violation of `batch` against `boards`. The boards are only borrowed, so
    /// applying the batch afterwards mutates them in place without copying.
    mutating func check(_ batch: CommitBatch, against boards: [String: InMemoryBoard]) throws(StoreError) {
        for name in batch.newBoards {
            guard boards[name] == nil, newBoards.insert(name).inserted else { throw .boardAlreadyExists(name) }
            heads[name] = 0
        }
        for entry in batch.ops {
            let board = entry.board
            let op = entry.op
            let expected = try head(of: board, in: boards) + 1
            guard op.version == expected else {
                throw .versionConflict(board: board, expected: expected, found: op.version)
            }
            heads[board] = op.version
        }
        for advance in batch.seqAdvances {
            _ = try head(of: advance.board, in: boards)
        }
        for used in batch.newIDs {
            _ = try head(of: used.board, in: boards)
        }
        for snapshot in batch.snapshots {
            let head = try head(of: snapshot.id, in: boards)
            guard snapshot.version >= 0 else {
                throw .invalidArgument("snapshot version \(snapshot.version) of board \(snapshot.id)")
            }
            guard snapshot.version <= head else {
                throw .snapshotAheadOfBoard(board: snapshot.id, version: snapshot.version, head: head)
            }
        }
    }

    private mutating func head(of board: String, in boards: [String: InMemoryBoard]) throws(StoreError) -> Int {
        if let known = heads[board] { return known }
        guard let existing = boards[board] else { throw .unknownBoard(board) }
        heads[board] = existing.head
        return existing.head
    }
}
