import BoardSync

/// What `update` asks the shell to do; the shell performs it and feeds results back as messages.
public enum AppCommand: Hashable, Sendable {
    /// Sends a message on the current connection.
    case send(ClientMessage)
    /// Opens a new connection after `delay` seconds (0: now).
    case connect(after: Double)
    /// Drops the current connection without reporting it closed: the session already knows
    /// (it lost track of the server) and asks for a new one with `connect`.
    case disconnect
    /// Draws a frame at the next frame slot (at most 60 per second).
    case requestFrame
    /// Delivers `tick` at `time` (seconds on the same clock as `update`'s `now`).
    case scheduleTick(at: Double)
    /// Leaves the program.
    case quit
    /// Makes a plain HTTP GET; the answer comes back as `AppMessage.fetched`.
    case fetch(AppFetch)
    /// From now on connects to board `name` of the same server (closing the current connection
    /// without a `connectionClosed`); the `connect` that follows opens it.
    case openBoard(BoardName)
    /// Closes the current connection for good, without a `connectionClosed`, and cancels a
    /// connection attempt that is due: the picker shows instead of a board.
    case leaveBoard
}
