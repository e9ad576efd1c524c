/// An item's id: names one tile of a board for its whole life. Items and sections share one
/// namespace per board, and an id is never accepted again once used (protocol section 2).
public struct ItemID: BoardIdentifier {
    public var rawValue: String

    @inlinable public init(_ rawValue: String) {
        self.rawValue = rawValue
    }
}
