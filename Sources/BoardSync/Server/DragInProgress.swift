/// A drag the server is tracking: who holds the item (or the block of items), where it is and
/// where its placeholder is, both at the board's current version. A drag held by a connection of
/// another server has no `holder` here, and names that server as `node`.
struct DragInProgress: Hashable, Sendable {
    /// The held item; a block's first item, which the drag is known by.
    var item: ItemID
    /// A block's items in order (protocol 10.2); nil for a drag of one item.
    var items: [ItemID]?
    /// The connection holding the item; nil when it is held on another server.
    var holder: ConnectionID?
    /// The server whose connection holds the item, for a drag held elsewhere.
    var node: String?
    var client: ClientID
    var user: String
    /// Where the item (a block's first item) is on the board now.
    var from: Position
    /// The placeholder's position now; nil before the first `over` (shown at `from`). A block's
    /// is where its first item would land, counted without any held item.
    var to: Position?
    /// When the holder last sent a drag message for the item (drags held elsewhere time out
    /// on their own server).
    var lastActivity: Double

    /// The drag as a `drag` message at `version`: `over` once it has a placeholder, else `begin`.
    func message(version: Int) -> ServerMessage.Drag {
        ServerMessage.Drag(
            action: to == nil ? .begin : .over, client: client, user: user, item: item,
            from: items == nil ? from : nil, to: to, version: version, items: items)
    }

    /// The `cancel` that ends the drag; `from` is left out once the item is gone, and for a block.
    func cancel(version: Int, reason: DragEndReason?, itemExists: Bool) -> ServerMessage.Drag {
        ServerMessage.Drag(
            action: .cancel, client: client, user: user, item: item,
            from: itemExists && items == nil ? from : nil, version: version, reason: reason, items: items)
    }

    /// Whether the drag holds `held` (the item, or one of its block's).
    func holds(_ held: ItemID) -> Bool {
        items?.contains(held) ?? (item == held)
    }

    /// Carries the positions through `committed`, which has just been applied to `state`. The
    /// placeholder is rebased like a move of the item (the rules every client applies to the
    /// placeholders it shows); when its target section is gone (or the placeholder no longer
    /// makes a valid move), it falls back to `from`.
    /// Call only while the item is still on the board.
    mutating func carry(through committed: Op, in state: BoardState) {
        guard let now = state.position(ofItem: item) else { return }
        if let to, let rebased = Rebase.rebase(.move(item: item, from: from, to: to), through: committed),
            case .move(_, _, let target) = rebased, state.check(rebased) == .apply
        {
            self.to = target
        } else {
            self.to = nil
        }
        from = now
    }
}
