/// A committed op as the sequencer records and the store persists it: the version it made, the
/// client id and user that submitted it, and that client's `seq` for it.
public struct SequencedOp: Hashable, Sendable {
    public var version: Int
    public var client: ClientID
    public var user: String
    public var seq: Int
    /// The op exactly as committed: applying it to the board at `version - 1` gives `version`.
    public var op: Op
    /// The group it was committed in, when it was a member of one.
    public var group: GroupSpan?

    public init(version: Int, client: ClientID, user: String, seq: Int, op: Op, group: GroupSpan? = nil) {
        self.version = version
        self.client = client
        self.user = user
        self.seq = seq
        self.op = op
        self.group = group
    }

    /// The op as an `op` message carries it.
    public var message: ServerMessage.CommittedOp {
        ServerMessage.CommittedOp(version: version, client: client, user: user, op: op, group: group)
    }
}
