import BoardSync

/// The queries of `SQLiteBoardStore` over its open `Database`; used under the store's lock only.
final class StoreConnection {
    let database: Database
    let path: String
    let retainedOps: Int
    /// The statements of the commit path, held directly so no cache lookup hashes their SQL.
    let selectHead: Statement
    let insertOp: Statement
    let moveLoggedOp: Statement
    let deleteCopiedOps: Statement
    let insertUsedId: Statement
    let upsertSeq: Statement
    let insertCursor: Statement
    let advanceCursor: Statement
    /// The URLs every commit announces its ops to (the webhook outbox).
    var webhookURLs: [String] = []
    /// The committed head of every board read or written so far. This connection is the only
    /// writer of its file (see `SQLiteBoardStore`), so a head, once known, changes only by its
    /// own commits.
    var heads: [BoardName: Int] = [:]
    /// The rows of `op_log` as committed, by board.
    var log: OpLogRows
    /// Set when a transaction failed after changing `log`: the file's log is the one to trust.
    var logIsStale = false
    /// A commit copies the ops of the boards logged longest ago from `op_log` into `ops` until
    /// the log holds at most this many uncopied: each board's pages of `ops` are then written
    /// once for about `loggedOpsLimit / boards` ops instead of once per op, a few boards in every
    /// commit. Moving the whole log once it held 1,024 ops made that commit take several ms;
    /// spread over every commit, 2,048 writes 62 KB per 30-board commit (whole log at 1,024:
    /// 112 KB).
    static let loggedOpsLimit = 2_048
    /// A board with this many uncopied ops is copied at once, so that one board's copy stays
    /// short when few boards share the log (each then gathers many ops).
    static let boardMoveOps = 64
    /// The number of log rows one run of `moveLoggedOp` copies: running a statement costs about
    /// as much as the insert it makes, so rows go by lists of ids rather than one by one.
    static let rowsPerMove = 32

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
            INSERT INTO op_log (rowid, \(StoreSchema.opColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        moveLoggedOp = try database.prepare(
            """
            INSERT INTO ops (\(StoreSchema.opColumns))
            SELECT \(StoreSchema.opColumns) FROM op_log
            WHERE rowid IN (\(Array(repeating: "?", count: Self.rowsPerMove).joined(separator: ", ")))
            """)
        deleteCopiedOps = try database.prepare("DELETE FROM op_log WHERE rowid < ?")
        insertUsedId = try database.prepare("INSERT INTO used_ids (board, id, kind) VALUES (?, ?, ?)")
        upsertSeq = try database.prepare(
            """
            INSERT INTO client_seqs (board, client, last_seq) VALUES (?, ?, ?)
            ON CONFLICT (board, client) DO UPDATE SET last_seq = max(last_seq, excluded.last_seq)
            """)
        insertCursor = try database.prepare(
            """
            INSERT OR IGNORE INTO webhook_cursors (url, source, board, delivered, nonce) VALUES (?, ?, ?, ?, ?)
            """)
        advanceCursor = try database.prepare(
            """
            UPDATE webhook_cursors SET delivered = ?3,
                attempts = iif(attempted <= ?3, 0, attempts), next_at = iif(attempted <= ?3, 0, next_at),
                attempted = iif(attempted <= ?3, 0, attempted)
            WHERE url = ?1 AND source = ?2 AND delivered < ?3
            """)
        log = try Self.readLog(database)
    }

    /// The rows of `op_log` as stored: the ops not yet copied into `ops`, and where row ids go on.
    static func readLog(_ database: Database) throws -> OpLogRows {
        let logged = try database.statement(
            """
            SELECT rowid, board FROM op_log
            WHERE NOT EXISTS (SELECT 1 FROM ops WHERE ops.board = op_log.board AND ops.version = op_log.version)
            ORDER BY rowid
            """
        ).query { (row: Int64($0.int(0)), board: $0.string(1)) }
        let range = try database.statement("SELECT min(rowid), max(rowid) FROM op_log").queryOne {
            $0.isNull(0) ? nil : (first: Int64($0.int(0)), last: Int64($0.int(1)))
        }
        return OpLogRows(rows: logged, stored: range ?? nil)
    }

    func headVersion(of board: BoardName) throws -> Int? {
        if let known = heads[board] { return known }
        return try readHead(of: board)
    }

    /// The head as stored: the highest op version, or `boards.head_version` when that is higher
    /// (a new board, or every op compacted away).
    func readHead(of board: BoardName) throws -> Int? {
        try selectHead.queryOne(board) { $0.int(0) }
    }

    func listBoards() throws -> [BoardName] {
        try database.statement("SELECT name FROM boards ORDER BY name").query { $0.string(0) }.map(boardName)
    }

    func loadBoard(_ name: BoardName) throws -> StoredBoard? {
        guard try headVersion(of: name) != nil else { return nil }
        let snapshot = try snapshot(name, atOrBelow: Int(Int64.max))
        let ops = try opsAfter(name, version: snapshot?.version ?? 0, limit: Int(Int64.max))
        return StoredBoard(
            name: name, snapshot: snapshot, ops: ops, usedIDs: try usedIDs(of: name), lastSeqs: try lastSeqs(of: name))
    }

    /// Every id recorded for `board`, in recording order so a repeated id keeps its last kind.
    private func usedIDs(of board: BoardName) throws -> [String: IDKind] {
        let rows = try database.statement("SELECT id, kind FROM used_ids WHERE board = ? ORDER BY rowid")
            .query(board) { ($0.string(0), $0.string(1)) }
        var usedIDs: [String: IDKind] = [:]
        for (id, kindText) in rows {
            usedIDs[id] = try decoded("id \(id) of board \(board)") { try StoredJSON.kind(from: kindText) }
        }
        return usedIDs
    }

    /// Every client's `lastSeq`: the higher of its `client_seqs` row and its retained ops' seqs.
    private func lastSeqs(of board: BoardName) throws -> [ClientID: Int] {
        let rows = try database.statement(
            """
            SELECT client, last_seq FROM client_seqs WHERE board = ?1
            UNION ALL SELECT client, max(seq) FROM all_ops WHERE board = ?1 GROUP BY client
            """
        ).query(board) { (ClientID($0.string(0)), $0.int(1)) }
        return Dictionary(rows, uniquingKeysWith: max)
    }

    func opsAfter(_ board: BoardName, version: Int, limit: Int) throws -> [SequencedOp] {
        try database.statement(
            """
            SELECT \(Self.opRowColumns) FROM all_ops
            WHERE board = ? AND version > ? ORDER BY version LIMIT ?
            """
        ).query(board, version, limit, row: OpRow.init).map { try storedOp($0, board: board) }
    }

    /// Reads each table newest first through its own order (the key of `ops`, a scan of the
    /// short `op_log`) and merges the two, so a page never sorts the board's whole history.
    func opsBefore(_ board: BoardName, version: Int, limit: Int) throws -> [SequencedOp] {
        try database.statement(
            """
            SELECT * FROM (
                SELECT \(Self.opRowColumns) FROM ops
                WHERE board = ?1 AND version < ?2 ORDER BY version DESC LIMIT ?3)
            UNION ALL
            SELECT * FROM (
                SELECT \(Self.opRowColumns) FROM op_log
                WHERE board = ?1 AND version < ?2
                AND NOT EXISTS (SELECT 1 FROM ops WHERE ops.board = ?1 AND ops.version = op_log.version)
                ORDER BY version DESC LIMIT ?3)
            ORDER BY version DESC LIMIT ?3
            """
        ).query(board, version, limit, row: OpRow.init).map { try storedOp($0, board: board) }
    }

    func snapshot(_ board: BoardName, atOrBelow version: Int) throws -> Board? {
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

    func oldestRetainedVersion(_ board: BoardName) throws -> Int? {
        try database.statement("SELECT min(version) FROM all_ops WHERE board = ?").queryOne(board) {
            $0.isNull(0) ? nil : $0.int(0)
        } ?? nil
    }

    /// The higher of the client's `client_seqs` row and its retained ops' seqs (a scan of the
    /// board's retained ops: `loadBoard` is the common way to read seqs).
    func lastSeq(_ board: BoardName, client: ClientID) throws -> Int {
        try database.statement(
            """
            SELECT max(coalesce((SELECT last_seq FROM client_seqs WHERE board = ?1 AND client = ?2), 0),
                       coalesce((SELECT max(seq) FROM all_ops WHERE board = ?1 AND client = ?2), 0))
            """
        ).queryOne(board, client) { $0.int(0) } ?? 0
    }

    func committedOp(_ board: BoardName, client: ClientID, seq: Int) throws -> SequencedOp? {
        try database.statement(
            """
            SELECT \(Self.opRowColumns) FROM all_ops
            WHERE board = ? AND client = ? AND seq = ? ORDER BY version LIMIT 1
            """
        ).queryOne(board, client, seq, row: OpRow.init).map { try storedOp($0, board: board) }
    }

    /// The columns an `OpRow` reads, in its order.
    static let opRowColumns = "version, client, user, seq, op_json, committed_at, \(StoreSchema.GroupColumns.names)"

    /// The columns of one row of `all_ops`, as read.
    struct OpRow {
        let version: Int
        let client: ClientID
        let user: String
        let seq: Int
        let json: String
        let committedAt: Int
        let group: GroupSpan?

        init(
            version: Int, client: ClientID, user: String, seq: Int, json: String, committedAt: Int, group: GroupSpan?
        ) {
            self.version = version
            self.client = client
            self.user = user
            self.seq = seq
            self.json = json
            self.committedAt = committedAt
            self.group = group
        }

        init(_ row: Statement) {
            version = row.int(0)
            client = ClientID(row.string(1))
            user = row.string(2)
            seq = row.int(3)
            json = row.string(4)
            committedAt = row.int(5)
            group =
                row.isNull(6)
                ? nil : GroupSpan(first: row.int(6), count: row.int(7), restores: row.isNull(8) ? nil : row.int(8))
        }
    }

    private func storedOp(_ row: OpRow, board: BoardName) throws -> SequencedOp {
        let op = try decoded("op \(row.version) of board \(board)") { try StoredJSON.op(from: row.json) }
        return SequencedOp(
            version: row.version, client: row.client, user: row.user, seq: row.seq, op: op, group: row.group,
            committedAt: CommitTime(milliseconds: Int64(row.committedAt)))
    }

    /// Up to `limit` rows of the ops stored under `key` (a board's name or trash key) after
    /// version `version`, in version order, as stored (the op as its JSON text), read through
    /// any connection.
    static func opRows(under key: String, after version: Int, limit: Int, in database: Database) throws -> [OpRow] {
        try database.statement(
            """
            SELECT \(opRowColumns) FROM all_ops
            WHERE board = ? AND version > ? ORDER BY version LIMIT ?
            """
        ).query(key, version, limit, row: OpRow.init)
    }

    /// The board name stored as `text`.
    func boardName(_ text: String) throws -> BoardName {
        try Self.boardName(text, in: path)
    }

    /// The board name stored as `text` in the file at `path`, read through any connection.
    static func boardName(_ text: String, in path: String) throws -> BoardName {
        do {
            return try StoredJSON.boardName(from: text)
        } catch {
            throw StoreError.corrupt(path: path, message: "a board's name: \(error)")
        }
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
