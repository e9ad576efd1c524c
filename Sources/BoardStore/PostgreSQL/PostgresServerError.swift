/// An error reported by the PostgreSQL server for one statement, with its diagnostic fields.
public struct PostgresServerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The SQLSTATE code, which tells errors apart without parsing messages.
    public let sqlState: SQLState
    /// `ERROR`, `FATAL` or `PANIC` (never translated).
    public let severity: String
    /// The primary message.
    public let message: String
    /// A secondary message with more detail, such as the duplicated key.
    public let detail: String?
    /// A suggestion of what to do about it.
    public let hint: String?
    /// The constraint that was violated, for integrity errors.
    public let constraint: String?
    /// The table the error concerns, when there is one.
    public let table: String?

    /// Creates an error from its fields.
    public init(
        sqlState: SQLState, severity: String, message: String, detail: String? = nil, hint: String? = nil,
        constraint: String? = nil, table: String? = nil
    ) {
        self.sqlState = sqlState
        self.severity = severity
        self.message = message
        self.detail = detail
        self.hint = hint
        self.constraint = constraint
        self.table = table
    }

    public var description: String {
        var text = "\(severity) \(sqlState): \(message)"
        if let detail { text += " (\(detail))" }
        return text
    }
}
