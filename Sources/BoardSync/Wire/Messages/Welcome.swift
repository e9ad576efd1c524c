extension ServerMessage {
    /// The server's answer to `hello`: the board (or the ops since `since`), who the client is,
    /// who else is there, the drags in progress and the client's highest acknowledged `seq`.
    public struct Welcome: Hashable, Sendable {
        /// How the client learns the board: a snapshot, or the committed ops after its `since`.
        public enum State: Hashable, Sendable {
            case board(Board)
            /// `op` messages in version order; on the wire each keeps its `"type": "op"`.
            case ops([SequencedOp])
        }

        public var state: State
        public var you: You
        /// The other clients on the board.
        public var peers: [Peer]
        /// The drags in progress as `drag` messages (`over`, or `begin` before the first over).
        public var drags: [Drag]
        /// The highest `seq` of this client id acknowledged on this board, 0 if none.
        public var lastSeq: Int

        public init(state: State, you: You, peers: [Peer] = [], drags: [Drag] = [], lastSeq: Int = 0) {
            self.state = state
            self.you = you
            self.peers = peers
            self.drags = drags
            self.lastSeq = lastSeq
        }
    }

    /// The connection's own identity and role, as `welcome.you` carries it.
    public struct You: Hashable, Sendable {
        public var client: ClientID
        public var user: String
        public var role: Role

        public init(client: ClientID, user: String, role: Role) {
            self.client = client
            self.user = user
            self.role = role
        }
    }

    /// Another client on the board, as `welcome.peers` lists it.
    public struct Peer: Hashable, Sendable {
        public var client: ClientID
        public var user: String

        public init(client: ClientID, user: String) {
            self.client = client
            self.user = user
        }
    }
}
