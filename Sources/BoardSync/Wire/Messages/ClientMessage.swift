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
        /// The version a group puts the board back to, when it is (part of) a restore: carried
        /// by its `GroupSpan` into history (docs/PROTOCOL.md). Only a group carries it.
        public var restores: Int?

        /// A submit of one op.
        public init(seq: Int, base: Int, op: Op) {
            self.seq = seq
            self.base = base
            self.ops = [op]
            self.isGroup = false
        }

        /// A submit of a group of ops, of a restore to version `restores` when given.
        public init(seq: Int, base: Int, ops: [Op], restores: Int? = nil) {
            self.seq = seq
            self.base = base
            self.ops = ops
            self.isGroup = true
            self.restores = restores
        }

        /// The op of a single submit; the first member of a group.
        public var op: Op { ops[0] }

        /// The most members a group may have.
        public static let maxGroupMembers = 500
    }

    /// A step of a drag the client performs: of one item, or of several held as one block
    /// (protocol 10.2).
    public enum Drag: Hashable, Sendable {
        /// Picks up an item.
        case begin(item: ItemID)
        /// The placeholder's position, made against the committed board at `base`.
        case over(item: ItemID, base: Int, from: Position, to: Position)
        /// Puts the item back.
        case cancel(item: ItemID)
        /// Picks up several items as one block, in this order.
        case beginBlock(items: [ItemID])
        /// Where the block's first item would land, made against the committed board at `base`,
        /// its index counted in the target section without any of the held items.
        case overBlock(items: [ItemID], base: Int, to: Position)
        /// Puts the block back.
        case cancelBlock(items: [ItemID])

        public var action: DragAction {
            switch self {
            case .begin, .beginBlock: .begin
            case .over, .overBlock: .over
            case .cancel, .cancelBlock: .cancel
            }
        }

        /// The dragged item's id; a block's first item.
        public var item: ItemID {
            switch self {
            case .begin(let item), .over(let item, _, _, _), .cancel(let item): item
            case .beginBlock(let items), .overBlock(let items, _, _), .cancelBlock(let items): items[0]
            }
        }

        /// A block's items, in order; nil for a drag of one item.
        public var blockItems: [ItemID]? {
            switch self {
            case .begin, .over, .cancel: nil
            case .beginBlock(let items), .overBlock(let items, _, _), .cancelBlock(let items): items
            }
        }

        /// The most items one block may hold.
        public static let maxBlockItems = 100
    }
}
