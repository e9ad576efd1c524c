import BoardStore
import BoardSync
import Foundation
import TestSupport
import Testing

/// Opening a database written with schema version 1, where every op also updated
/// `boards.head_version` and `client_seqs`. (A file of version 2, as the release before
/// version 3 wrote it, is opened by `ReleaseFileTests` in the server's tests.)
@Suite("SQLite schema migration")
struct SchemaMigrationTests {
    /// The tables of schema version 1, exactly as that version created them.
    private static let versionOneSchema = """
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
        PRAGMA user_version = 1;
        """

    /// Writes, with plain SQL as version 1 did, board `team` at head 12 with a snapshot at 10
    /// and ops 9...12 retained (ops 1...8 compacted), seqs of `c1` (7, from a compacted op) and
    /// `c2` (12), and board `empty` at head 5 whose ops were all compacted.
    private func writeVersionOne(at path: String) throws {
        let database = try Database(path: path)
        defer { database.close() }
        try database.execute("PRAGMA journal_mode = WAL")
        try database.execute(Self.versionOneSchema)
        try database.execute(
            """
            INSERT INTO boards VALUES ('team', 12), ('empty', 5), ('young', 2);
            INSERT INTO client_seqs VALUES ('team', 'c1', 7), ('team', 'c2', 12), ('empty', 'c9', 3);
            INSERT INTO used_ids (board, id, kind) VALUES ('team', 'main', 'section'), ('team', 'a1', 'item');
            """)
        let snapshots = try database.prepare("INSERT INTO snapshots VALUES (?, ?, ?)")
        for (board, version) in [("team", 10), ("empty", 5)] as [(BoardName, Int)] {
            try snapshots.run(board, version, Self.json(WireCodec.encodeBoard(snapshot(of: board, at: version))))
        }
        let insert = try database.prepare("INSERT INTO ops VALUES (?, ?, ?, 'ann', ?, ?, ?)")
        for (board, version) in (9...12).map({ ("team", $0) }) + [("young", 1), ("young", 2)] {
            let stored = op(version, client: "c2")
            let json = Self.json(WireCodec.encodeOp(stored.op))
            try insert.run(board, version, stored.client, stored.seq, json, fixtureTime(version).milliseconds)
        }
    }

    /// What version 2 added to version 1 (and version 3 kept), exactly as those versions created it.
    private static let versionTwoAdditions = """
        CREATE TABLE op_log (
            board TEXT NOT NULL,
            version INTEGER NOT NULL CHECK (version >= 1),
            client TEXT NOT NULL,
            user TEXT NOT NULL,
            seq INTEGER NOT NULL,
            op_json TEXT NOT NULL,
            committed_at INTEGER NOT NULL
        );
        CREATE VIEW all_ops AS
            SELECT board, version, client, user, seq, op_json, committed_at FROM ops
            UNION ALL
            SELECT board, version, client, user, seq, op_json, committed_at FROM op_log;
        """

    /// Writes, with plain SQL as version 3 did, board `team` with a snapshot at 0, ops 1...4 in
    /// `ops` and ops 5...7 in the log (rowids 1...3, the log's own).
    private func writeVersionThree(at path: String) throws {
        let tables =
            Self.versionOneSchema.replacingOccurrences(of: "PRAGMA user_version = 1;", with: "")
            + Self.versionTwoAdditions + "PRAGMA user_version = 3;"
        try writeTeam(at: path, schema: tables, rows: [("ops", 1...4), ("op_log", 5...7)])
    }

    /// The view of version 4, exactly as that version created it over the tables of version 2.
    private static let versionFourView = """
        CREATE VIEW all_ops AS
            SELECT board, version, client, user, seq, op_json, committed_at FROM ops
            UNION ALL
            SELECT board, version, client, user, seq, op_json, committed_at FROM op_log
            WHERE NOT EXISTS (SELECT 1 FROM ops WHERE ops.board = op_log.board AND ops.version = op_log.version);
        """

    /// Writes, with plain SQL as version 4 did, board `team` with a snapshot at 0, ops 1...3 in
    /// `ops`, op 3 copied in the log too (rowid 1) and ops 4...5 only in the log (rowids 2...3).
    private func writeVersionFour(at path: String) throws {
        let tables =
            Self.versionOneSchema.replacingOccurrences(of: "PRAGMA user_version = 1;", with: "")
            + Self.versionTwoAdditions.components(separatedBy: "CREATE VIEW")[0]
        try writeTeam(
            at: path, schema: tables + Self.versionFourView + "PRAGMA user_version = 4;",
            rows: [("ops", 1...3), ("op_log", 3...5)])
    }

