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

    /// Whether `other` is this section as it was: the same id and title over the very same
    /// stored cells (an untouched section of a long board, which the next view shares), told
    /// without comparing a cell. False says nothing: the sections may still be equal.
    public func isUnchanged(from other: ViewSection) -> Bool {
        id == other.id && cells.sharesStorage(with: other.cells) && ExactText.same(title, other.title)
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
