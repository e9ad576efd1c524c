import BoardSync

/// Checks a `CommitBatch` against the boards' committed heads without changing anything, in the
/// order `CommitBatch` documents, so that a store applying it afterwards cannot fail on its
/// rules: every store refuses the same batches with the same first error.
struct CommitBatchCheck {
    private var newBoards: Set<BoardName> = []
    private var heads: [BoardName: Int] = [:]

    /// Throws the first violation of `batch`; `head` gives a stored board's committed version,
    /// nil for a board that does not exist.
    mutating func check(_ batch: CommitBatch, head stored: (BoardName) -> Int?) throws(StoreError) {
        for name in batch.newBoards {
            guard stored(name) == nil, newBoards.insert(name).inserted else { throw .boardAlreadyExists(name) }
            heads[name] = 0
        }
        for entry in batch.ops {
            let board = entry.board
            let op = entry.op
            let expected = try head(of: board, stored) + 1
            guard op.version == expected else {
                throw .versionConflict(board: board, expected: expected, found: op.version)
            }
            heads[board] = op.version
        }
        for advance in batch.seqAdvances {
            _ = try head(of: advance.board, stored)
        }
        for used in batch.newIDs {
            _ = try head(of: used.board, stored)
        }
        for snapshot in batch.snapshots {
            let head = try head(of: snapshot.id, stored)
            guard snapshot.version >= 0 else {
                throw .invalidArgument("snapshot version \(snapshot.version) of board \(snapshot.id)")
            }
            guard snapshot.version <= head else {
                throw .snapshotAheadOfBoard(board: snapshot.id, version: snapshot.version, head: head)
            }
        }
    }

    /// The head `board` has at this point of the batch: its stored one, advanced by the ops
    /// checked so far.
    private mutating func head(of board: BoardName, _ stored: (BoardName) -> Int?) throws(StoreError) -> Int {
        if let known = heads[board] { return known }
        guard let existing = stored(board) else { throw .unknownBoard(board) }
        heads[board] = existing
        return existing
    }
}
