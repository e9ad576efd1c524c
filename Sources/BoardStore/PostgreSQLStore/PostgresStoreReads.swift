import BoardSync

/// The reads of `PostgreSQLBoardStore` on one of its connections.
///
/// A board is loaded inside one repeatable-read transaction: the snapshot, the ops, the ids and
/// the seqs all come from the same moment, even while other servers commit.
struct PostgresStoreReads {
    let connection: PostgresConnection
    /// Names the store in errors about what it read.
    let place: String

    func headVersion(of board: BoardName) throws -> Int? {
        let rows = try connection.execute(prepared: "SELECT head_version FROM boards WHERE name = $1", [board])
        return try rows.first?.int(0)
    }

    func listBoards() throws -> [BoardName] {
        try connection.execute(prepared: "SELECT name FROM boards ORDER BY name COLLATE \"C\"").map {
            try $0.boardName(0)
        }
    }

    func loadBoard(_ name: BoardName) throws -> StoredBoard? {
        try connection.transaction(.repeatableRead) { () throws -> StoredBoard? in
            guard try headVersion(of: name) != nil else { return nil }
            let snapshot = try self.snapshot(name, atOrBelow: Int(Int64.max))
            let ops = try opsAfter(name, version: snapshot?.version ?? 0, limit: Int(Int64.max))
            return StoredBoard(
                name: name, snapshot: snapshot, ops: ops, usedIDs: try usedIDs(of: name),
                lastSeqs: try lastSeqs(of: name))
        }
    }

    func opsAfter(_ board: BoardName, version: Int, limit: Int) throws -> [SequencedOp] {
        try connection.execute(
            prepared: """
                SELECT \(Self.opColumns) FROM ops
                WHERE board = $1 AND version > $2 ORDER BY version LIMIT $3
                """, [board, version, limit]
        ).map { try storedOp($0, board: board) }
    }

    /// Up to `limit` retained ops below `version`, newest first.
    func opsBefore(_ board: BoardName, version: Int, limit: Int) throws -> [SequencedOp] {
        try connection.execute(
            prepared: """
                SELECT \(Self.opColumns) FROM ops
                WHERE board = $1 AND version < $2 ORDER BY version DESC LIMIT $3
                """, [board, version, limit]
        ).map { try storedOp($0, board: board) }
    }

    /// The newest kept snapshot of `board` at or below `version`.
    func snapshot(_ board: BoardName, atOrBelow version: Int) throws -> Board? {
        let rows = try connection.execute(
            prepared: """
                SELECT version, snapshot_json FROM snapshots WHERE board = $1 AND version <= $2
                ORDER BY version DESC LIMIT 1
                """, [board, version])
        return try rows.first.map { row in
            let found = try row.int(0)
            return try decoded("the snapshot of board \(board) at version \(found)") {
                try StoredJSON.board(from: row.string(1), version: found)
            }
        }
    }

    func oldestRetainedVersion(_ board: BoardName) throws -> Int? {
        try connection.execute(prepared: "SELECT min(version) FROM ops WHERE board = $1", [board])[0].optionalInt(0)
    }

    func lastSeq(_ board: BoardName, client: ClientID) throws -> Int {
        try connection.execute(
            prepared: "SELECT last_seq FROM client_seqs WHERE board = $1 AND client = $2", [board, client]
        ).first?.int(0) ?? 0
    }

    func committedOp(_ board: BoardName, client: ClientID, seq: Int) throws -> SequencedOp? {
        try connection.execute(
            prepared: """
                SELECT \(Self.opColumns) FROM ops
                WHERE board = $1 AND client = $2 AND seq = $3 ORDER BY version LIMIT 1
                """, [board, client, seq]
        ).first.map { try storedOp($0, board: board) }
    }

    private func usedIDs(of board: BoardName) throws -> [String: IDKind] {
        var usedIDs: [String: IDKind] = [:]
        for row in try connection.execute(prepared: "SELECT id, kind FROM used_ids WHERE board = $1", [board]) {
            let id = try row.string(0)
            usedIDs[id] = try decoded("id \(id) of board \(board)") { try StoredJSON.kind(from: row.string(1)) }
        }
        return usedIDs
    }

    private func lastSeqs(of board: BoardName) throws -> [ClientID: Int] {
        var seqs: [ClientID: Int] = [:]
        for row in try connection.execute(
            prepared: "SELECT client, last_seq FROM client_seqs WHERE board = $1", [board])
        {
            seqs[ClientID(try row.string(0))] = try row.int(1)
        }
        return seqs
    }

    /// The columns `storedOp` reads, in its order.
    static let opColumns = """
        version, client, "user", seq, op_json, committed_at, group_first, group_count, group_restores
        """

    /// A row of `opColumns` as a stored op.
    func storedOp(_ row: PostgresRow, board: BoardName) throws -> SequencedOp {
        let version = try row.int(0)
        let op = try decoded("op \(version) of board \(board)") { try StoredJSON.op(from: row.string(4)) }
        return SequencedOp(
            version: version, client: ClientID(try row.string(1)), user: try row.string(2), seq: try row.int(3),
            op: op, group: try group(row), committedAt: CommitTime(milliseconds: Int64(try row.int(5))))
    }

    /// The group of a row of `opColumns`, when its op was committed in one.
    private func group(_ row: PostgresRow) throws -> GroupSpan? {
        guard let first = try row.optionalInt(6) else { return nil }
        return GroupSpan(first: first, count: try row.int(7), restores: try row.optionalInt(8))
    }

    /// The value `decode` reads from stored text; text that is not a model value is corrupt.
    private func decoded<Value>(_ what: String, _ decode: () throws -> Value) throws -> Value {
        do {
            return try decode()
        } catch let error as PostgresError {
            throw error
        } catch {
            throw StoreError.corrupt(path: place, message: "\(what): \(error)")
        }
    }
}
