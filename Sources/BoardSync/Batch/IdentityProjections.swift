/// The ids of a section's cells or of a view's sections, read in place (no array of ids is
/// built), as text: one collection type for both, so that the module compiles the batch's
/// matching once.
struct ViewIDs: RandomAccessCollection {
    private let cells: [ViewCell]
    private let sections: [ViewSection]

    init(cells: [ViewCell]) {
        self.cells = cells
        sections = []
    }

    init(sections: [ViewSection]) {
        cells = []
        self.sections = sections
    }

    var startIndex: Int { 0 }
    var endIndex: Int { sections.isEmpty ? cells.count : sections.count }
    subscript(position: Int) -> String {
        sections.isEmpty ? cells[position].id.rawValue : sections[position].id.rawValue
    }
}
