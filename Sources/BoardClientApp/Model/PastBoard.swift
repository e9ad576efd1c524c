import BoardSync

/// The board as it was at an earlier version, opened from the history panel: shown read-only,
/// clearly marked, until Esc returns to the panel.
public struct PastBoard: Hashable, Sendable {
    public var board: Board
    /// When the change that made this version was committed.
    public var at: CommitTime
    /// Who made that change, in words ("bob moved Photos to Done").
    public var change: String
    /// First content row shown.
    public var scroll = 0
    /// The question naming what restoring this version would change, while the person is asked
    /// to confirm it (the core's words).
    public var restoreQuestion: String?

    public init(board: Board, at: CommitTime, change: String) {
        self.board = board
        self.at = at
        self.change = change
    }
}
