/// What one cell does in an animation plan: from which path to which, how, and by whom.
public struct CellAnimation: Hashable, Sendable {
    /// The item id (a placeholder cell has the id of the item being dragged).
    public var id: ItemID
    public var motion: Motion
    /// The cell's path in the old view; nil when it is inserted.
    public var from: CellPath?
    /// The cell's path in the new view; nil when it is deleted.
    public var to: CellPath?
    /// Its label or holder changed: the new label flashes (or the placeholder opens or closes).
    public var reloaded: Bool
    /// How its placeholder state changed, when it did.
    public var placeholder: PlaceholderChange
    /// Who put it where it is now: set for moves and for the cells the cause moved; nil when
    /// nobody in particular did (a welcome, a reconnect, a refused edit).
    public var mover: Mover?
    /// Another person's edit put it here: it stays marked in the mover's colour for the plan's
    /// `markDuration`.
    public var marked: Bool

    public init(
        id: ItemID, motion: Motion, from: CellPath?, to: CellPath?, reloaded: Bool = false,
        placeholder: PlaceholderChange = .none, mover: Mover? = nil, marked: Bool = false
    ) {
        self.id = id
        self.motion = motion
        self.from = from
        self.to = to
        self.reloaded = reloaded
        self.placeholder = placeholder
        self.mover = mover
        self.marked = marked
    }
}

/// How a cell's placeholder state changed between two views.
public enum PlaceholderChange: String, Hashable, Sendable {
    case none
    /// Someone picked the item up: the cell became the empty placeholder labelled with its holder.
    case opened
    /// The drag ended: the placeholder became the item's tile again.
    case closed
}
