/// Gathers the sections and tiles a reader finds, each title and label made to follow the
/// protocol's text rules, with a note for everything changed or left out.
struct ImportCollector {
    private let limit: Int
    private(set) var sections: [Section] = []
    private(set) var notes: [ImportNote] = []
    /// How many tiles of each section the file held, counting those left out, by section index.
    private var fileTiles: [Int] = []

    init(limit: Int) { self.limit = limit }

    /// Adds a section titled `title` after the others; answers its index.
    mutating func addSection(title: String) -> Int {
        let number = sections.count + 1
        let cleaned = TransferText.clean(title, limit: limit)
        var name = cleaned.text ?? ""
        if cleaned.text == nil {
            name = "Section \(number)"
            notes.append(.untitledSection(number: number, title: name))
        } else {
            if cleaned.replacedControls { notes.append(.titleControls(section: name)) }
            if let from = cleaned.cutFrom { notes.append(.titleCut(section: name, from: from, to: limit)) }
        }
        sections.append(Section(id: SectionID("s\(number)"), title: name))
        fileTiles.append(0)
        return sections.count - 1
    }

    /// Adds a tile labelled `label` at the end of the section at `index`.
    mutating func addTile(_ label: String, toSection index: Int) {
        fileTiles[index] += 1
        let place = ImportNote.Place(section: sections[index].title, number: fileTiles[index])
        let cleaned = TransferText.clean(label, limit: limit)
        guard let text = cleaned.text else {
            notes.append(.emptyLabel(place))
            return
        }
        if cleaned.replacedControls { notes.append(.labelControls(place)) }
        if cleaned.removedDirectionControls { notes.append(.labelDirectionControls(place)) }
        if let from = cleaned.cutFrom { notes.append(.labelCut(place, from: from, to: limit)) }
        let number = sections[index].items.count + 1
        sections[index].items.append(Item(id: ItemID("s\(index + 1)-\(number)"), label: text))
    }

    mutating func note(_ note: ImportNote) { notes.append(note) }

    func summary(_ format: TransferFormat) -> ImportSummary {
        ImportSummary(format: format, sections: sections, notes: notes)
    }
}
