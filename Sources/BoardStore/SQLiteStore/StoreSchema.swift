import BoardSync

/// The tables of `SQLiteBoardStore` and the `PRAGMA user_version` that names them.
///
/// Every table but `boards` is keyed by board name; there are no foreign-key constraints
/// because each commit checks that its boards exist before writing (saving a lookup per row).
/// Nor is there an index of ops by client and `seq`: it would cost a third of the insert work on
/// the hot path, while looking an op up by `seq` is rare and scans only one board's retained ops.
/// `used_ids` is append-only (rowid order, indexed by board) rather than keyed by id: ids are
/// random, and a key on them would dirty a random page per new id in every commit. Refusing a
/// reused id is the server's check against `StoredBoard.usedIDs`.
///
/// Version 2 writes a commit's ops to the few pages at the end of `op_log`, an append-only
/// table, instead of one page of `ops` per board: a batch of ops on 30 boards dirtied about 50
/// pages of `ops` (each a 4 KiB WAL frame), and dirties 2 or 3 of `op_log`. Version 2 moved the
/// whole log into `ops` now and then, a commit of several milliseconds; version 4 copies the ops
/// of a few boards into `ops` in every commit (see `OpLogRows`), which writes each board's pages
/// once for many ops. `all_ops` is the union that readers query; a board's newer ops are in the
/// log, its older ones in `ops`.
///
/// Version 2 also writes nothing else per op: a board's head is the higher of
/// `boards.head_version` and its highest op version, and a client's `lastSeq` the higher of its
/// `client_seqs` row and the seqs of its retained ops. `head_version` and `client_seqs` are
/// brought up to date when ops are compacted away (and by `seq` advances without an op).
///
/// A version 1 file (no log, exact `head_version` and `client_seqs`) already satisfies these
/// rules once the log and the view exist, so migrating it adds them; the new number keeps older
/// code, which would miss the log, from opening the file.
///
/// Version 3 keeps a board's history rebuildable (`BoardStore.snapshot(_:atOrBelow:)`): older
/// snapshots stay until compaction passes them, and every board has a snapshot of its first
/// state at version 0 until then. Versions 1 and 2 kept only the newest snapshot, and a board
/// that never had one started from `Board.initial` implicitly; migrating writes that initial
/// snapshot for every board without any, which is exactly the state such a board was loaded
/// from. (A board that had snapshots keeps only its newest: versions before it cannot be
/// rebuilt, though its retained ops stay readable.) Every op row already held its author's
/// `user` and its `committed_at` in versions 1 and 2. The new number keeps older code, which
/// would drop the older snapshots again, from opening the file.
///
/// Version 4 leaves a copied op's row in `op_log` until every row before it is copied too, so
/// the log is only ever cut at its start (deleting rows spread over the log rewrote most of its
/// pages in every commit). A row of the log whose board and version are also in `ops` is such
/// a copy, and `all_ops` leaves it out; compacting a board deletes its copies up to the cutoff
/// before the ops themselves. A version 3 file has no copies, so migrating it only replaces
/// the view; the new number keeps older code, which would read the copies as ops, from opening
/// the file.
///
/// Version 5 adds the trash (`trash`): a deleted board's rows stay in every table under a key
/// that no board name can be (`StoreConnection.trashKey`), and `trash` says whose they are and when the board
/// was deleted. Migrating adds the empty table; the new number keeps older code, which would
/// list nothing of the trash and never purge it, from opening the file.
///
/// Version 6 keeps the group each op was committed in (`group_first`, `group_count` and
/// `group_restores` of `ops` and `op_log`, NULL for an op committed alone), so that catch-up and
/// history carry `group` after a restart as live `op` messages do. Every op of a version 5 file
/// was committed alone or has lost its group for good, so migrating only adds the columns and
/// replaces the view; the new number keeps older code, which would drop the group when it copies
/// a logged op into `ops`, from opening the file.
///
/// Version 7 adds the webhook outbox (`webhook_outbox`, see `WebhookOutbox`): one row per
/// delivery of an op or group to one URL, written by the commit of its ops, in insertion order
/// (`position`), which is each board's version order. Migrating adds the empty table; the new
/// number keeps older code, which would commit ops without announcing them, from opening the
/// file.
///
/// Version 8 keeps the outbox as cursors over the op log (`webhook_cursors`): per URL and
/// board, the version up to which its ops have gone out, so that a commit writes nothing for its
/// webhooks (but the cursors of a board it creates) and the deliveries are made from the ops
/// when they are sent; the ops stay in the file until they have gone out (a compaction keeps
/// them, a purge of the trash waits). Migrating turns each lane of `webhook_outbox` into a
/// cursor just below its first pending delivery and drops the old table; the new number keeps
/// older code, which would look for that table, from opening the file.
enum StoreSchema {
    /// The schema version this code reads and writes.
    static let version = 8

