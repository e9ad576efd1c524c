import BoardServer
import BoardSync
import ServerTransport
import WebSocketTransport

/// The WebSocket server's events, handed to the service in its own terms: each connection opens
/// with the access its upgrade was admitted with. `httpRequest` and `turnEnded` are the
/// service's own entry points.
extension BoardService: WebSocketServerHandler {
    package func upgradeRequested(_ request: HTTPRequestInfo) -> UpgradeDecision<ConnectionAccess> {
        admit(request)
    }

    package func connectionOpened(_ connection: ServerConnection, context access: ConnectionAccess) {
        sessionOpened(connection, access: access)
    }

    package func textReceived(_ connection: ServerConnection, _ bytes: [UInt8]) {
        received(bytes, from: ConnectionID(connection.id))
    }

    package func connectionClosed(_ connection: ServerConnection, reason: CloseReason) {
        sessionClosed(ConnectionID(connection.id), reason: reason)
    }
}

extension ServerConnection: BoardSession {}

extension WebSocketServer: ServiceTransport {
    package func runLater(after seconds: Double, _ work: @escaping () -> Void) {
        _ = schedule(after: seconds, work)
    }
}
