/// A board snapshot as the protocol sends it: its name, how many operations it has committed,
/// and its sections in order.
public struct Board: Hashable, Sendable {
    public var id: BoardName
    public var version: Int
    public var sections: [Section]

    public init(id: BoardName, version: Int = 0, sections: [Section] = []) {
        self.id = id
        self.version = version
        self.sections = sections
    }

    /// The state a board starts in when its first connection creates it.
    public static func initial(id: BoardName) -> Board {
        Board(id: id, version: 0, sections: [Section(id: "main", title: "Main")])
    }

    /// The index of the section with `id`.
    public func index(ofSection id: SectionID) -> Int? {
        sections.firstIndex { $0.id == id }
    }

    /// Where the item with `id` is, found by scanning every section.
    public func position(ofItem id: ItemID) -> Position? {
        for section in sections {
            if let index = section.index(ofItem: id) {
                return Position(section: section.id, index: index)
            }
        }
        return nil
    }

    /// The item with `id`, if the board holds it.
    public func item(_ id: ItemID) -> Item? {
        guard let position = position(ofItem: id), let s = index(ofSection: position.section) else { return nil }
        return sections[s].items[position.index]
    }

    /// The number of items in every section together.
    public var itemCount: Int { sections.reduce(0) { $0 + $1.items.count } }
}
