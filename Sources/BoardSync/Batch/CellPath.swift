/// The place of a cell in a view: a section index and an item index inside that section.
/// (Named apart from Foundation's `IndexPath`.)
public struct CellPath: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var section: Int
    public var item: Int

    public init(section: Int, item: Int) {
        self.section = section
        self.item = item
    }

    public static func < (lhs: CellPath, rhs: CellPath) -> Bool {
        (lhs.section, lhs.item) < (rhs.section, rhs.item)
    }

    public var description: String { "\(section).\(item)" }
}

/// A move of one entry from an index in the old list to an index in the new list.
public struct IndexMove: Hashable, Sendable, CustomStringConvertible {
    public var from: Int
    public var to: Int

    public init(from: Int, to: Int) {
        self.from = from
        self.to = to
    }

    public var description: String { "\(from)->\(to)" }
}

/// A move of one cell from its path in the old view to its path in the new view.
public struct CellMove: Hashable, Sendable, CustomStringConvertible {
    public var from: CellPath
    public var to: CellPath

    public init(from: CellPath, to: CellPath) {
        self.from = from
        self.to = to
    }

    public var description: String { "\(from)->\(to)" }
}
