/// The ids of a section's cells, read in place (no array of ids is built).
struct CellIDs: RandomAccessCollection {
    let cells: [ViewCell]
    var startIndex: Int { 0 }
    var endIndex: Int { cells.count }
    subscript(position: Int) -> ItemID { cells[position].id }
}

/// The ids of a view's sections, read in place.
struct SectionIDs: RandomAccessCollection {
    let sections: [ViewSection]
    var startIndex: Int { 0 }
    var endIndex: Int { sections.count }
    subscript(position: Int) -> SectionID { sections[position].id }
}
