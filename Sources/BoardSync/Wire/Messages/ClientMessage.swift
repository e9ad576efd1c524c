/// A message a client sends to the server (protocol section 5, "Client to server").
public enum ClientMessage: Hashable, Sendable {
    case hello(Hello)
    case submit(Submit)
    case drag(Drag)

    /// The wire value of the message's `type` field.
    public var type: String {
        switch self {
        case .hello: "hello"
        case .submit: "submit"
        case .drag: "drag"
        }
    }
}

extension ClientMessage {
    /// The first message of a connection: who the client is, and the version it already holds.
    public struct Hello: Hashable, Sendable {
        /// The client process's id; it must be an identifier.
        public var client: ClientID
        /// The person's name: 1 to 32 scalars, no control characters.
        public var user: String
        /// The board version the client already holds, when it reconnects.
        public var since: Int?

        public init(client: ClientID, user: String, since: Int? = nil) {
            self.client = client
            self.user = user
            self.since = since
        }
    }

    /// An op, or a group of ops committed together or not at all (protocol 10.1), that the
    /// client made against version `base`, numbered `seq` by the client.
    public struct Submit: Hashable, Sendable {
        /// At least 1, above every seq this client id had acknowledged on the board.
        public var seq: Int
        public var base: Int
        /// The ops in order: the one `op` of a single submit, or the group's members (`ops` on
        /// the wire), each made against the state the members before it leave.
        public var ops: [Op]
        /// Whether the submit is a group (`ops`), even of one member.
        public var isGroup: Bool

        /// A submit of one op.
        public init(seq: Int, base: Int, op: Op) {
            self.seq = seq
            self.base = base
            self.ops = [op]
            self.isGroup = false
        }

        /// A submit of a group of ops.
        public init(seq: Int, base: Int, ops: [Op]) {
            self.seq = seq
            self.base = base
            self.ops = ops
            self.isGroup = true
        }

        /// The op of a single submit; the first member of a group.
        public var op: Op { ops[0] }

        /// The most members a group may have.
        public static let maxGroupMembers = 500
    }

    /// A step of a drag the client performs.
    public enum Drag: Hashable, Sendable {
        /// Picks up an item.
        case begin(item: ItemID)
        /// The placeholder's position, made against the committed board at `base`.
        case over(item: ItemID, base: Int, from: Position, to: Position)
        /// Puts the item back.
        case cancel(item: ItemID)

        public var action: DragAction {
            switch self {
            case .begin: .begin
            case .over: .over
            case .cancel: .cancel
            }
        }

        /// The dragged item's id.
        public var item: ItemID {
            switch self {
            case .begin(let item), .over(let item, _, _, _), .cancel(let item): item
            }
        }
    }
}
