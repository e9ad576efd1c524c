/// The drag this client is performing: the held item and where its placeholder is, in the
/// coordinates of the client's optimistic board (the target index counted without the item).
public struct LocalDrag: Hashable, Sendable {
    public var item: ItemID
    public var to: Position
    /// The last placeholder position sent to the server, to send `over` only on change.
    var sent: Position?
    /// How many submits the client had sent when it sent this drag's `begin`: a commit of the
    /// held item's move or delete ends the drag only when its submit was sent after the begin.
    var begunAfterSubmits = 0

    public init(item: ItemID, to: Position) {
        self.item = item
        self.to = to
    }
}

/// A drag of another connection, as the server reported it: positions relative to the client's
/// committed board.
public struct RemoteDrag: Hashable, Sendable {
    public var client: ClientID
    public var user: String
    public var item: ItemID
    /// The placeholder's position; nil until the holder's first `over`.
    public var to: Position?
}