    /// The versions this code migrates to `version` on open.
    static let migratable = [1, 2, 3, 4, 5, 6, 7]

    /// The columns of an op, in `ops`, `op_log` and `all_ops` alike.
    static let opColumns = "board, version, client, user, seq, op_json, committed_at, \(GroupColumns.names)"

    /// The tables of version 1.
    private static let versionOneTables = """
        CREATE TABLE boards (
            name TEXT NOT NULL PRIMARY KEY,
            head_version INTEGER NOT NULL CHECK (head_version >= 0)
        ) WITHOUT ROWID;
        CREATE TABLE ops (
            board TEXT NOT NULL,
            version INTEGER NOT NULL CHECK (version >= 1),
            client TEXT NOT NULL,
            user TEXT NOT NULL,
            seq INTEGER NOT NULL,
            op_json TEXT NOT NULL,
            committed_at INTEGER NOT NULL,
            PRIMARY KEY (board, version)
        ) WITHOUT ROWID;
        CREATE TABLE client_seqs (
            board TEXT NOT NULL,
            client TEXT NOT NULL,
            last_seq INTEGER NOT NULL,
            PRIMARY KEY (board, client)
        ) WITHOUT ROWID;
        CREATE TABLE used_ids (
            board TEXT NOT NULL,
            id TEXT NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('item', 'section'))
        );
        CREATE INDEX used_ids_by_board ON used_ids (board);
        CREATE TABLE snapshots (
            board TEXT NOT NULL,
            version INTEGER NOT NULL CHECK (version >= 0),
            snapshot_json TEXT NOT NULL,
            PRIMARY KEY (board, version)
        ) WITHOUT ROWID;
        """

    /// The log table version 2 adds to version 1.
    private static let logTable = """
        CREATE TABLE op_log (
            board TEXT NOT NULL,
            version INTEGER NOT NULL CHECK (version >= 1),
            client TEXT NOT NULL,
            user TEXT NOT NULL,
            seq INTEGER NOT NULL,
            op_json TEXT NOT NULL,
            committed_at INTEGER NOT NULL
        );
        """

    /// The ops readers see: every row of `ops` and every row of the log not already copied there,
    /// with `columns` (the columns of an op as of the view's version).
    private static func opsView(_ columns: String) -> String {
        """
        CREATE VIEW all_ops AS
            SELECT \(columns) FROM ops
            UNION ALL
            SELECT \(columns) FROM op_log
            WHERE NOT EXISTS (SELECT 1 FROM ops WHERE ops.board = op_log.board AND ops.version = op_log.version);
        """
    }

    /// The columns of an op in versions 1 to 4.
    private static let versionFourColumns = "board, version, client, user, seq, op_json, committed_at"

    /// The trash table version 5 adds: one row per deleted board, its rows kept under `stored_as`.
    private static let trashTable = """
        CREATE TABLE trash (
            stored_as TEXT NOT NULL PRIMARY KEY,
            name TEXT NOT NULL,
            deleted_at INTEGER NOT NULL,
            head_version INTEGER NOT NULL CHECK (head_version >= 0),
            sections INTEGER NOT NULL,
            items INTEGER NOT NULL
        ) WITHOUT ROWID;
        """