    /// Creates `schema` in a new file and writes board `team` into it with plain SQL: a snapshot
    /// at 0 and the fixture ops of each table's versions, by `c1`.
    private func writeTeam(
        at path: String, schema: String, rows: [(table: String, versions: ClosedRange<Int>)]
    )
        throws
    {
        let database = try Database(path: path)
        defer { database.close() }
        try database.execute("PRAGMA journal_mode = WAL")
        try database.execute(schema)
        try database.execute("INSERT INTO boards VALUES ('team', 0)")
        try database.prepare("INSERT INTO snapshots VALUES ('team', 0, ?)")
            .run(Self.json(WireCodec.encodeBoard(.initial(id: "team"))))
        for (table, versions) in rows {
            let insert = try database.prepare("INSERT INTO \(table) VALUES ('team', ?, 'c1', 'ann', ?, ?, ?)")
            for version in versions {
                let stored = op(version)
                try insert.run(
                    version, stored.seq, Self.json(WireCodec.encodeOp(stored.op)),
                    fixtureTime(version).milliseconds)
            }
        }
    }

    /// Encoded JSON as a text column holds it.
    private static func json(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    @Test func aVersionOneFileIsMigratedAndReadsTheSame() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("boards.db")
        try writeVersionOne(at: path)

        let store = try SQLiteBoardStore(path: path, retainedOps: 2)
        #expect(try store.listBoards() == ["empty", "team", "young"])
        #expect(try store.headVersion(of: "team") == 12)
        #expect(try store.headVersion(of: "empty") == 5)
        let team = try #require(try store.loadBoard("team"))
        #expect(team.snapshot == snapshot(of: "team", at: 10))
        #expect(team.ops == (11...12).map { op($0, client: "c2") })
        #expect(team.usedIDs == ["main": .section, "a1": .item])
        #expect(team.lastSeqs == ["c1": 7, "c2": 12])
        #expect(try store.loadBoard("empty")?.lastSeqs == ["c9": 3])
        #expect(try store.oldestRetainedVersion("team") == 9)
        #expect(try store.lastSeq("team", client: "c1") == 7)
        #expect(try store.snapshot("team", atOrBelow: 11) == snapshot(of: "team", at: 10))
        #expect(try store.snapshot("team", atOrBelow: 9) == nil)
        let young = try #require(try store.loadBoard("young"))
        #expect(young.snapshot == .initial(id: "young"))
        #expect(young.ops == [op(1, client: "c2"), op(2, client: "c2")])
        #expect(try store.opsBefore("young", version: 3, limit: 5) == [op(2, client: "c2"), op(1, client: "c2")])

        var batch = CommitBatch()
        batch.append(op(13, client: "c1", seq: 8), to: "team")
        batch.append(op(6, client: "c9", seq: 2), to: "empty")
        try store.commit(batch)
        #expect(try store.loadBoard("team")?.lastSeqs == ["c1": 8, "c2": 12])
        #expect(try store.loadBoard("empty")?.lastSeqs == ["c9": 3])
        store.close()

        let database = try Database(path: path)
        #expect(try database.statement("PRAGMA user_version").queryOne { $0.int(0) } == 8)
        database.close()
        let reopened = try SQLiteBoardStore(path: path, retainedOps: 2)
        #expect(try reopened.headVersion(of: "team") == 13)
        #expect(try reopened.headVersion(of: "empty") == 6)
    }

    @Test func aVersionThreeFileIsMigratedAndItsLogIsCopiedLater() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("boards.db")
        try writeVersionThree(at: path)

        let store = try SQLiteBoardStore(path: path, retainedOps: 1_000)
        #expect(try store.loadBoard("team")?.ops == (1...7).map { op($0) })
        #expect(try store.opsBefore("team", version: 7, limit: 3) == [op(6), op(5), op(4)])
        try commitOps(8...70, to: "team", in: store)
        #expect(try store.opsAfter("team", version: 0, limit: 100) == (1...70).map { op($0) })
        #expect(try store.opsBefore("team", version: 71, limit: 100) == (1...70).reversed().map { op($0) })
        #expect(try store.lastSeq("team", client: "c1") == 70)
        #expect(try store.trashedBoards() == [])
        let trashed = TrashedBoard(id: "team", version: 70, sections: 1, items: 0, deleted: CommitTime(milliseconds: 1))
        #expect(try store.moveToTrash(trashed) == trashed)
        #expect(try store.restoreFromTrash("team", deleted: nil) == .restored(trashed))
        store.close()

