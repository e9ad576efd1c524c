import BoardSync

/// Why a board store refused an operation. A refused commit changed nothing.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The database file cannot be opened or read (missing permissions, a directory, ...).
    case unreadable(path: String, message: String)
    /// The file is not an SQLite database, fails its integrity check, or holds a value that is
    /// not a model value (an op or snapshot that does not decode).
    case corrupt(path: String, message: String)
    /// The file is a database of another schema: a newer `user_version` than this code
    /// supports, or foreign tables without a version (`found` is 0).
    case schemaMismatch(path: String, found: Int, supported: Int)
    /// A batch creates a board that already exists.
    case boardAlreadyExists(BoardName)
    /// A batch or call refers to a board that does not exist.
    case unknownBoard(BoardName)
    /// An op's version does not continue its board's stored version (`expected` is head + 1).
    /// With one writer it is the caller's mistake; where several servers share a store it means
    /// another one committed that version first, and the caller reads the newer ops, rebases and
    /// tries again.
    case versionConflict(board: BoardName, expected: Int, found: Int)
    /// A snapshot is for a version the board has not reached.
    case snapshotAheadOfBoard(board: BoardName, version: Int, head: Int)
    /// An argument is out of its range (a negative limit or version, ...).
    case invalidArgument(String)
    /// Any other database failure (I/O error, disk full, closed store, ...).
    case database(code: Int32, message: String)
    /// The database server cannot be reached (refused, timed out, the connection broke before a
    /// commit was sent): nothing of the call happened, and it may be tried again.
    case unreachable(String)
    /// The connection to the database server broke while a commit was under way: the batch may
    /// or may not be durable. Read back what is stored before acting on it.
    case commitOutcomeUnknown(String)
}

extension StoreError {
    /// Wraps any error thrown inside a store as a `StoreError`.
    init(_ error: any Error) {
        switch error {
        case let error as StoreError: self = error
        case let error as SQLiteError: self = .database(code: error.code, message: error.message)
        case let error as PostgresError: self = StoreError(postgres: error)
        default: self = .database(code: -1, message: String(describing: error))
        }
    }
}

extension StoreError {
    /// A PostgreSQL failure in the store's terms: a connection that cannot be made or broke is
    /// `unreachable`, a broken COMMIT `commitOutcomeUnknown`, anything else a database error.
    init(postgres error: PostgresError) {
        switch error {
        case .connectFailed(let message), .connectionLost(let message): self = .unreachable(message)
        case .commitOutcomeUnknown(let message): self = .commitOutcomeUnknown(message)
        default: self = .database(code: -1, message: error.description)
        }
    }

    /// The failure in words, as a log line or `board-server`'s last line names it.
    public var description: String {
        switch self {
        case .unreadable(let path, let message):
            "cannot read \(path): \(message)"
        case .corrupt(let path, let message):
            "\(path) is damaged or not a board database (\(message))"
        case .schemaMismatch(let path, let found, let supported):
            found == 0
                ? "\(path) holds another program's tables"
                : "\(path) was written by a newer board-server (schema \(found); this one reads up to \(supported))"
        case .boardAlreadyExists(let board):
            "board \(board) already exists"
        case .unknownBoard(let board):
            "there is no board \(board)"
        case .versionConflict(let board, let expected, let found):
            "an op of board \(board) at v\(found) does not follow its stored v\(expected - 1)"
        case .snapshotAheadOfBoard(let board, let version, let head):
            "a snapshot of board \(board) at v\(version) is ahead of its ops (v\(head))"
        case .invalidArgument(let message):
            message
        case .database(let code, let message):
            "database error \(code): \(message)"
        case .unreachable(let message):
            "the database cannot be reached: \(message)"
        case .commitOutcomeUnknown(let message):
            "the connection to the database broke during a commit, which may or may not be stored: \(message)"
        }
    }
}
