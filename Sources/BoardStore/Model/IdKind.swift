/// What an id on a board was used for. Items and sections share one id namespace per board.
public enum IdKind: String, Sendable, Hashable, CaseIterable {
    /// The id named an item.
    case item
    /// The id named a section.
    case section
}
