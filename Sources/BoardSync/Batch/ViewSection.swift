/// One section of a board view: its identity (`id`), its header content (`title`) and its cells.
public struct ViewSection: Hashable, Sendable {
    public var id: String
    public var title: String
    public var cells: [ViewCell]

    public init(id: String, title: String, cells: [ViewCell] = []) {
        self.id = id
        self.title = title
        self.cells = cells
    }

    public init(section: Section) {
        self.init(id: section.id, title: section.title, cells: section.items.map(ViewCell.init(item:)))
    }
}
