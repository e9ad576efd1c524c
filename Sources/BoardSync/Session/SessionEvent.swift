/// Everything that can happen to a client session: the shell is ready, the person did something,
/// the server said something, the connection changed, or a timer the session asked for is due.
/// `ClientSession.handle(_:now:)` takes one with the clock reading of the moment it happened.
public enum SessionEvent: Hashable, Sendable {
    /// The shell is ready: the answer asks it to connect.
    case start
    case intent(ClientIntent)
    case received(ServerMessage)
    /// The WebSocket opened.
    case opened
    /// The WebSocket ended; `code` is the close code when there was a close frame, `reason` the
    /// close frame's reason.
    case closed(code: Int?, reason: String = "")
    /// An attempt to connect failed before the WebSocket opened.
    case failed(ConnectionFailure)
    /// A timer the session asked for (`SessionStep.tickAfter`, `SessionStep.connectAfter`) is due.
    case tick
}

/// Why an attempt to connect did not open a WebSocket.
public enum ConnectionFailure: Hashable, Sendable {
    /// The server answered the upgrade with this HTTP status.
    case refused(httpStatus: Int)
    /// The server could not be reached or the handshake broke; the words say why, as the shell
    /// knows it ("cannot reach 127.0.0.1:8080: connection refused").
    case unreachable(String)
}
