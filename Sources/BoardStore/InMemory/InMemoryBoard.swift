import BoardSync

/// The state of one board inside `InMemoryBoardStore`, following the same rules as the tables
/// of `SQLiteBoardStore`. Its mutations assume the batch was validated first.
struct InMemoryBoard {
    var head = 0
    var snapshot: Board?
    /// Retained ops in increasing version order.
    var ops: [StoredOp] = []
    var usedIDs: [String: IDKind] = [:]
    var lastSeqs: [String: Int] = [:]

    func stored(name: String) -> StoredBoard {
        let after = snapshot?.version ?? 0
        return StoredBoard(
            name: name, snapshot: snapshot, ops: ops.filter { $0.version > after }, usedIDs: usedIDs,
            lastSeqs: lastSeqs)
    }

    mutating func append(_ op: StoredOp) {
        ops.append(op)
        head = op.version
        advanceSeq(of: op.sequenced.client, to: op.sequenced.seq)
    }

    mutating func advanceSeq(of client: String, to seq: Int) {
        lastSeqs[client] = max(lastSeqs[client] ?? 0, seq)
    }

    /// Keeps the newest snapshot and drops the ops it covers beyond the newest `retainedOps`.
    mutating func store(_ newSnapshot: Board, retainedOps: Int) {
        if newSnapshot.version >= snapshot?.version ?? -1 {
            snapshot = newSnapshot
        }
        let cutoff = min(snapshot?.version ?? 0, head - retainedOps)
        ops.removeFirst(ops.prefix { $0.version <= cutoff }.count)
    }
}
