/// A committed op, the one record of it from the sequencer through the store to the wire: the
/// version it made, who made it (the client id and user that submitted it, and that client's
/// `seq` for it), the op, the group it was committed in, and when the server committed it. An
/// `op` message and a catch-up welcome carry it without `seq` and time, a history entry without
/// `seq` (protocol sections 5, 8 and 10.1).
public struct SequencedOp: Hashable, Sendable {
    public var version: Int
    public var client: ClientID
    public var user: String
    /// The author's `seq` for it; 0 where it came over the wire, which does not carry it (a real
    /// `seq` is at least 1).
    public var seq: Int
    /// The op exactly as committed: applying it to the board at `version - 1` gives `version`.
    public var op: Op
    /// The group it was committed in, when it was a member of one.
    public var group: GroupSpan?
    /// When the server committed it. Nil until the server's shell stamps it as it hands the op to
    /// its store (the sequencer reads no clock), and where it came in an `op` message.
    public var committedAt: CommitTime?

    public init(
        version: Int, client: ClientID, user: String, seq: Int, op: Op, group: GroupSpan? = nil,
        committedAt: CommitTime? = nil
    ) {
        self.version = version
        self.client = client
        self.user = user
        self.seq = seq
        self.op = op
        self.group = group
        self.committedAt = committedAt
    }

    /// The record as an `op` message (and a catch-up welcome) carries it: without `seq` and
    /// commit time, so that a message the server sends equals the one its client decodes.
    public var message: SequencedOp {
        SequencedOp(version: version, client: client, user: user, seq: 0, op: op, group: group)
    }
}
