/// One notification delivered to a listening session: `NOTIFY channel, 'payload'` or
/// `pg_notify(channel, payload)` from a transaction that committed.
public struct PostgresNotification: Equatable, Sendable {
    /// The channel it was sent on.
    public let channel: String
    /// The payload text (empty when none was given).
    public let payload: String
    /// The backend process id of the session that sent it (compare with `backendPID` to tell
    /// one's own notifications apart).
    public let senderPID: Int32

    public init(channel: String, payload: String, senderPID: Int32) {
        self.channel = channel
        self.payload = payload
        self.senderPID = senderPID
    }
}

/// What a `PostgresListener` saw while it waited.
public enum PostgresListenerEvent: Equatable, Sendable {
    /// Notifications arrived, in the order their transactions committed.
    case notifications([PostgresNotification])
    /// Nothing arrived before the timeout.
    case timeout
    /// The listening connection broke; notifications sent from now until `reconnect()` are lost.
    case connectionLost(String)
}
