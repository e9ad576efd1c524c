import BoardStore
import CSQLite
import Testing

/// The thin SQLite wrapper: binding, columns, statement cache, transactions, misuse.
@Suite("SQLite wrapper")
struct DatabaseTests {
    private func memoryDatabase() throws -> Database {
        let database = try Database(path: ":memory:")
        try database.execute("CREATE TABLE t (i INTEGER, r REAL, s TEXT)")
        return database
    }

    @Test func valuesRoundTrip() throws {
        let database = try memoryDatabase()
        let insert = try database.statement("INSERT INTO t (i, r, s) VALUES (?, ?, ?)")
        try insert.run(Int.max, 2.5, "a\u{0}b é")
        try insert.run(Int.min, -0.25, "")
        try insert.run(Optional<Int>.none, 0.0, Optional<String>.none)

        let rows = try database.statement("SELECT i, r, s FROM t ORDER BY rowid").query { row in
            (row.isNull(0) ? nil : row.int(0), row.double(1), row.optionalString(2))
        }
        #expect(rows.count == 3)
        #expect(rows[0] == (Int.max, 2.5, "a\u{0}b é"))
        #expect(rows[1] == (Int.min, -0.25, ""))
        #expect(rows[2] == (nil, 0.0, nil))
    }

    @Test func theStatementCacheReusesPreparedStatements() throws {
        let database = try memoryDatabase()
        let first = try database.statement("SELECT count(*) FROM t")
        let second = try database.statement("SELECT count(*) FROM t")
        #expect(first === second)
        #expect(try second.queryOne { $0.int(0) } == 0)
    }

    @Test func aWrongNumberOfValuesIsMisuse() throws {
        let database = try memoryDatabase()
        let insert = try database.statement("INSERT INTO t (i, s) VALUES (?, ?)")
        #expect(throws: SQLiteError.self) { try insert.run(1) }
        #expect(try database.statement("SELECT count(*) FROM t").queryOne { $0.int(0) } == 0)
    }

    @Test func invalidSQLThrows() throws {
        let database = try memoryDatabase()
        let error = #expect(throws: SQLiteError.self) { _ = try database.prepare("SELEKT 1") }
        #expect(error?.primaryCode == SQLITE_ERROR)
    }

    @Test func aFailingTransactionRollsBack() throws {
        struct Abort: Error {}
        let database = try memoryDatabase()
        #expect(throws: Abort.self) {
            try database.transaction {
                try database.statement("INSERT INTO t (i) VALUES (?)").run(1)
                throw Abort()
            }
        }
        #expect(!database.isInTransaction)
        let inserted = try database.transaction {
            try database.statement("INSERT INTO t (i) VALUES (?)").run(2)
            return database.changes
        }
        #expect(inserted == 1)
        #expect(try database.statement("SELECT i FROM t").query { $0.int(0) } == [2])
    }

    @Test func transactionsDoNotNest() throws {
        let database = try memoryDatabase()
        #expect(throws: SQLiteError.self) {
            try database.transaction {
                try database.transaction {}
            }
        }
        #expect(!database.isInTransaction)
    }

    @Test func aClosedDatabaseRefusesWork() throws {
        let database = try memoryDatabase()
        let statement = try database.prepare("SELECT 1")
        database.close()
        database.close()
        #expect(!database.isOpen)
        #expect(throws: SQLiteError.self) { _ = try statement.queryOne { $0.int(0) } }
        #expect(throws: SQLiteError.self) { try database.execute("SELECT 1") }
        #expect(throws: SQLiteError.self) { _ = try database.statement("SELECT 1") }
    }
}
