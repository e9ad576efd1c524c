import BoardSync

/// Runs one scripted command that the HTTP endpoints answer (`boards`, `history`, `list --at`,
/// `delete-board`, `trash`, `restore-board`, `export`), without I/O: `start` names the first request, each
/// answer gives the next request, a question for the person (`answer` takes the reply) or the
/// result. `history` pages back until it has `limit` changes (or the oldest retained one), then
/// asks for the board just before the oldest so that every change is named as it was made (the
/// current board when that one is no longer retained).
public struct HTTPScript: Sendable {
    /// What to do after an answer.
    public enum Step: Hashable, Sendable {
        case fetch(AppFetch)
        /// A yes-or-no question for the person (`answer` takes the reply).
        case ask(String)
        case finished(ScriptResult)
    }

    public let command: ScriptCommand
    /// The board of the URL (nil for `boards` with a server URL).
    public let board: BoardName?
    /// Changes received so far, newest first.
    private var entries: [SequencedOp] = []

    public init(command: ScriptCommand, board: BoardName?) {
        self.command = command
        self.board = board
    }

    public mutating func start() -> Step {
        switch command {
        case .boards: return .fetch(.boards)
        case .history(let limit, _):
            guard let board else { return Self.noBoard }
            return .fetch(.history(board: board, before: nil, limit: min(limit, 1_000)))
        case .listAt(let version, _):
            guard let board else { return Self.noBoard }
            return .fetch(.board(board, version: version))
        case .export(let format, _):
            guard let board else { return Self.noBoard }
            return .fetch(.export(board: board, format: format))
        default: return startTrash() ?? .finished(ScriptResult(.failure, "not answered over HTTP"))
        }
    }

    /// How a command that reads a board ends when it was given none.
    static let noBoard = Step.finished(.noBoard)

    /// Whether `board` exists, before a command that reads it over a WebSocket (which would
    /// create it): nil when it does, else how the command ends.
    public static func existence(of board: BoardName, _ result: FetchResult) -> ScriptResult? {
        switch result {
        case .answered(200, _): nil
        case .answered(404, _): ScriptResult(.unknownElement, SessionWords.noSuchBoard(board))
        case .answered(let status, _) where status == 401 || status == 403:
            ScriptResult(.refused, "refused by the server: HTTP \(status)")
        case .answered(let status, _): ScriptResult(.failure, "the server answered HTTP \(status)")
        case .failed(let reason): ScriptResult(.unreachable, reason)
        }
    }

    public mutating func receive(_ result: FetchResult, for fetch: AppFetch) -> Step {
        guard case .answered(let status, let body) = result else {
            if case .failed(let reason) = result { return .finished(ScriptResult(.unreachable, reason)) }
            return .finished(ScriptResult(.failure, "no answer"))
        }
        if let step = receiveTrash(status: status, body: body, for: fetch) { return step }
        switch (fetch, status) {
        case (.board(let name, let version?), 404) where entries.isEmpty:
            let notRetained = (try? WireCodec.decodeRefusal(body))?.error == .notRetained
            return .finished(
                ScriptResult(
                    .unknownElement,
                    notRetained ? "version \(version) of board \(name) is not retained" : "unknown board \(name)"))
        case (.board(let name, _), 404) where !entries.isEmpty:
            return .fetch(.board(name, version: nil))
        case (_, 404):
            return .finished(ScriptResult(.unknownElement, "unknown board \(board?.rawValue ?? "")"))
        case (_, 401), (_, 403):
            return .finished(ScriptResult(.refused, "refused by the server: HTTP \(status)"))
        case (_, 200):
            return answered(fetch, body: body)
        default:
            let reason =
                (try? WireCodec.decodeRefusal(body)).flatMap(\.message) ?? String(decoding: body, as: UTF8.self)
            return .finished(ScriptResult(.failure, "HTTP \(status): \(reason.split(separator: "\n").first ?? "")"))
        }
    }

    private mutating func answered(_ fetch: AppFetch, body: [UInt8]) -> Step {
        switch (command, fetch) {
        case (.boards(let json), _):
            guard let boards = try? WireCodec.decodeBoardList(body) else { return undecodable("board list") }
            let text =
                json ? String(decoding: WireCodec.encodeBoardList(boards), as: UTF8.self) : BoardTable.text(boards)
            return .finished(ScriptResult(.ok, text))
        case (.listAt(_, let json), _):
            guard let past = try? WireCodec.decodeBoard(body) else { return undecodable("board") }
            let text = json ? String(decoding: WireCodec.encodeBoard(past), as: UTF8.self) : ScriptSession.listing(past)
            return .finished(ScriptResult(.ok, text))
        case (.history(let limit, _), .history(let name, _, let asked)):
            guard let page = try? WireCodec.decodeHistory(body) else { return undecodable("history") }
            entries += page.entries
            guard let oldest = entries.last else { return .finished(ScriptResult(.ok, "")) }
            if page.entries.count == asked, entries.count < limit, oldest.version > 1 {
                return .fetch(.history(board: name, before: oldest.version, limit: min(limit - entries.count, 1_000)))
            }
            return .fetch(.board(name, version: oldest.version - 1))
        case (.export, .export):
            return .finished(ScriptResult(.ok, String(decoding: body, as: UTF8.self)))
        case (.history(_, let json), .board):
            guard let before = try? WireCodec.decodeBoard(body) else { return undecodable("board") }
            guard !json else {
                let words = OpDescription.describe(entries, startingFrom: before)
                let lines = zip(entries, words).map { entry, text in
                    String(decoding: WireCodec.encodeHistoryEntry(entry, text: text), as: UTF8.self)
                }
                return .finished(ScriptResult(.ok, lines.joined(separator: "\n")))
            }
            let lines = OpDescription.changes(entries, startingFrom: before).flatMap(Self.lines)
            return .finished(ScriptResult(.ok, lines.joined(separator: "\n")))
        default:
            return .finished(ScriptResult(.failure, "unexpected answer"))
        }
    }

    /// A change of the history as text: `v42  TIME  WORDS` for an op alone; for a group, its
    /// versions, the time of its last member and its words, then each member indented under it.
    private static func lines(_ change: HistoryChange) -> [String] {
        guard change.isGroup, let first = change.entries.first, let last = change.entries.last else {
            return change.entries.map { "v\($0.version)  \($0.committedAt?.rfc3339 ?? "-")  \(change.words)" }
        }
        let versions = first.version == last.version ? "v\(first.version)" : "v\(first.version)-\(last.version)"
        let members = zip(change.entries, change.memberWords).map { entry, words in "    v\(entry.version)  \(words)" }
        return ["\(versions)  \(last.committedAt?.rfc3339 ?? "-")  \(change.words)"] + members
    }

    private func undecodable(_ what: String) -> Step {
        .finished(ScriptResult(.failure, "the server's \(what) could not be read"))
    }
}
