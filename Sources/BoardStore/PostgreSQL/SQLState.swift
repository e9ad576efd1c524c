/// A five-character SQLSTATE code that PostgreSQL attaches to every error it reports.
///
/// The first two characters are the class (`23` integrity constraint violation, `40` transaction
/// rollback, `57` operator intervention, `08` connection exception, ...).
public struct SQLState: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The two-character class of the code.
    public var errorClass: String { String(rawValue.prefix(2)) }

    public var description: String { rawValue }

    /// 23505: a row would repeat a key of a unique index or constraint.
    public static let uniqueViolation = SQLState(rawValue: "23505")
    /// 40001: a serializable or repeatable-read transaction met a concurrent update; retry it.
    public static let serializationFailure = SQLState(rawValue: "40001")
    /// 40P01: the transaction was chosen as the victim of a deadlock; retry it.
    public static let deadlockDetected = SQLState(rawValue: "40P01")
    /// 57014: the statement was cancelled, by `statement_timeout` or a cancel request.
    public static let queryCanceled = SQLState(rawValue: "57014")
    /// 55P03: a lock could not be taken within `lock_timeout`.
    public static let lockNotAvailable = SQLState(rawValue: "55P03")
    /// 57P01: the server is shutting down or an administrator ended the session.
    public static let adminShutdown = SQLState(rawValue: "57P01")
    /// 42P01: the statement names a table that does not exist.
    public static let undefinedTable = SQLState(rawValue: "42P01")
    /// 42601: the statement is not valid SQL.
    public static let syntaxError = SQLState(rawValue: "42601")
    /// 22023: an argument is out of range, such as a notification payload over 8,000 bytes.
    public static let invalidParameterValue = SQLState(rawValue: "22023")
    /// 25P02: an earlier statement of the transaction failed; only a rollback is accepted now.
    public static let inFailedTransaction = SQLState(rawValue: "25P02")
}
