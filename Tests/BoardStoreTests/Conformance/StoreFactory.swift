import BoardStore
import TestSupport

/// One way of making an empty store for the conformance suite. Every `BoardStore`
/// implementation has an entry in `all`, and every conformance check runs against each entry:
/// a new store passes the suite by adding its factory.
struct StoreFactory: Sendable, CustomStringConvertible {
    /// The store's name in test output.
    let name: String
    /// Makes an empty store keeping at least `retainedOps` recent ops per board; files it needs
    /// go into `directory`, which lives until the check ends.
    let make: @Sendable (_ retainedOps: Int, _ directory: TemporaryDirectory) throws -> any BoardStore

    var description: String { name }

    static let inMemory = StoreFactory(name: "in-memory") { retainedOps, _ in
        InMemoryBoardStore(retainedOps: retainedOps)
    }

    static let sqlite = StoreFactory(name: "SQLite") { retainedOps, directory in
        try SQLiteBoardStore(path: directory.path("boards.db"), retainedOps: retainedOps)
    }

    /// A schema of its own in the throwaway PostgreSQL cluster the test process shares.
    static let postgreSQL = StoreFactory(name: "PostgreSQL") { retainedOps, _ in
        try PostgreSQLBoardStore(
            url: ThrowawayPostgres.shared().url, schema: uniquePostgresName("store"), retainedOps: retainedOps)
    }

    /// Every store the suite checks.
    static let all = [inMemory, sqlite, postgreSQL]

    /// Runs `body` with a new empty store.
    func withStore(retainedOps: Int = 10_000, _ body: (any BoardStore) throws -> Void) throws {
        let directory = try TemporaryDirectory(prefix: "board-store")
        let store = try make(retainedOps, directory)
        try withExtendedLifetime(directory) { try body(store) }
    }
}
