/// Where an item is or will be: a section (by id) and an index inside it.
public struct Position: Hashable, Sendable, CustomStringConvertible {
    public var section: SectionID
    public var index: Int

    public init(section: SectionID, index: Int) {
        self.section = section
        self.index = index
    }

    public var description: String { "\(section):\(index)" }
}
