extension ServerMessage {
    /// A drag step of some connection, broadcast to every connection of the board. Positions
    /// are relative to `version`.
    public struct Drag: Hashable, Sendable {
        public var action: DragAction
        /// The holder.
        public var client: ClientID
        public var user: String
        /// The held item; a block's first item.
        public var item: ItemID
        /// A block's items, in order (protocol 10.2); nil for a drag of one item.
        public var items: [ItemID]?
        /// Where the item is; nil when the item no longer exists, and for a block.
        public var from: Position?
        /// The placeholder's position (sent with `over`).
        public var to: Position?
        public var version: Int
        /// Why the server ended the drag; nil for a cancel by the holder and for other actions.
        public var reason: DragEndReason?

        public init(
            action: DragAction, client: ClientID, user: String, item: ItemID,
            from: Position? = nil, to: Position? = nil, version: Int, reason: DragEndReason? = nil,
            items: [ItemID]? = nil
        ) {
            self.action = action
            self.client = client
            self.user = user
            self.item = item
            self.items = items
            self.from = from
            self.to = to
            self.version = version
            self.reason = reason
        }

        /// Every item the drag holds: a block's items, or the one item.
        public var heldItems: [ItemID] { items ?? [item] }
    }
}
