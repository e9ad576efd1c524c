/// What `GET /boards/BOARD/history` answers: the board's name and up to a page of its
/// committed ops, newest first.
public struct HistoryPage: Hashable, Sendable {
    public var board: BoardName
    /// Newest first.
    public var entries: [SequencedOp]

    public init(board: BoardName, entries: [SequencedOp]) {
        self.board = board
        self.entries = entries
    }
}
