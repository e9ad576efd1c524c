import BoardSync

/// The queries of `SQLiteBoardStore` over its open `Database`; used under the store's lock only.
final class StoreConnection {
    let database: Database
    let path: String
    let retainedOps: Int
    /// The statements of the commit path, held directly so no cache lookup hashes their SQL.
    let selectHead: Statement
    let insertOp: Statement
    let insertUsedId: Statement
    let upsertSeq: Statement
    /// The committed head of every board read or written so far. This connection is the only
    /// writer of its file (see `SQLiteBoardStore`), so a head, once known, changes only by its
    /// own commits.
    var heads: [String: Int] = [:]
    /// The number of ops in `op_log` as committed.
    var loggedOps: Int
    /// `op_log` is moved into `ops` once it holds this many ops: each board's pages of `ops` are
    /// then written once for about `logFoldThreshold / boards` ops instead of once per op. The
    /// commit that moves the log costs about 9,000 instructions per op moved (a few ms), so a
    /// larger log writes fewer bytes but makes those commits rarer and slower, and readers scan
    /// the whole log. With 64 boards, 1,024 cut the bytes per 30-board commit from 306 KB to
    /// about 100 KB; 2,048 to about 70 KB, with commits twice as slow when the log moves.
    static let logFoldThreshold = 1_024

    init(database: Database, path: String, retainedOps: Int) throws {
        self.database = database
        self.path = path
        self.retainedOps = retainedOps
        selectHead = try database.prepare(
            """
            SELECT max(head_version, coalesce((SELECT max(version) FROM ops WHERE board = ?1), 0),
                       coalesce((SELECT max(version) FROM op_log WHERE board = ?1), 0))
            FROM boards WHERE name = ?1
            """)
        insertOp = try database.prepare(
            """
            INSERT INTO op_log (board, version, client, user, seq, op_json, committed_at)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """)
        insertUsedId = try database.prepare("INSERT INTO used_ids (board, id, kind) VALUES (?, ?, ?)")
        upsertSeq = try database.prepare(
            """
            INSERT INTO client_seqs (board, client, last_seq) VALUES (?, ?, ?)
            ON CONFLICT (board, client) DO UPDATE SET last_seq = max(last_seq, excluded.last_seq)
            """)
        loggedOps = try database.statement("SELECT count(*) FROM op_log").queryOne { $0.int(0) } ?? 0
    }

    func headVersion(of board: String) throws -> Int? {
        if let known = heads[board] { return known }
        return try readHead(of: board)
    }

    /// The head as stored: the highest op version, or `boards.head_version` when that is higher
    /// (a new board, or every op compacted away).
    func readHead(of board: String) throws -> Int? {
        try selectHead.queryOne(board) { $0.int(0) }
    }

    func listBoards() throws -> [String] {
        try database.statement("SELECT name FROM boards ORDER BY name").query { $0.string(0) }
    }

    func loadBoard(_ name: String) throws -> StoredBoard? {
        guard try headVersion(of: name) != nil else { return nil }
        let snapshot = try snapshot(name, atOrBelow: Int(Int64.max))
        let ops = try opsAfter(name, version: snapshot?.version ?? 0, limit: Int(Int64.max))
        return StoredBoard(
            name: name, snapshot: snapshot, ops: ops, usedIDs: try usedIDs(of: name), lastSeqs: try lastSeqs(of: name))
    }

    /// Every id recorded for `board`, in recording order so a repeated id keeps its last kind.
    private func usedIDs(of board: String) throws -> [String: IDKind] {
        let rows = try database.statement("SELECT id, kind FROM used_ids WHERE board = ? ORDER BY rowid")
            .query(board) { ($0.string(0), $0.string(1)) }
        var usedIDs: [String: IDKind] = [:]
        for (id, kindText) in rows {
            usedIDs[id] = try decoded("id \(id) of board \(board)") { try StoredJSON.kind(from: kindText) }
        }
        return usedIDs
    }

    /// Every client's `lastSeq`: the higher of its `client_seqs` row and its retained ops' seqs.
    private func lastSeqs(of board: String) throws -> [String: Int] {
        let rows = try database.statement(
            """
            SELECT client, last_seq FROM client_seqs WHERE board = ?1
            UNION ALL SELECT client, max(seq) FROM all_ops WHERE board = ?1 GROUP BY client
            """
        ).query(board) { ($0.string(0), $0.int(1)) }
        return Dictionary(rows, uniquingKeysWith: max)
    }

