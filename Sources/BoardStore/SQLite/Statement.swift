import CSQLite

/// A prepared SQL statement with typed parameter binding and column access.
///
/// `run`, `query` and `queryOne` reset the statement when they finish, so a statement never keeps
/// a read transaction open between uses. Once its `Database` is closed, stepping fails with a
/// misuse error. Not thread-safe: use it from the thread that owns its `Database`.
public final class Statement {
    /// The SQL text the statement was prepared from.
    public let sql: String
    private let connection: ConnectionHandle
    private let handle: OpaquePointer

    init(connection: ConnectionHandle, sql: String) throws(SQLiteError) {
        guard let pointer = connection.pointer else { throw SQLiteError.closed }
        var prepared: OpaquePointer?
        let code = sqlite3_prepare_v3(pointer, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &prepared, nil)
        guard code == SQLITE_OK, let prepared else {
            let error = SQLiteError.from(pointer, code: code)
            sqlite3_finalize(prepared)
            throw error
        }
        self.sql = sql
        self.connection = connection
        self.handle = prepared
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// The number of `?` parameters the statement expects.
    public var parameterCount: Int { Int(sqlite3_bind_parameter_count(handle)) }

    /// Resets the statement and binds `values` to its parameters in order.
    ///
    /// Throws a misuse error when the number of values differs from `parameterCount`.
    public func bind<each Value: SQLiteBindable>(_ values: repeat each Value) throws(SQLiteError) {
        rewind()
        var index: Int32 = 0
        for value in repeat each values {
            index += 1
            let code = value.bind(to: handle, at: index)
            guard code == SQLITE_OK else { throw failure(code) }
        }
        guard Int(index) == parameterCount else {
            throw SQLiteError(
                code: SQLITE_MISUSE, message: "\(index) values bound to \(parameterCount) parameters of: \(sql)")
        }
    }

    /// Advances to the next row: `true` when a row is available, `false` when the statement is done.
    public func step() throws(SQLiteError) -> Bool {
        guard connection.pointer != nil else { throw SQLiteError.closed }
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let error = failure(code)
            reset()
            throw error
        }
    }

    /// Resets the statement to run again and clears its bindings.
    public func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Resets the statement to run again, keeping its bindings: cheaper than `reset()` where every
    /// parameter is bound anew before the next step (`bind` checks the count).
    private func rewind() {
        sqlite3_reset(handle)
    }

    /// Binds `values`, runs the statement to completion and resets it.
    public func run<each Value: SQLiteBindable>(_ values: repeat each Value) throws(SQLiteError) {
        defer { rewind() }
        try bind(repeat each values)
        while try step() {}
    }

    /// Binds the elements of `values` to the parameters in order, runs the statement to
    /// completion and resets it (for a statement whose parameters are a list of one type).
    public func run<Value: SQLiteBindable>(list values: [Value]) throws(SQLiteError) {
        defer { rewind() }
        rewind()
        guard values.count == parameterCount else {
            throw SQLiteError(
                code: SQLITE_MISUSE, message: "\(values.count) values bound to \(parameterCount) parameters of: \(sql)")
        }
        for (offset, value) in values.enumerated() {
            let code = value.bind(to: handle, at: Int32(offset + 1))
            guard code == SQLITE_OK else { throw failure(code) }
        }
        while try step() {}
    }

    /// Binds `values` and returns every row mapped by `row`.
    public func query<each Value: SQLiteBindable, Row>(
        _ values: repeat each Value, row: (Statement) throws(SQLiteError) -> Row
    ) throws(SQLiteError) -> [Row] {
        defer { rewind() }
        try bind(repeat each values)
        var rows: [Row] = []
        while try step() {
            rows.append(try row(self))
        }
        return rows
    }

    /// Binds `values` and returns the first row mapped by `row`, or `nil` when there is none.
    public func queryOne<each Value: SQLiteBindable, Row>(
        _ values: repeat each Value, row: (Statement) throws(SQLiteError) -> Row
    ) throws(SQLiteError) -> Row? {
        defer { rewind() }
        try bind(repeat each values)
        return try step() ? row(self) : nil
    }

    /// The integer value of the 0-based `column` of the current row.
    public func int(_ column: Int32) -> Int {
        Int(sqlite3_column_int64(handle, column))
    }

    /// The floating-point value of the 0-based `column` of the current row.
    public func double(_ column: Int32) -> Double {
        sqlite3_column_double(handle, column)
    }

    /// The text of the 0-based `column` of the current row (empty for `NULL`).
    public func string(_ column: Int32) -> String {
        guard let text = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// Whether the 0-based `column` of the current row is `NULL`.
    public func isNull(_ column: Int32) -> Bool {
        sqlite3_column_type(handle, column) == SQLITE_NULL
    }

    /// The text of the 0-based `column`, or `nil` for `NULL`.
    public func optionalString(_ column: Int32) -> String? {
        isNull(column) ? nil : string(column)
    }

    private func failure(_ code: Int32) -> SQLiteError {
        SQLiteError.from(sqlite3_db_handle(handle), code: code)
    }
}
