/// A drag the server is tracking: who holds the item, where it is and where its placeholder
/// is, both at the board's current version. A drag held by a connection of another server has
/// no `holder` here, and names that server as `node`.
struct DragInProgress: Hashable, Sendable {
    var item: ItemID
    /// The connection holding the item; nil when it is held on another server.
    var holder: ConnectionID?
    /// The server whose connection holds the item, for a drag held elsewhere.
    var node: String?
    var client: ClientID
    var user: String
    /// Where the item is on the board now.
    var from: Position
    /// The placeholder's position now; nil before the first `over` (shown at `from`).
    var to: Position?
    /// When the holder last sent a drag message for the item (drags held elsewhere time out
    /// on their own server).
    var lastActivity: Double

    /// The drag as a `drag` message at `version`: `over` once it has a placeholder, else `begin`.
    func message(version: Int) -> ServerMessage.Drag {
        ServerMessage.Drag(
            action: to == nil ? .begin : .over, client: client, user: user, item: item,
            from: from, to: to, version: version)
    }

    /// The `cancel` that ends the drag; `from` is left out once the item is gone.
    func cancel(version: Int, reason: DragEndReason?, itemExists: Bool) -> ServerMessage.Drag {
        ServerMessage.Drag(
            action: .cancel, client: client, user: user, item: item,
            from: itemExists ? from : nil, version: version, reason: reason)
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
