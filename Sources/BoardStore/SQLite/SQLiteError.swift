import CSQLite

/// A failure reported by SQLite: its extended result code and message.
public struct SQLiteError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The extended result code (`SQLITE_CONSTRAINT_PRIMARYKEY`, `SQLITE_NOTADB`, ...).
    public let code: Int32
    /// SQLite's explanation, or a description of the misuse that was refused.
    public let message: String

    /// Creates an error from a result code and a message.
    public init(code: Int32, message: String) {
        self.code = code
        self.message = message
    }

    /// The primary result code (the low byte of the extended code), e.g. `SQLITE_CONSTRAINT`.
    public var primaryCode: Int32 { code & 0xFF }

    /// An error for a call on a connection that was already closed.
    static let closed = SQLiteError(code: SQLITE_MISUSE, message: "the database connection is closed")

    public var description: String { "SQLite error \(code): \(message)" }

    /// Reads the current error of a connection, falling back to the generic text for `code`.
    static func from(_ handle: OpaquePointer?, code: Int32) -> SQLiteError {
        if let handle, let text = sqlite3_errmsg(handle) {
            return SQLiteError(code: sqlite3_extended_errcode(handle), message: String(cString: text))
        }
        return SQLiteError(code: code, message: String(cString: sqlite3_errstr(code)))
    }
}
