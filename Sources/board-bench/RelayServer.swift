import Foundation
import ServerTransport
import WebSocketTransport

/// The baseline the board server is measured against: a bare broadcast server on the same
/// transport that forwards every received text frame, unparsed and unstored, to every other
/// connection on the same path.
final class RelayServer: WebSocketServerHandler {
    /// Open connections grouped by request path (service thread).
    private var rooms: [String: [ServerConnection]] = [:]

    func upgradeRequested(_ request: HTTPRequestInfo) -> UpgradeDecision<Void> { .accept(()) }

    func connectionOpened(_ connection: ServerConnection, context: Void) {
        rooms[connection.path, default: []].append(connection)
    }

    func textReceived(_ connection: ServerConnection, _ bytes: [UInt8]) {
        guard let room = rooms[connection.path], room.count > 1 else { return }
        let frame = OutboundFrame(bytes: bytes)
        for receiver in room where receiver !== connection { receiver.send(frame) }
    }

    func connectionClosed(_ connection: ServerConnection, reason: CloseReason) {
        guard var room = rooms[connection.path] else { return }
        room.removeAll { $0 === connection }
        rooms[connection.path] = room.isEmpty ? nil : room
    }
}