    /// The webhook outbox as cursors over the op log. `webhook_urls` are the URLs the file
    /// announces to, each from the moment it was first configured. `webhook_cursors` holds one
    /// row per URL and board key (`source`: the board's name, or its trash key once deleted):
    /// the board's name, the version up to which its ops have gone out (or been given up), the
    /// board's part of every delivery id (`nonce`, 16 hexadecimal digits, made with the row),
    /// and the failed attempts and next attempt of the delivery of version `attempted`.
    private static let cursorTables = """
        CREATE TABLE webhook_urls (
            url TEXT NOT NULL PRIMARY KEY
        ) WITHOUT ROWID;
        CREATE TABLE webhook_cursors (
            url TEXT NOT NULL,
            source TEXT NOT NULL,
            board TEXT NOT NULL,
            delivered INTEGER NOT NULL CHECK (delivered >= 0),
            nonce TEXT NOT NULL,
            attempted INTEGER NOT NULL DEFAULT 0,
            attempts INTEGER NOT NULL DEFAULT 0,
            next_at INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (url, source)
        ) WITHOUT ROWID;
        CREATE INDEX webhook_cursors_by_source ON webhook_cursors (source, delivered);
        """

    /// Each lane of a version 7 outbox as a cursor just below its first pending delivery, with
    /// that delivery's attempts; its URLs become configured ones (boards without a pending
    /// delivery get their cursors when the store opens with the URL).
    private static let cursorsFromOutbox = """
        INSERT INTO webhook_urls (url) SELECT DISTINCT url FROM webhook_outbox;
        INSERT INTO webhook_cursors (url, source, board, delivered, nonce, attempted, attempts, next_at)
        SELECT o.url, o.board, o.board, o.version - 1, substr(o.delivery, 1, 16), o.version, o.attempts, o.next_at
        FROM webhook_outbox AS o
        WHERE o.position = (SELECT min(f.position) FROM webhook_outbox AS f WHERE f.url = o.url AND f.board = o.board);
        DROP TABLE webhook_outbox;
        """

    private static let versionNumber = "PRAGMA user_version = \(version);"

    /// Creates every table of the current version in an empty database: those of version 4, then
    /// each later step.
    static let create =
        versionOneTables + logTable + opsView(versionFourColumns) + trashTable + GroupColumns.step + cursorTables
        + versionNumber

    /// Brings a database of a `migratable` version `found` to `version`, inside the caller's
    /// transaction: to version 4, then each later step.
    static func migrate(_ database: Database, from found: Int) throws {
        if found < 4 { try migrateToFour(database, from: found) }
        if found < 5 { try database.execute(trashTable) }
        if found < 6 { try database.execute(GroupColumns.step) }
        try database.execute(cursorTables)
        if found == 7 { try database.execute(cursorsFromOutbox) }
        try database.execute(versionNumber)
    }

    /// The group of each op, which version 6 adds (see above).
    enum GroupColumns {
        /// The columns' names, in the order every op statement lists them.
        static let names = "group_first, group_count, group_restores"

        /// Adds the columns to both tables of ops and makes the view show them.
        static let step = """
            ALTER TABLE ops ADD COLUMN group_first INTEGER;
            ALTER TABLE ops ADD COLUMN group_count INTEGER;
            ALTER TABLE ops ADD COLUMN group_restores INTEGER;
            ALTER TABLE op_log ADD COLUMN group_first INTEGER;
            ALTER TABLE op_log ADD COLUMN group_count INTEGER;
            ALTER TABLE op_log ADD COLUMN group_restores INTEGER;
            DROP VIEW all_ops;
            """ + opsView(opColumns)
    }

    /// Brings a database of version 1, 2 or 3 to version 4.
    private static func migrateToFour(_ database: Database, from found: Int) throws {
        try database.execute(found < 2 ? logTable : "DROP VIEW all_ops;")
        try database.execute(opsView(versionFourColumns))
        let bare = try database.statement(
            "SELECT name FROM boards WHERE NOT EXISTS (SELECT 1 FROM snapshots WHERE board = name)"
        ).query { $0.string(0) }
        let insert = try database.prepare("INSERT INTO snapshots (board, version, snapshot_json) VALUES (?, 0, ?)")
        for name in bare {
            try insert.run(name, StoredJSON.text(of: .initial(id: try StoredJSON.boardName(from: name))))
        }
    }
}
