import BoardSync

/// The state of one board inside `InMemoryBoardStore`, following the same rules as the tables
/// of `SQLiteBoardStore`. Its mutations assume the batch was validated first.
struct InMemoryBoard {
    var head = 0
    /// Kept snapshots in increasing version order.
    var snapshots: [Board] = []
    /// Retained ops in increasing version order.
    var ops: [SequencedOp] = []
    var usedIDs: [String: IDKind] = [:]
    var lastSeqs: [ClientID: Int] = [:]

    func stored(name: BoardName) -> StoredBoard {
        let snapshot = snapshots.last
        let after = snapshot?.version ?? 0
        return StoredBoard(
            name: name, snapshot: snapshot, ops: ops.filter { $0.version > after }, usedIDs: usedIDs,
            lastSeqs: lastSeqs)
    }

    /// The newest kept snapshot at or below `version`.
    func snapshot(atOrBelow version: Int) -> Board? {
        snapshots.last { $0.version <= version }
    }

    mutating func append(_ op: SequencedOp) {
        ops.append(op)
        head = op.version
        advanceSeq(of: op.client, to: op.seq)
    }

    mutating func advanceSeq(of client: ClientID, to seq: Int) {
        lastSeqs[client] = max(lastSeqs[client] ?? 0, seq)
    }

    /// Keeps `newSnapshot` (replacing one of its version), then compacts as
    /// `BoardStore.writeSnapshot` says: up to the newest snapshot at or below
    /// `head - retainedOps`, ops and older snapshots go.
    mutating func store(_ newSnapshot: Board, retainedOps: Int) {
        snapshots.removeAll { $0.version == newSnapshot.version }
        let index = snapshots.firstIndex { $0.version > newSnapshot.version } ?? snapshots.endIndex
        snapshots.insert(newSnapshot, at: index)
        guard let cutoff = snapshot(atOrBelow: head - retainedOps)?.version else { return }
        snapshots.removeAll { $0.version < cutoff }
        ops.removeFirst(ops.prefix { $0.version <= cutoff }.count)
    }
}
