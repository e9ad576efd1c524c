/// One section of a board view: its identity (`id`), its header content (`title`) and its cells.
/// Titles compare by their bytes (`ExactText`).
public struct ViewSection: Hashable, Sendable {
    public var id: SectionID
    public var title: String
    public var cells: [ViewCell]

    public init(id: SectionID, title: String, cells: [ViewCell] = []) {
        self.id = id
        self.title = title
        self.cells = cells
    }

    public init(section: Section) {
        self.init(id: section.id, title: section.title, cells: section.items.map(ViewCell.init(item:)))
    }

    public static func == (a: ViewSection, b: ViewSection) -> Bool {
        a.id == b.id && ExactText.same(a.title, b.title) && a.cells == b.cells
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        ExactText.hash(title, into: &hasher)
        hasher.combine(cells)
    }
}
