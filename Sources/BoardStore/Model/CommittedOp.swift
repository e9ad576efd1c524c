/// One committed operation of a board, as stored: the op itself stays encoded JSON.
public struct CommittedOp: Sendable, Hashable {
    /// The board version this op produced (the first op of a board has version 1).
    public var version: Int
    /// The id of the client that submitted the op.
    public var client: String
    /// The user name of that client.
    public var user: String
    /// The client's `seq` for the op.
    public var seq: Int
    /// The op as JSON text, exactly as the server encoded it.
    public var opJSON: String
    /// When the op was committed, in milliseconds since the Unix epoch (supplied by the caller).
    public var committedAt: Int

    /// Creates a committed op record.
    public init(version: Int, client: String, user: String, seq: Int, opJSON: String, committedAt: Int) {
        self.version = version
        self.client = client
        self.user = user
        self.seq = seq
        self.opJSON = opJSON
        self.committedAt = committedAt
    }
}
