/// Checks a `CommitBatch` against the boards of an `InMemoryBoardStore` without changing them,
/// in the order `CommitBatch` documents, so that applying it afterwards cannot fail.
struct InMemoryBatchCheck {
    private let boards: [String: InMemoryBoard]
    private var newBoards: Set<String> = []
    private var heads: [String: Int] = [:]
    private var newSeqs: Set<SeqKey> = []
    private var newIds: Set<IdKey> = []

    private struct SeqKey: Hashable {
        let board: String
        let client: String
        let seq: Int
    }

    private struct IdKey: Hashable {
        let board: String
        let id: String
    }

    init(boards: [String: InMemoryBoard]) {
        self.boards = boards
    }

    mutating func check(_ batch: CommitBatch) throws(StoreError) {
        for name in batch.newBoards {
            guard boards[name] == nil, newBoards.insert(name).inserted else { throw .boardAlreadyExists(name) }
            heads[name] = 0
        }
        for entry in batch.ops {
            let board = entry.board
            let op = entry.op
            let expected = try head(of: board) + 1
            guard op.version == expected else {
                throw .versionOutOfOrder(board: board, expected: expected, found: op.version)
            }
            let seqKey = SeqKey(board: board, client: op.client, seq: op.seq)
            guard boards[board]?.hasCommitted(client: op.client, seq: op.seq) != true,
                newSeqs.insert(seqKey).inserted
            else {
                throw .seqAlreadyUsed(board: board, client: op.client, seq: op.seq)
            }
            heads[board] = op.version
        }
        for advance in batch.seqAdvances {
            _ = try head(of: advance.board)
        }
        for used in batch.usedIds {
            _ = try head(of: used.board)
            guard boards[used.board]?.usedIds[used.id] == nil,
                newIds.insert(IdKey(board: used.board, id: used.id)).inserted
            else {
                throw .idAlreadyUsed(board: used.board, id: used.id)
            }
        }
        for record in batch.snapshots {
            let head = try head(of: record.board)
            guard record.snapshot.version <= head else {
                throw .snapshotAheadOfBoard(board: record.board, version: record.snapshot.version, head: head)
            }
        }
    }

    private mutating func head(of board: String) throws(StoreError) -> Int {
        if let known = heads[board] { return known }
        guard let existing = boards[board] else { throw .unknownBoard(board) }
        heads[board] = existing.head
        return existing.head
    }
}
