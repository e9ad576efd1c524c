import BoardSync

/// A plain HTTP GET the client asks its shell for (`AppCommand.fetch`); the answer comes back
/// as `AppMessage.fetched` with the same value.
public enum AppFetch: Hashable, Sendable {
    /// `GET /boards`: every board the token covers.
    case boards
    /// `GET /boards/BOARD/history`: up to `limit` ops below `before` (nil: the newest).
    case history(board: String, before: Int?, limit: Int)
    /// `GET /boards/BOARD`, or the board as it was at `version`.
    case board(String, version: Int?)
    /// `GET /boards/BOARD/export?format=F`: the board as a file.
    case export(board: String, format: TransferFormat)

    /// The path of the request.
    public var path: String {
        switch self {
        case .boards: "/boards"
        case .history(let board, _, _): "/boards/\(board)/history"
        case .board(let board, _): "/boards/\(board)"
        case .export(let board, _): "/boards/\(board)/export"
        }
    }

    /// The query parameters of the request, each as `name=value`.
    public var parameters: [String] {
        switch self {
        case .boards: []
        case .history(_, let before, let limit): (before.map { ["before=\($0)"] } ?? []) + ["limit=\(limit)"]
        case .board(_, let version): version.map { ["version=\($0)"] } ?? []
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
