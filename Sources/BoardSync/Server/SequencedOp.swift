/// A committed op as the sequencer records and the store persists it: the version it made, the
/// client id and user that submitted it, and that client's `seq` for it.
public struct SequencedOp: Hashable, Sendable {
    public var version: Int
    public var client: ClientID
    public var user: String
    public var seq: Int
    /// The op exactly as committed: applying it to the board at `version - 1` gives `version`.
    public var op: Op

    public init(version: Int, client: ClientID, user: String, seq: Int, op: Op) {
        self.version = version
        self.client = client
        self.user = user
        self.seq = seq
        self.op = op
    }

    /// The op as an `op` message carries it.
    public var message: ServerMessage.CommittedOp {
        ServerMessage.CommittedOp(version: version, client: client, user: user, op: op)
    }
}
