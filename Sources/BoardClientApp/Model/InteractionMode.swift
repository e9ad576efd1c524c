import BoardSync

/// What keys mean right now.
public enum InteractionMode: Hashable, Sendable {
    /// Moving the cursor between tiles.
    case browsing
    /// Holding a tile picked up with the keyboard.
    case holdingWithKeys(item: ItemID)
    /// Holding a tile picked up with the mouse; `pointer` is the last reported mouse cell and
    /// `grab` where inside the tile it was grabbed.
    case holdingWithMouse(item: ItemID, pointer: Point, grab: Point)
    /// Typing a label or title at the bottom line.
    case editing(LabelEditor)
    /// Asking whether to delete an item.
    case confirmingDelete(item: ItemID)
    /// Asking whether to delete the marked tiles.
    case confirmingMarkedDelete(count: Int)
    /// Asking whether to delete a section and the tiles in it.
    case confirmingSectionDelete(section: SectionID)
}

/// A cell position on the screen or in the board's content.
public struct Point: Hashable, Sendable {
    public var x: Int
    public var y: Int

    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }
}
