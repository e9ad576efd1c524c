import CSQLite

/// One connection to an SQLite database file, with a cache of prepared statements.
///
/// Not thread-safe: a `Database` and its statements must be used from one thread at a time
/// (the owner serializes access). After `close()` every further call, statements included, fails
/// with a misuse error instead of touching freed memory.
public final class Database {
    /// How a database file is opened.
    public enum OpenMode: Sendable {
        /// Read and write; a missing file is created.
        case readWriteCreate
        /// Read and write; a missing file is an error.
        case readWrite
        /// Read only.
        case readOnly

        var flags: Int32 {
            switch self {
            case .readWriteCreate: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
            case .readWrite: SQLITE_OPEN_READWRITE
            case .readOnly: SQLITE_OPEN_READONLY
            }
        }
    }

    /// The path the connection was opened with.
    public let path: String
    private let connection: ConnectionHandle
    private var statementCache: [String: Statement] = [:]

    /// Opens (or, with `.readWriteCreate`, creates) the database at `path`.
    ///
    /// SQLite reads the file lazily, so a file that is not a database is only detected by the
    /// first statement that reads it.
    public init(path: String, mode: OpenMode = .readWriteCreate) throws(SQLiteError) {
        var opened: OpaquePointer?
        let code = sqlite3_open_v2(path, &opened, mode.flags | SQLITE_OPEN_NOMUTEX, nil)
        guard code == SQLITE_OK, let opened else {
            let error = SQLiteError.from(opened, code: code)
            sqlite3_close_v2(opened)
            throw error
        }
        sqlite3_extended_result_codes(opened, 1)
        self.path = path
        self.connection = ConnectionHandle(opened)
    }

    deinit {
        close()
    }

    /// Whether the connection is still open.
    public var isOpen: Bool { connection.pointer != nil }

    /// Closes the connection and drops the statement cache. Safe to call more than once.
    public func close() {
        statementCache.removeAll()
        connection.close()
    }

    /// Runs one or more SQL statements separated by semicolons, without parameters or results.
    public func execute(_ sql: String) throws(SQLiteError) {
        let pointer = try openConnection()
        let code = sqlite3_exec(pointer, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw SQLiteError.from(pointer, code: code) }
    }

    /// Prepares a new statement owned by the caller.
    public func prepare(_ sql: String) throws(SQLiteError) -> Statement {
        try Statement(connection: connection, sql: sql)
    }

    /// Returns the cached statement for `sql`, preparing it on first use; it comes back reset.
    public func statement(_ sql: String) throws(SQLiteError) -> Statement {
        if let cached = statementCache[sql] {
            cached.reset()
            return cached
        }
        let prepared = try prepare(sql)
        statementCache[sql] = prepared
        return prepared
    }

    /// Sets how long a statement waits for a lock held by another connection before failing.
    public func setBusyTimeout(milliseconds: Int32) throws(SQLiteError) {
        let pointer = try openConnection()
        let code = sqlite3_busy_timeout(pointer, milliseconds)
        guard code == SQLITE_OK else { throw SQLiteError.from(pointer, code: code) }
    }

    /// Whether a transaction is open on this connection.
    public var isInTransaction: Bool {
        guard let pointer = connection.pointer else { return false }
        return sqlite3_get_autocommit(pointer) == 0
    }

    /// The number of rows changed by the most recent INSERT, UPDATE or DELETE.
    public var changes: Int {
        guard let pointer = connection.pointer else { return 0 }
        return Int(sqlite3_changes64(pointer))
    }

    /// Runs `body` inside `BEGIN IMMEDIATE ... COMMIT`; any error rolls everything back.
    ///
    /// Transactions do not nest: calling this inside another transaction throws a misuse error.
    public func transaction<Result>(_ body: () throws -> Result) throws -> Result {
        guard !isInTransaction else {
            throw SQLiteError(code: SQLITE_MISUSE, message: "a transaction is already open")
        }
        try statement("BEGIN IMMEDIATE").run()
        do {
            let result = try body()
            try statement("COMMIT").run()
            return result
        } catch {
            rollBack()
            throw error
        }
    }

    private func rollBack() {
        guard isInTransaction, let pointer = connection.pointer else { return }
        sqlite3_exec(pointer, "ROLLBACK", nil, nil, nil)
    }

    private func openConnection() throws(SQLiteError) -> OpaquePointer {
        guard let pointer = connection.pointer else { throw SQLiteError.closed }
        return pointer
    }
}
