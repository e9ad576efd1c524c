extension ServerMessage {
    /// A committed op as an `op` message: the version it made, and who submitted it.
    public struct CommittedOp: Hashable, Sendable {
        public var version: Int
        public var client: ClientID
        public var user: String
        public var op: Op

        public init(version: Int, client: ClientID, user: String, op: Op) {
            self.version = version
            self.client = client
            self.user = user
            self.op = op
        }
    }
}
