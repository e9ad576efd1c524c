import BoardSync
import WebSocketTransport

/// The WebSocket transport's events, handed to the service in its own terms. `httpRequest` and
/// `turnEnded` are the service's own entry points.
extension BoardService: WebSocketServerHandler {
    func upgradeRequested(_ request: HTTPRequestInfo) -> UpgradeDecision {
        switch admit(request) {
        case .accept(let access): .accept(userData: access)
        case .refuse(let status, let body): .refuse(status: status, body: body)
        }
    }

    func connectionOpened(_ connection: ServerConnection) {
        // The transport hands back what the upgrade was accepted with in its one untyped slot;
        // this is the only place that reads it.
        guard let access = connection.userData as? ConnectionAccess else {
            connection.close(code: 4401, reason: "not admitted")
            return
        }
        connection.userData = nil
        sessionOpened(connection, access: access)
    }

    func textReceived(_ connection: ServerConnection, _ bytes: [UInt8]) {
        received(bytes, from: ConnectionID(connection.id))
    }

    func connectionClosed(_ connection: ServerConnection, reason: CloseReason) {
        sessionClosed(ConnectionID(connection.id), reason: reason)
    }
}
