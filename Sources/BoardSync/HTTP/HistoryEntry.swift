/// One committed op as a board's history lists it (protocol section 8): the version it made,
/// who made it (client id and user name), when it was committed, and the op.
public struct HistoryEntry: Hashable, Sendable {
    public var version: Int
    public var client: ClientID
    public var user: String
    public var at: CommitTime
    /// The op exactly as committed: applied to the board at `version - 1` it gives `version`.
    public var op: Op

    public init(version: Int, client: ClientID, user: String, at: CommitTime, op: Op) {
        self.version = version
        self.client = client
        self.user = user
        self.at = at
        self.op = op
    }
}
