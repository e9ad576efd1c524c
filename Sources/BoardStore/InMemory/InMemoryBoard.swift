/// The state of one board inside `InMemoryBoardStore`, following the same rules as the tables
/// of `SQLiteBoardStore`.
struct InMemoryBoard {
    var head = 0
    var snapshot: BoardSnapshot?
    /// Retained ops in increasing version order.
    var ops: [CommittedOp] = []
    var usedIds: [String: IdKind] = [:]
    var lastSeqs: [String: Int] = [:]
    /// Version of each retained op, by client and seq.
    var versionsBySeq: [String: [Int: Int]] = [:]

    func stored(name: String) -> StoredBoard {
        let after = snapshot?.version ?? 0
        return StoredBoard(
            name: name, snapshot: snapshot, ops: ops.filter { $0.version > after }, usedIds: usedIds,
            lastSeqs: lastSeqs)
    }

    mutating func append(_ op: CommittedOp, board: String) throws(StoreError) {
        guard op.version == head + 1 else {
            throw .versionOutOfOrder(board: board, expected: head + 1, found: op.version)
        }
        if versionsBySeq[op.client]?[op.seq] != nil {
            throw .seqAlreadyUsed(board: board, client: op.client, seq: op.seq)
        }
        ops.append(op)
        versionsBySeq[op.client, default: [:]][op.seq] = op.version
        head = op.version
    }

    mutating func advanceSeq(of client: String, to seq: Int) {
        lastSeqs[client] = max(lastSeqs[client] ?? 0, seq)
    }

    mutating func useId(_ id: String, kind: IdKind, board: String) throws(StoreError) {
        guard usedIds[id] == nil else { throw .idAlreadyUsed(board: board, id: id) }
        usedIds[id] = kind
    }

    /// Keeps the newest snapshot and drops the ops it covers beyond the newest `retainedOps`.
    mutating func store(_ newSnapshot: BoardSnapshot, board: String, retainedOps: Int) throws(StoreError) {
        guard newSnapshot.version <= head else {
            throw .snapshotAheadOfBoard(board: board, version: newSnapshot.version, head: head)
        }
        if newSnapshot.version >= snapshot?.version ?? -1 {
            snapshot = newSnapshot
        }
        let cutoff = min(snapshot?.version ?? 0, head - retainedOps)
        let dropped = ops.prefix { $0.version <= cutoff }
        for op in dropped {
            versionsBySeq[op.client]?[op.seq] = nil
        }
        ops.removeFirst(dropped.count)
    }
}
