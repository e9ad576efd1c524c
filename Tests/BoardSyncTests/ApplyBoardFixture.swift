import BoardSync

/// Boards for the tests, built from compact descriptions: a section's title is "Title <id>" and an
/// item's label is "Label <id>".
enum BoardFixture {
    static func item(_ id: ItemID) -> Item {
        Item(id: id, label: "Label \(id)")
    }

    static func section(_ id: SectionID, _ items: [ItemID]) -> Section {
        Section(id: id, title: "Title \(id)", items: items.map(item))
    }

    static func board(version: Int = 7, _ sections: [(SectionID, [ItemID])]) -> Board {
        Board(id: "team", version: version, sections: sections.map { section($0.0, $0.1) })
    }

    /// Version 7; sections s0 [a b c d], s1 [e f g], s2 []; the item "gone" and the section "old"
    /// were deleted earlier.
    static let standard = BoardState(
        board: board([("s0", ["a", "b", "c", "d"]), ("s1", ["e", "f", "g"]), ("s2", [])]),
        usedIDs: ["gone": .item, "old": .section])
}

/// A position, written short.
func at(_ section: SectionID, _ index: Int) -> Position {
    Position(section: section, index: index)
}

/// A new item for an insert, labelled "New <id>".
func newItem(_ id: ItemID) -> Item {
    Item(id: id, label: "New \(id)")
}
