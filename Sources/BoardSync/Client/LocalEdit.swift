/// An edit a person makes on their client, in the coordinates of the board they see (the client's
/// optimistic board: the committed board with their own unacknowledged edits applied).
public enum LocalEdit: Hashable, Sendable {
    case insert(Item, at: Position)
    /// `to.index` counts the target section without the item, as in a `move` op.
    case move(item: ItemID, to: Position)
    case delete(item: ItemID)
    case rename(item: ItemID, label: String)
    case insertSection(SectionHeader, at: Int)
    case moveSection(SectionID, to: Int)
    case renameSection(SectionID, title: String)
    case deleteSection(SectionID)
}
