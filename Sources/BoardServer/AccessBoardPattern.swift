import BoardSync

/// Which boards a token covers: one exact board name, or every name starting with a prefix
/// (written with a trailing `*`; `*` alone covers every board).
public enum BoardPattern: Hashable, Sendable {
    case exact(BoardName)
    case prefix(String)

    /// Parses `team-*` or `demo`; nil when the text is neither a board name nor a name prefix
    /// followed by `*`.
    public init?(_ text: String) {
        if text.hasSuffix("*") {
            let prefix = String(text.dropLast())
            guard prefix.isEmpty || (prefix.count < 64 && BoardName(prefix) != nil) else { return nil }
            self = .prefix(prefix)
        } else {
            guard let name = BoardName(text) else { return nil }
            self = .exact(name)
        }
    }

    public func matches(_ board: BoardName) -> Bool {
        switch self {
        case .exact(let name): board == name
        case .prefix(let prefix): board.rawValue.hasPrefix(prefix)
        }
    }
}
