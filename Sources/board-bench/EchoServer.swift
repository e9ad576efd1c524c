import ServerTransport
import WebSocketTransport

/// A WebSocket echo server on the project's own transport: every text message goes back to its
/// sender as it came. It is what the Autobahn TestSuite's fuzzing client expects to talk to, so
/// the suite's cases measure the transport board-server runs (its framing, close and ping
/// handling, size limit and UTF-8 checks), with nothing of the board protocol in between.
final class EchoServer: WebSocketServerHandler {
    func upgradeRequested(_ request: HTTPRequestInfo) -> UpgradeDecision<Void> { .accept(()) }

    func connectionOpened(_ connection: ServerConnection, context: Void) {}

    func textReceived(_ connection: ServerConnection, _ bytes: [UInt8]) {
        connection.send(OutboundFrame(bytes: bytes))
    }

    func connectionClosed(_ connection: ServerConnection, reason: CloseReason) {}
}
