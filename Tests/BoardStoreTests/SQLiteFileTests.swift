import BoardStore
import Foundation
import TestSupport
import Testing

/// What the SQLite store does with the file itself: reopening, crashes, bad files.
@Suite("SQLite store file handling")
struct SQLiteFileTests {
    /// Fills a store with two boards, a snapshot, ids and seqs.
    private func fill(_ store: SQLiteBoardStore) throws {
        try store.commit(creation(of: "team"))
        try store.commit(creation(of: "other"))
        var batch = CommitBatch()
        for version in 1...30 {
            batch.append(op(version, client: version.isMultiple(of: 2) ? "c2" : "c1"), to: "team")
        }
        batch.useID("a1", kind: .item, on: "team")
        batch.advanceSeq(of: "c3", on: "other", to: 4)
        try store.commit(batch)
        try store.writeSnapshot(snapshot(of: "team", at: 25))
    }

    private func contents(of store: any BoardStore) throws -> [StoredBoard?] {
        try store.listBoards().map { try store.loadBoard($0) }
    }

    @Test func reopeningAfterCloseGivesTheSameData() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("boards.db")
        let first = try SQLiteBoardStore(path: path)
        try fill(first)
        let before = try contents(of: first)
        first.close()

        let second = try SQLiteBoardStore(path: path)
        #expect(try second.listBoards() == ["other", "team"])
        #expect(try contents(of: second) == before)
        #expect(try second.loadBoard("team")?.ops.map(\.version) == Array(26...30))
        #expect(try second.lastSeq("other", client: "c3") == 4)
        #expect(try second.opsAfter("team", version: 0, limit: 100).count == 30)
    }

    @Test func filesLeftBehindByAnOpenStoreHoldEveryCommit() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("boards.db")
        let store = try SQLiteBoardStore(path: path)
        try fill(store)
        let expected = try contents(of: store)

        let copy = directory.path("copy.db")
        for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: path + suffix) {
            try FileManager.default.copyItem(atPath: path + suffix, toPath: copy + suffix)
        }
        #expect(FileManager.default.fileExists(atPath: path + "-wal"))
        let recovered = try SQLiteBoardStore(path: copy)
        #expect(try contents(of: recovered) == expected)
        withExtendedLifetime(store) {}
    }

    @Test func aSecondConnectionSeesCommitsWithoutClosingTheFirst() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("boards.db")
        let store = try SQLiteBoardStore(path: path)
        try fill(store)

        let reader = try Database(path: path, mode: .readOnly)
        #expect(try reader.statement("PRAGMA journal_mode").queryOne { $0.string(0) } == "wal")
        #expect(
            try reader.statement("SELECT count(*) FROM all_ops WHERE board = ?").queryOne("team") { $0.int(0) } == 30)

        var more = CommitBatch()
        more.append(op(31), to: "team")
        try store.commit(more)
        #expect(try reader.statement("SELECT max(version) FROM all_ops").queryOne { $0.int(0) } == 31)

        let second = try SQLiteBoardStore(path: path)
        #expect(try second.loadBoard("team") == store.loadBoard("team"))
    }

    @Test func missingDirectoriesAreCreated() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("a/b/boards.db")
        let store = try SQLiteBoardStore(path: path)
        try store.commit(creation(of: "team"))
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(try store.boardExists("team"))
    }

    @Test func randomBytesAreReportedCorruptAndLeftAlone() throws {
        let seed: UInt64 = 0x5EED_0001
        var generator = SeededGenerator(seed: seed)
        let garbage = Data((0..<16_384).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let directory = try TemporaryDirectory()
        let path = directory.path("boards.db")
        try garbage.write(to: URL(fileURLWithPath: path))

        let error = storeError { _ = try SQLiteBoardStore(path: path) }
        guard case .corrupt(let reportedPath, _) = error else {
            Issue.record("expected corrupt, got \(String(describing: error)) (seed \(seed))")
            return
        }
        #expect(reportedPath == path)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage, "seed \(seed)")
    }

    @Test func aTruncatedDatabaseIsRefused() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("boards.db")
        let store = try SQLiteBoardStore(path: path)
        try store.commit(creation(of: "team"))
        var batch = CommitBatch()
        for version in 1...2_000 {
            batch.append(op(version), to: "team")
        }
        try store.commit(batch)
        store.close()

        let url = URL(fileURLWithPath: path)
        let whole = try Data(contentsOf: url)
        try whole.prefix(whole.count / 2).write(to: url)

        let error = storeError { _ = try SQLiteBoardStore(path: path) }
        guard case .corrupt = error else {
            Issue.record("expected corrupt, got \(String(describing: error))")
            return
        }
    }

    @Test func storedTextThatIsNoModelValueIsReportedCorrupt() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("boards.db")
        let store = try SQLiteBoardStore(path: path)
        try store.commit(creation(of: "team"))
        try commitOps(1...3, to: "team", in: store)
        let database = try Database(path: path)
        try database.statement(#"UPDATE op_log SET op_json = '{"kind":"jump"}' WHERE version = 2"#).run()
        database.close()

        guard case .corrupt(let reportedPath, let message) = storeError({ _ = try store.loadBoard("team") }) else {
            Issue.record("expected corrupt")
            return
        }
        #expect(reportedPath == path)
        #expect(message.hasPrefix("op 2 of board team"), "\(message)")
        #expect(try store.opsAfter("team", version: 2, limit: 5).map(\.version) == [3])
    }

    @Test func aDirectoryIsUnreadable() throws {
        let directory = try TemporaryDirectory()
        let error = storeError { _ = try SQLiteBoardStore(path: directory.url.path) }
        guard case .unreadable(let path, _) = error else {
            Issue.record("expected unreadable, got \(String(describing: error))")
            return
        }
        #expect(path == directory.url.path)
    }

    @Test func aNewerSchemaIsRefused() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("boards.db")
        try SQLiteBoardStore(path: path).close()
        try Database(path: path).execute("PRAGMA user_version = 9")
        #expect(
            storeError { _ = try SQLiteBoardStore(path: path) } == .schemaMismatch(path: path, found: 9, supported: 8))
    }

    @Test func aForeignDatabaseIsRefused() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("other.db")
        try Database(path: path).execute("CREATE TABLE notes (body TEXT)")
        #expect(
            storeError { _ = try SQLiteBoardStore(path: path) } == .schemaMismatch(path: path, found: 0, supported: 8))
    }

    @Test func aClosedStoreThrows() throws {
        let directory = try TemporaryDirectory()
        let store = try SQLiteBoardStore(path: directory.path("boards.db"))
        store.close()
        store.close()
        guard case .database = storeError({ _ = try store.listBoards() }) else {
            Issue.record("expected a database error from a closed store")
            return
        }
    }
}
