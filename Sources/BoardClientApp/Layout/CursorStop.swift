import BoardSync

/// Where the cursor can stand: on a tile, or on a section that has none (where its first tile
/// would go). Items and sections share one namespace of ids on a board, so the case says which
/// one an id names.
public enum CursorStop: Hashable, Sendable {
    case tile(ItemID)
    case emptySection(SectionID)

    /// The item under the cursor, when it is on a tile.
    public var item: ItemID? {
        if case .tile(let item) = self { item } else { nil }
    }
}
