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
    /// These tiles, in this order, one after the other from `to` (its index counted without any
    /// of them): one group.
    case moveItems([ItemID], to: Position)
    /// These tiles deleted: one group.
    case deleteItems([ItemID])
    /// The board put back as `board` shows it, as it was at `version`: one group (several of at
    /// most 500 ops each when it changes more), one undo step. What comes back gets ids drawn
    /// from `idSeed`.
    case restore(Board, version: Int, idSeed: UInt64)
    /// These sections and their tiles added after the last section, under ids drawn from
    /// `idSeed` (an import): groups of at most 500 ops, one undo step.
    case appendSections([Section], idSeed: UInt64)

    /// What an edit of several tiles means, to work its group out (again) on a board.
    var groupIntent: ChangeIntent? {
        switch self {
        case .moveItems(let items, let to): .moveBlock(items, to: to)
        case .deleteItems(let items): .deleteItems(items)
        case .restore(let board, let version, let idSeed): .restore(board, version: version, idSeed: idSeed)
        case .appendSections(let sections, let idSeed): .appendSections(sections, idSeed: idSeed)
        default: nil
        }
    }
}
