import CLibPQ

/// The rows and command tag of one successful statement, read by row and column.
///
/// Values arrive in text format and are converted when read: `int` parses the text, `string`
/// returns it. The rows stay valid after the connection is closed or reset.
public final class PostgresRows: RandomAccessCollection {
    private let result: OpaquePointer
    /// The number of columns of every row.
    public let columnCount: Int
    public let startIndex = 0
    public let endIndex: Int

    init(taking result: OpaquePointer) {
        self.result = result
        self.columnCount = Int(PQnfields(result))
        self.endIndex = Int(PQntuples(result))
    }

    deinit {
        PQclear(result)
    }

    public subscript(position: Int) -> PostgresRow {
        precondition(indices.contains(position), "row \(position) of \(count)")
        return PostgresRow(rows: self, index: position)
    }

    /// The command tag, such as `INSERT 0 3`, `UPDATE 1`, `SELECT 2` or `BEGIN`.
    public var commandTag: String { String(cString: PQcmdStatus(result)) }

    /// The number of rows the statement inserted, updated, deleted or returned (0 when the command
    /// does not count rows). An `INSERT ... ON CONFLICT DO NOTHING` that hit a conflict counts 0.
    public var affectedRows: Int { Int(String(cString: PQcmdTuples(result))) ?? 0 }

    /// The name of the 0-based `column`.
    public func columnName(_ column: Int) -> String? {
        guard (0..<columnCount).contains(column), let name = PQfname(result, Int32(column)) else { return nil }
        return String(cString: name)
    }

    /// The index of the column called `name`, or `nil` when there is none.
    public func columnIndex(of name: String) -> Int? {
        (0..<columnCount).first { columnName($0) == name }
    }

    /// The text of a value, or `nil` for `NULL`; the positions are checked by the caller.
    fileprivate func text(row: Int, column: Int) -> String? {
        if PQgetisnull(result, Int32(row), Int32(column)) == 1 { return nil }
        let length = Int(PQgetlength(result, Int32(row), Int32(column)))
        guard let value = PQgetvalue(result, Int32(row), Int32(column)) else { return nil }
        return value.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
            String(decoding: UnsafeBufferPointer(start: bytes, count: length), as: UTF8.self)
        }
    }
}

/// One row of a `PostgresRows`, whose columns are read by 0-based index.
///
/// Reading a column that does not exist, a `NULL` where a value is required, or text that is not
/// of the type asked for throws `PostgresError.invalidValue`.
public struct PostgresRow {
    let rows: PostgresRows
    let index: Int

    /// Whether the value of `column` is `NULL`.
    public func isNull(_ column: Int) throws(PostgresError) -> Bool {
        try optionalString(column) == nil
    }

    /// The text of `column`, or `nil` for `NULL`.
    public func optionalString(_ column: Int) throws(PostgresError) -> String? {
        guard (0..<rows.columnCount).contains(column) else {
            throw .invalidValue("column \(column) does not exist: the row has \(rows.columnCount)")
        }
        return rows.text(row: index, column: column)
    }

    /// The text of `column`.
    public func string(_ column: Int) throws(PostgresError) -> String {
        guard let text = try optionalString(column) else { throw nullValue(column) }
        return text
    }

    /// The integer in `column`, or `nil` for `NULL`.
    public func optionalInt(_ column: Int) throws(PostgresError) -> Int? {
        guard let text = try optionalString(column) else { return nil }
        guard let value = Int(text) else {
            throw .invalidValue("column \(describe(column)) holds \(text), not an integer")
        }
        return value
    }

    /// The integer in `column`.
    public func int(_ column: Int) throws(PostgresError) -> Int {
        guard let value = try optionalInt(column) else { throw nullValue(column) }
        return value
    }

    /// The boolean in `column` (`t` or `f` in text format).
    public func bool(_ column: Int) throws(PostgresError) -> Bool {
        switch try string(column) {
        case "t": return true
        case "f": return false
        case let text: throw .invalidValue("column \(describe(column)) holds \(text), not a boolean")
        }
    }

    private func nullValue(_ column: Int) -> PostgresError {
        .invalidValue("column \(describe(column)) is NULL")
    }

    private func describe(_ column: Int) -> String {
        rows.columnName(column).map { "\(column) (\($0))" } ?? String(column)
    }
}
