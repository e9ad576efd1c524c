/// Why a server connection ended.
public enum CloseReason: Sendable, Equatable {
    /// The client sent a close frame with this code (nil when the frame carried no code).
    case clientClosed(code: UInt16?)
    /// The owner called `ServerConnection.close(code:reason:)`.
    case closedByServer(code: UInt16)
    /// The outbound queue exceeded its cap; closed with 1013.
    case slowConsumer
    /// A message exceeded the size limit; closed with 1009.
    case tooLarge
    /// A binary message arrived; closed with 1003.
    case binary
    /// A text message was not valid UTF-8; closed with 1007.
    case invalidUTF8
    /// The peer broke the protocol or timed out.
    case protocolError
    /// The server stopped.
    case serverShutdown
    /// The socket went away without a close handshake.
    case connectionLost
}