    func opsAfter(_ board: String, version: Int, limit: Int) throws -> [StoredOp] {
        try database.statement(
            """
            SELECT version, client, user, seq, op_json, committed_at FROM all_ops
            WHERE board = ? AND version > ? ORDER BY version LIMIT ?
            """
        ).query(board, version, limit, row: OpRow.init).map { try storedOp($0, board: board) }
    }

    /// Reads each table newest first through its own order (the key of `ops`, a scan of the
    /// short `op_log`) and merges the two, so a page never sorts the board's whole history.
    func opsBefore(_ board: String, version: Int, limit: Int) throws -> [StoredOp] {
        try database.statement(
            """
            SELECT * FROM (
                SELECT version, client, user, seq, op_json, committed_at FROM ops
                WHERE board = ?1 AND version < ?2 ORDER BY version DESC LIMIT ?3)
            UNION ALL
            SELECT * FROM (
                SELECT version, client, user, seq, op_json, committed_at FROM op_log
                WHERE board = ?1 AND version < ?2 ORDER BY version DESC LIMIT ?3)
            ORDER BY version DESC LIMIT ?3
            """
        ).query(board, version, limit, row: OpRow.init).map { try storedOp($0, board: board) }
    }

    func snapshot(_ board: String, atOrBelow version: Int) throws -> Board? {
        let row = try database.statement(
            """
            SELECT version, snapshot_json FROM snapshots WHERE board = ? AND version <= ?
            ORDER BY version DESC LIMIT 1
            """
        ).queryOne(board, version) { (version: $0.int(0), json: $0.string(1)) }
        return try row.map { row in
            try decoded("the snapshot of board \(board) at version \(row.version)") {
                try StoredJSON.board(from: row.json, version: row.version)
            }
        }
    }

    func oldestRetainedVersion(_ board: String) throws -> Int? {
        try database.statement("SELECT min(version) FROM all_ops WHERE board = ?").queryOne(board) {
            $0.isNull(0) ? nil : $0.int(0)
        } ?? nil
    }

    /// The higher of the client's `client_seqs` row and its retained ops' seqs (a scan of the
    /// board's retained ops: `loadBoard` is the common way to read seqs).
    func lastSeq(_ board: String, client: String) throws -> Int {
        try database.statement(
            """
            SELECT max(coalesce((SELECT last_seq FROM client_seqs WHERE board = ?1 AND client = ?2), 0),
                       coalesce((SELECT max(seq) FROM all_ops WHERE board = ?1 AND client = ?2), 0))
            """
        ).queryOne(board, client) { $0.int(0) } ?? 0
    }

    func committedOp(_ board: String, client: String, seq: Int) throws -> StoredOp? {
        try database.statement(
            """
            SELECT version, client, user, seq, op_json, committed_at FROM all_ops
            WHERE board = ? AND client = ? AND seq = ? ORDER BY version LIMIT 1
            """
        ).queryOne(board, client, seq, row: OpRow.init).map { try storedOp($0, board: board) }
    }

    /// The columns of one row of `all_ops`, as read.
    private struct OpRow {
        let version: Int
        let client: String
        let user: String
        let seq: Int
        let json: String
        let committedAt: Int

        init(_ row: Statement) {
            version = row.int(0)
            client = row.string(1)
            user = row.string(2)
            seq = row.int(3)
            json = row.string(4)
            committedAt = row.int(5)
        }
    }

    private func storedOp(_ row: OpRow, board: String) throws -> StoredOp {
        let op = try decoded("op \(row.version) of board \(board)") { try StoredJSON.op(from: row.json) }
        return StoredOp(
            SequencedOp(version: row.version, client: row.client, user: row.user, seq: row.seq, op: op),
            committedAt: row.committedAt)
    }

    /// The value `decode` reads from stored text; text that is not a model value makes the file
    /// corrupt.
    private func decoded<Value>(_ what: String, _ decode: () throws -> Value) throws -> Value {
        do {
            return try decode()
        } catch {
            throw StoreError.corrupt(path: path, message: "\(what): \(error)")
        }
    }
}
