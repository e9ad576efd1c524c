import BoardSync

/// What a page needs to bring its copy of the view up to date after a batch, instead of the
/// whole view: the sections in their new order (ids only) and every section that is new or
/// differs from the one with its id before (title or cells). A page that keeps the previous
/// view gets the new one by taking, in `order`, each section from `sections` when it is there
/// and from the previous view otherwise. On a long board a batch touches one or two sections,
/// so the answer, and what the page reads and renders, stays small.
public struct ViewChanges: Hashable, Sendable {
    /// Every section of the new view, in order.
    public var order: [SectionID]
    /// The sections of the new view that are new or changed, in the new view's order.
    public var sections: [ViewSection]

    public init(order: [SectionID], sections: [ViewSection]) {
        self.order = order
        self.sections = sections
    }

    /// The changes that turn `old` into `new`.
    public init(from old: BoardView, to new: BoardView) {
        order = new.sections.map { $0.id }
        sections = new.sections.filter { section in
            guard let before = old.sections.first(where: { $0.id == section.id }) else { return true }
            return before != section
        }
    }

    /// `previous` brought up to date: the view these changes were made from.
    public func applied(to previous: BoardView) -> BoardView {
        BoardView(
            sections: order.compactMap { id in
                sections.first { $0.id == id } ?? previous.sections.first { $0.id == id }
            })
    }
}
