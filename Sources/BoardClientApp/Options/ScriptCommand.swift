import BoardSync

/// One scripted operation of `board-client URL COMMAND ...`.
public enum ScriptCommand: Hashable, Sendable {
    /// Prints the board; `json` prints the snapshot JSON.
    case list(json: Bool)
    /// Adds a tile to `section` (default: the first) at `index` (default: the end).
    case add(label: String, section: String?, index: Int?)
    case move(item: String, to: Position)
    case rename(item: String, label: String)
    case delete(item: String)
    case addSection(title: String)
    /// Prints every server message as one JSON line until interrupted.
    case watch
}
