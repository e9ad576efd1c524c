import BoardSync

/// What the server keeps for one open session.
final class ConnectionContext {
    let id: ConnectionID
    let session: any BoardSession
    let board: BoardName
    var bucket: TokenBucket
    /// The token and role it was admitted with.
    let access: ConnectionAccess
    /// A drag `over` held back by the rate limit; only the latest is kept.
    var heldOver: ClientMessage?
    var heldOverTimerArmed = false
    /// When the connection's unanswered submit arrived, for the ack latency histogram.
    var submitReceivedAt: Double?
    var client: ClientID?
    /// Closed with 4401 by a tokens reload; what it still sends is ignored.
    var revoked = false

    init(session: any BoardSession, board: BoardName, access: ConnectionAccess, bucket: TokenBucket) {
        self.id = ConnectionID(session.id)
        self.session = session
        self.board = board
        self.access = access
        self.bucket = bucket
    }

    var peer: String { session.peerAddress }
}
