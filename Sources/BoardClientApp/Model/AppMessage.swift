import BoardSync
import TerminalUI

/// Everything that can happen to the client: input, the server, the connection, time and the
/// terminal's size. `update` turns each into a new model and commands.
public enum AppMessage: Hashable, Sendable {
    case input(InputEvent)
    case server(ServerMessage)
    /// The WebSocket handshake completed.
    case connectionOpened
    /// The connection ended after it was open, with the close code when there was a close frame.
    case connectionClosed(code: Int?, reason: String)
    /// Connecting failed before the connection opened.
    case connectionFailed(ConnectionFailure)
    /// Time to draw the next frame of an animation.
    case frame
    /// The terminal changed size.
    case resize(TerminalSize)
    /// A timer asked for by `AppCommand.scheduleTick` fired.
    case tick
    /// The answer to `AppCommand.fetch`.
    case fetched(AppFetch, FetchResult)
}
