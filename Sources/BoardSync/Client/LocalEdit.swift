/// An edit a person makes on their client, in the coordinates of the board they see (the client's
/// optimistic board: the committed board with their own unacknowledged edits applied).
public enum LocalEdit: Hashable, Sendable {
    case insert(Item, at: Position)
    /// `to.index` counts the target section without the item, as in a `move` op.
    case move(item: String, to: Position)
    case delete(item: String)
    case rename(item: String, label: String)
    case insertSection(SectionHeader, at: Int)
    case moveSection(String, to: Int)
    case renameSection(String, title: String)
    case deleteSection(String)
}
