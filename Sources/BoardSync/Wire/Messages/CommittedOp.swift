extension ServerMessage {
    /// A committed op as an `op` message: the version it made, and who submitted it.
    public struct CommittedOp: Hashable, Sendable {
        public var version: Int
        public var client: ClientID
        public var user: String
        public var op: Op
        /// The group the op was committed in, when it was a member of one.
        public var group: GroupSpan?

        public init(version: Int, client: ClientID, user: String, op: Op, group: GroupSpan? = nil) {
            self.version = version
            self.client = client
            self.user = user
            self.op = op
            self.group = group
        }
    }
}
