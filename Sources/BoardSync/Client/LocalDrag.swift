/// The drag this client is performing: the held item (or block of items) and where its
/// placeholder is, in the coordinates of the client's optimistic board (the target index counted
/// without the held items).
public struct LocalDrag: Hashable, Sendable {
    /// The held item; a block's first item.
    public var item: ItemID
    /// A block's items in order (protocol 10.2); nil for a drag of one item.
    public var items: [ItemID]?
    public var to: Position
    /// The last placeholder position sent to the server, to send `over` only on change.
    var sent: Position?
    /// How many submits the client had sent when it sent this drag's `begin`: a commit of the
    /// held item's move or delete ends the drag only when its submit was sent after the begin.
    var begunAfterSubmits = 0
    /// The items the latest `begin` of a block named: the server's refusal of it names one of
    /// them, which others' deletes may have taken out of the block since.
    var begunWith: [ItemID] = []

    public init(item: ItemID, to: Position) {
        self.item = item
        self.to = to
    }

    /// A drag of a block of items.
    public init(items: [ItemID], to: Position) {
        self.item = items[0]
        self.items = items
        self.to = to
    }

    /// Every held item, in order.
    public var held: [ItemID] { items ?? [item] }
}

/// A drag of another connection, as the server reported it: positions relative to the client's
/// committed board.
public struct RemoteDrag: Hashable, Sendable {
    public var client: ClientID
    public var user: String
    /// The held item; a block's first item.
    public var item: ItemID
    /// A block's items in order; nil for a drag of one item.
    public var items: [ItemID]?
    /// The placeholder's position; nil until the holder's first `over`. A block's counts the
    /// target section without any held item.
    public var to: Position?

    /// Every held item, in order.
    public var held: [ItemID] { items ?? [item] }
}