        let database = try Database(path: path)
        #expect(try database.statement("PRAGMA user_version").queryOne { $0.int(0) } == 8)
        #expect(try database.statement("SELECT count(*) FROM all_ops").queryOne { $0.int(0) } == 70)
        #expect(try database.statement("SELECT count(*) FROM op_log").queryOne { $0.int(0) } == 0)
        database.close()
    }

    @Test func aVersionFourFileIsMigratedAndKeepsTheGroupsCommittedAfter() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("boards.db")
        try writeVersionFour(at: path)

        let store = try SQLiteBoardStore(path: path, retainedOps: 1_000)
        #expect(try store.loadBoard("team")?.ops == (1...5).map { op($0) })
        let group = GroupSpan(first: 6, count: 70, restores: 2)
        var batch = CommitBatch()
        for version in 6...75 {
            var member = op(version, seq: 6)
            member.group = group
            batch.append(member, to: "team")
        }
        // 70 ops of one board in the log are more than a board keeps there: the commit copies
        // them into `ops`, and the group goes with them.
        try store.commit(batch)
        store.close()

        let database = try Database(path: path)
        #expect(try database.statement("PRAGMA user_version").queryOne { $0.int(0) } == 8)
        #expect(try database.statement("SELECT count(*) FROM ops WHERE group_first = 6").queryOne { $0.int(0) } == 70)
        database.close()
        let reopened = try SQLiteBoardStore(path: path, retainedOps: 1_000)
        let read = try reopened.opsAfter("team", version: 0, limit: 100)
        #expect(read.map(\.version) == Array(1...75))
        #expect(read.prefix(5).allSatisfy { $0.group == nil })
        #expect(read.dropFirst(5).allSatisfy { $0.group == group })
        #expect(try reopened.opsBefore("team", version: 7, limit: 2).map(\.group) == [group, nil])
    }

    @Test func aVersionSixFileGetsAnEmptyWebhookOutbox() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("boards.db")
        let store = try SQLiteBoardStore(path: path)
        try store.commit(creation(of: "team"))
        store.close()
        let database = try Database(path: path)
        try database.execute("DROP TABLE webhook_cursors; DROP TABLE webhook_urls; PRAGMA user_version = 6;")
        database.close()

        let urls = ["http://hooks.example/"]
        let migrated = try SQLiteBoardStore(path: path, webhookURLs: urls)
        #expect(try migrated.webhookBacklog(of: urls) == WebhookBacklog(pending: 0, oldestDue: nil))
        try commitOps(1...2, to: "team", in: migrated)
        #expect(try migrated.webhookBacklog(of: urls) == WebhookBacklog(pending: 2, oldestDue: fixtureTime(1)))
        migrated.close()
        let reopened = try Database(path: path)
        #expect(try reopened.statement("PRAGMA user_version").queryOne { $0.int(0) } == 8)
        reopened.close()
    }

    @Test func aVersionSevenOutboxBecomesCursorsBelowItsFirstPendingDelivery() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("boards.db")
        let store = try SQLiteBoardStore(path: path)
        try store.commit(creation(of: "team"))
        try store.commit(opThenGroupOfThree(on: "team"))
        store.close()
        let url = "http://hooks.example/"
        let alone = String(repeating: "a", count: 32)
        let group = String(repeating: "b", count: 32)
        let database = try Database(path: path)
        try database.execute(
            """
            DROP TABLE webhook_cursors; DROP TABLE webhook_urls;
            CREATE TABLE webhook_outbox (
                position INTEGER PRIMARY KEY, url TEXT NOT NULL, board TEXT NOT NULL, version INTEGER NOT NULL,
                delivery TEXT NOT NULL, body TEXT NOT NULL, due_at INTEGER NOT NULL,
                attempts INTEGER NOT NULL DEFAULT 0, next_at INTEGER NOT NULL);
            CREATE INDEX webhook_outbox_by_lane ON webhook_outbox (url, board, position);
            INSERT INTO webhook_outbox (url, board, version, delivery, body, due_at, attempts, next_at)
            VALUES ('\(url)', 'team', 1, '\(alone)', '{}', \(fixtureTime(1).milliseconds), 2, 1800000000000),
                   ('\(url)', 'team', 2, '\(group)', '{}', \(fixtureTime(2).milliseconds), 0,
                    \(fixtureTime(2).milliseconds));
            PRAGMA user_version = 7;
            """)
        database.close()

        let migrated = try SQLiteBoardStore(path: path, webhookURLs: [url])
        defer { migrated.close() }
        let pending = try migrated.pendingWebhookDeliveries(of: WebhookLane(url: url, board: "team"), limit: 10)
        #expect(pending.map(\.version) == [1, 2])
        #expect(pending.map(\.id) == [alone.prefix(16) + "0000000000000001", alone.prefix(16) + "0000000000000002"])
        #expect(pending.map(\.attempts) == [2, 0])
        #expect(pending[0].nextAttempt == CommitTime(milliseconds: 1_800_000_000_000))
        let body = try #require(try JSONSerialization.jsonObject(with: Data(pending[1].body.utf8)) as? [String: Any])
        #expect((body["ops"] as? [Any])?.count == 3)
        #expect(try migrated.webhookBacklog(of: [url]) == WebhookBacklog(pending: 2, oldestDue: fixtureTime(1)))
    }

    @Test func headAndSeqsSurviveCompactingEveryOp() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("boards.db")
        let store = try SQLiteBoardStore(path: path, retainedOps: 0)
        try store.commit(creation(of: "team"))
        try commitOps(1...5, to: "team", in: store, client: "c1")
        try store.writeSnapshot(snapshot(of: "team", at: 5))
        #expect(try store.oldestRetainedVersion("team") == nil)
        store.close()

        let reopened = try SQLiteBoardStore(path: path, retainedOps: 0)
        #expect(try reopened.headVersion(of: "team") == 5)
        #expect(try reopened.lastSeq("team", client: "c1") == 5)
        #expect(try reopened.loadBoard("team")?.lastSeqs == ["c1": 5])
        var next = CommitBatch()
        next.append(op(5), to: "team")
        #expect(storeError { try reopened.commit(next) } == .versionConflict(board: "team", expected: 6, found: 5))
    }
}
