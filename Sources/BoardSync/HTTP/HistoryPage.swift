/// What `GET /boards/BOARD/history` answers: the board's name and up to a page of its
/// committed ops, newest first.
public struct HistoryPage: Hashable, Sendable {
    public var board: String
    /// Newest first.
    public var entries: [HistoryEntry]

    public init(board: String, entries: [HistoryEntry]) {
        self.board = board
        self.entries = entries
    }
}
