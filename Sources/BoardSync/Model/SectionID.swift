/// A section's id: names one section of a board for its whole life. Sections and items share one
/// namespace per board, and an id is never accepted again once used (protocol section 2).
public struct SectionID: BoardIdentifier {
    public var rawValue: String

    @inlinable public init(_ rawValue: String) {
        self.rawValue = rawValue
    }
}
