import CSQLite
import Foundation

/// Opens the database file of a `SQLiteBoardStore`: checks that an existing file is an intact
/// database of the expected schema, creates a missing one, and sets the durability pragmas.
///
/// A file that fails any check is left untouched and reported, never replaced by an empty store.
enum StoreOpener {
    /// How long a statement waits for a lock held by another connection.
    static let busyTimeoutMilliseconds: Int32 = 5_000
    /// Page cache of the connection, so the indexes of busy boards stay in memory.
    static let cacheKibibytes = 32_768

    static func open(path: String) throws(StoreError) -> Database {
        try prepareLocation(path)
        let database: Database
        do {
            database = try Database(path: path)
        } catch {
            throw classify(error, path: path)
        }
        do {
            try check(database, path: path)
            try configure(database, path: path)
            try migrate(database, path: path)
        } catch let error as StoreError {
            database.close()
            throw error
        } catch let error as SQLiteError {
            database.close()
            throw classify(error, path: path)
        } catch {
            database.close()
            throw StoreError(error)
        }
        return database
    }

    /// Refuses a directory and creates the parent directory of a missing file.
    private static func prepareLocation(_ path: String) throws(StoreError) {
        let files = FileManager.default
        var isDirectory: ObjCBool = false
        if files.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory.boolValue {
                throw .unreadable(path: path, message: "the path is a directory")
            }
            return
        }
        let parent = URL(fileURLWithPath: path).deletingLastPathComponent()
        do {
            try files.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            throw .unreadable(
                path: path, message: "cannot create directory \(parent.path): \(error.localizedDescription)")
        }
    }

    /// Reads the header and runs `PRAGMA quick_check` before anything writes to the file.
    private static func check(_ database: Database, path: String) throws {
        _ = try database.statement("PRAGMA user_version").queryOne { $0.int(0) }
        let problems = try database.statement("PRAGMA quick_check").query { $0.string(0) }
        guard problems == ["ok"] else {
            let shown = problems.prefix(5).joined(separator: "; ")
            throw StoreError.corrupt(path: path, message: "integrity check failed: \(shown)")
        }
    }

    private static func configure(_ database: Database, path: String) throws {
        try database.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
        let mode = try database.statement("PRAGMA journal_mode = WAL").queryOne { $0.string(0) }
        guard mode?.lowercased() == "wal" else {
            throw StoreError.unreadable(
                path: path, message: "cannot use WAL mode (journal mode is \(mode ?? "unknown"))")
        }
        try database.execute("PRAGMA synchronous = FULL; PRAGMA cache_size = -\(cacheKibibytes)")
    }

    /// Creates the schema in an empty database, migrates an older one; refuses foreign or newer
    /// schemas.
    private static func migrate(_ database: Database, path: String) throws {
        let found = try database.statement("PRAGMA user_version").queryOne { $0.int(0) } ?? 0
        if found == StoreSchema.version { return }
        if StoreSchema.migratable.contains(found) {
            try database.transaction {
                try StoreSchema.migrate(database, from: found)
            }
            return
        }
        guard found == 0 else {
            throw StoreError.schemaMismatch(path: path, found: found, supported: StoreSchema.version)
        }
        let tables =
            try database.statement(
                "SELECT count(*) FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%'"
            ).queryOne { $0.int(0) } ?? 0
        guard tables == 0 else {
            throw StoreError.schemaMismatch(path: path, found: 0, supported: StoreSchema.version)
        }
        try database.transaction {
            try database.execute(StoreSchema.create)
        }
    }

    /// Sorts an SQLite failure at open into unreadable or corrupt.
    private static func classify(_ error: SQLiteError, path: String) -> StoreError {
        switch error.primaryCode {
        case SQLITE_NOTADB, SQLITE_CORRUPT:
            .corrupt(path: path, message: error.message)
        default:
            .unreadable(path: path, message: error.message)
        }
    }
}
