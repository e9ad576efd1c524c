/// Why a call on a PostgreSQL connection failed.
///
/// The cases a caller reacts to differently have their own case: a unique violation (another
/// writer got there first), a serialization failure or deadlock (retry the transaction), a
/// cancelled statement, a lost connection (reset it) and a commit whose outcome is unknown (the
/// connection broke while COMMIT was under way: read back what is there before acting on it).
public enum PostgresError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The connection URL cannot be parsed; libpq's explanation.
    case invalidURL(String)
    /// No connection could be made: refused, timed out, unknown host, authentication failed.
    case connectFailed(String)
    /// The connection broke (the server ended the session, restarted or cannot be reached).
    case connectionLost(String)
    /// The connection broke while COMMIT was under way: the transaction may or may not be durable.
    case commitOutcomeUnknown(String)
    /// SQLSTATE 23505: a row would repeat a unique key.
    case uniqueViolation(PostgresServerError)
    /// SQLSTATE 40001: the transaction conflicted with a concurrent one and was rolled back.
    case serializationFailure(PostgresServerError)
    /// SQLSTATE 40P01: the transaction was rolled back to break a deadlock.
    case deadlockDetected(PostgresServerError)
    /// SQLSTATE 57014: the statement was cancelled, usually by `statement_timeout`.
    case queryCanceled(PostgresServerError)
    /// Any other error the server reported for a statement.
    case server(PostgresServerError)
    /// A value cannot be sent (text with a NUL character) or read as the type asked for.
    case invalidValue(String)
    /// The call is not allowed in the connection's state (closed, a transaction already open, ...).
    case misuse(String)

    /// Sorts a server error into its case by SQLSTATE.
    init(_ error: PostgresServerError) {
        switch error.sqlState {
        case .uniqueViolation: self = .uniqueViolation(error)
        case .serializationFailure: self = .serializationFailure(error)
        case .deadlockDetected: self = .deadlockDetected(error)
        case .queryCanceled: self = .queryCanceled(error)
        default: self = .server(error)
        }
    }

    /// The server's error, for the cases that carry one.
    public var serverError: PostgresServerError? {
        switch self {
        case .uniqueViolation(let error), .serializationFailure(let error), .deadlockDetected(let error),
            .queryCanceled(let error), .server(let error):
            error
        case .invalidURL, .connectFailed, .connectionLost, .commitOutcomeUnknown, .invalidValue, .misuse:
            nil
        }
    }

    /// The SQLSTATE of the server's error, for the cases that carry one.
    public var sqlState: SQLState? { serverError?.sqlState }

    public var description: String {
        switch self {
        case .invalidURL(let message): "invalid PostgreSQL URL: \(message)"
        case .connectFailed(let message): "cannot connect to PostgreSQL: \(message)"
        case .connectionLost(let message): "lost the PostgreSQL connection: \(message)"
        case .commitOutcomeUnknown(let message):
            "lost the PostgreSQL connection during COMMIT, the outcome is unknown: \(message)"
        case .uniqueViolation(let error), .serializationFailure(let error), .deadlockDetected(let error),
            .queryCanceled(let error), .server(let error):
            "PostgreSQL \(error)"
        case .invalidValue(let message): "invalid PostgreSQL value: \(message)"
        case .misuse(let message): "PostgreSQL misuse: \(message)"
        }
    }
}
