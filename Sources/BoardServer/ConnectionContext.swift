import BoardSync
import WebSocketTransport

/// What the server keeps for one WebSocket connection, attached to it as user data.
final class ConnectionContext {
    let id: ConnectionID
    let board: String
    let peer: String
    var bucket: TokenBucket
    /// A drag `over` held back by the rate limit; only the latest is kept.
    var heldOver: ClientMessage?
    var heldOverTimerArmed = false
    /// When the connection's unanswered submit arrived, for the ack latency histogram.
    var submitReceivedAt: Double?
    var client: String?
    /// The token and role it was admitted with.
    var access = ConnectionAccess.anonymousEditor
    /// Closed with 4401 by a tokens reload; what it still sends is ignored.
    var revoked = false

    init(id: ConnectionID, board: String, peer: String, bucket: TokenBucket) {
        self.id = id
        self.board = board
        self.peer = peer
        self.bucket = bucket
    }
}
