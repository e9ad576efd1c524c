import BoardSync

/// What a page needs to bring its copy of the view up to date after a batch, instead of the
/// whole view: the sections in their new order (ids only) and every section that is new or
/// differs from the one with its id before. A page that keeps the previous view gets the new one
/// by taking, in `order`, each section from `sections` when it is there (a changed one spliced
/// into its previous cells) and from the previous view otherwise. On a long board a batch
/// touches one or two sections, and in each a few cells, so the answer, and what the page reads,
/// stays small.
public struct ViewChanges: Hashable, Sendable {
    /// Every section of the new view, in order.
    public var order: [SectionID]
    /// The sections of the new view that are new or changed, in the new view's order: each as
    /// the splice of its cells that makes it of the one shown before (of no cells for a new one).
    public var sections: [CellSplice]

    public init(order: [SectionID], sections: [CellSplice]) {
        self.order = order
        self.sections = sections
    }

    /// The changes that turn `old` into `new`.
    public init(from old: BoardView, to new: BoardView) {
        order = new.sections.map { $0.id }
        sections = []
        for section in new.sections {
            let before = old.sections.first { $0.id == section.id }
            if let before, section.isUnchanged(from: before) { continue }
            let splice = CellSplice(from: before?.cells ?? [], to: section)
            if before == nil || before?.title != section.title || !splice.changesNothing { sections.append(splice) }
        }
    }

    /// `previous` brought up to date: the view these changes were made from.
    public func applied(to previous: BoardView) -> BoardView {
        BoardView(
            sections: order.compactMap { id in
                let shown = previous.sections.first { $0.id == id }
                guard let splice = sections.first(where: { $0.id == id }) else { return shown }
                var cells = shown?.cells ?? []
                cells.replaceSubrange(splice.at..<(splice.at + splice.removing), with: splice.cells)
                return ViewSection(id: id, title: splice.title, cells: cells)
            })
    }
}

/// A section of `ViewChanges`, made new by one splice of the cells shown before: `removing`
/// cells from `at` replaced by `cells`, under `title`. The cells both the old and the new
/// section begin and end with are left out, so a tile moved within a long section or to its end
/// costs the cells between, not the section; a new section is a splice of no cells.
public struct CellSplice: Hashable, Sendable {
    public var id: SectionID
    public var title: String
    public var at: Int
    public var removing: Int
    public var cells: [ViewCell]

    public init(id: SectionID, title: String, at: Int, removing: Int, cells: [ViewCell]) {
        self.id = id
        self.title = title
        self.at = at
        self.removing = removing
        self.cells = cells
    }

    /// Whether the cells stay as they were: the old and new section begin and end with all of them.
    var changesNothing: Bool { removing == 0 && cells.isEmpty }

    /// The splice that makes `new` of a section that showed `old`.
    public init(from old: [ViewCell], to new: ViewSection) {
        let shorter = min(old.count, new.cells.count)
        var head = 0
        while head < shorter && old[head] == new.cells[head] { head += 1 }
        var tail = 0
        while tail < shorter - head && old[old.count - 1 - tail] == new.cells[new.cells.count - 1 - tail] {
            tail += 1
        }
        self.init(
            id: new.id, title: new.title, at: head, removing: old.count - head - tail,
            cells: Array(new.cells[head..<(new.cells.count - tail)]))
    }
}
