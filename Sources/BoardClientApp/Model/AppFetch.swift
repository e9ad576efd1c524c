import BoardSync

/// A plain HTTP request the client asks its shell for (`AppCommand.fetch`); the answer comes back
/// as `AppMessage.fetched` with the same value.
public enum AppFetch: Hashable, Sendable {
    /// `GET /boards`: every board the token covers.
    case boards
    /// `GET /boards/BOARD/history`: up to `limit` ops below `before` (nil: the newest).
    case history(board: BoardName, before: Int?, limit: Int)
    /// `GET /boards/BOARD`, or the board as it was at `version`.
    case board(BoardName, version: Int?)
    /// `GET /boards/BOARD/export?format=F`: the board as a file.
    case export(board: BoardName, format: TransferFormat)
    /// `GET /boards?trash=1`: the boards in the trash.
    case trash
    /// `DELETE /boards/BOARD`: moves the board to the trash.
    case deleteBoard(BoardName)
    /// `POST /boards/BOARD/restore`: brings the board deleted at `deleted` (nil: the one deleted
    /// last) back from the trash.
    case restoreBoard(BoardName, deleted: CommitTime?)

    /// The method of the request.
    public var method: String {
        switch self {
        case .deleteBoard: "DELETE"
        case .restoreBoard: "POST"
        default: "GET"
        }
    }

    /// The path of the request.
    public var path: String {
        switch self {
        case .boards, .trash: "/boards"
        case .history(let board, _, _): "/boards/\(board)/history"
        case .board(let board, _), .deleteBoard(let board): "/boards/\(board)"
        case .restoreBoard(let board, _): "/boards/\(board)/restore"
        case .export(let board, _): "/boards/\(board)/export"
        }
    }

    /// The query parameters of the request, each as `name=value`.
    public var parameters: [String] {
        switch self {
        case .boards, .deleteBoard: []
        case .trash: ["trash=1"]
        case .history(_, let before, let limit): (before.map { ["before=\($0)"] } ?? []) + ["limit=\(limit)"]
        case .board(_, let version): version.map { ["version=\($0)"] } ?? []
        case .restoreBoard(_, let deleted): deleted.map { ["deleted=\($0.rfc3339)"] } ?? []
        case .export(_, let format): ["format=\(format.rawValue)"]
        }
    }
}

/// What a fetch brought back: the status and body of the answer, or why there was none.
public enum FetchResult: Hashable, Sendable {
    case answered(status: Int, body: [UInt8])
    /// No answer: the server could not be reached, its certificate was not trusted, ...
    case failed(String)
}
