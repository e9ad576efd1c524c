extension ClientSession {
    /// Follows the open text field's target through an event: when someone deleted the tile or
    /// section it is about, the field's text is kept and confirming it makes a new tile where
    /// the deleted one was (or at the end of the first section), or a new section; a new tile
    /// whose neighbour went away goes where the neighbour was.
    @inline(never)
    mutating func followEdit(_ turn: inout SessionTurn) {
        guard let target = openEdit, let board = machine.optimistic?.board else { return }
        let before = turn.before
        var by: String?
        if case .remote(_, let user)? = turn.step.cause?.mover { by = user }
        switch target {
        case .renameItem(let item):
            guard board.position(ofItem: item) == nil else { return }
            let label = Self.label(of: item, on: nil, before: before)
            let place = Self.place(of: item, in: before).flatMap { Self.insertPlace($0, on: board) }
            change(
                to: place.map { .addItem(at: $0) } ?? Self.firstSectionEnd(of: board),
                words: SessionWords.deletedWhileRenaming(label, by: by), into: &turn)
        case .addItem(.after(let item)):
            guard board.position(ofItem: item) == nil else { return }
            if let was = Self.place(of: item, in: before), let place = Self.insertPlace(was, on: board) {
                change(to: .addItem(at: place), words: nil, into: &turn)
            } else {
                let title = Self.place(of: item, in: before).flatMap { Self.title(of: $0.section, in: before) }
                change(
                    to: Self.firstSectionEnd(of: board),
                    words: SessionWords.deletedWhileAdding(section: title ?? item.rawValue, by: by), into: &turn)
            }
        case .addItem(let place):
            let section: SectionID
            switch place {
            case .endOf(let id): section = id
            case .position(let position): section = position.section
            case .after: return
            }
            guard board.index(ofSection: section) == nil else { return }
            let title = Self.title(of: section, in: before) ?? section.rawValue
            change(
                to: Self.firstSectionEnd(of: board),
                words: SessionWords.deletedWhileAdding(section: title, by: by), into: &turn)
        case .renameSection(let section):
            guard board.index(ofSection: section) == nil else { return }
            let title = Self.title(of: section, in: before) ?? section.rawValue
            change(to: .addSection, words: SessionWords.deletedWhileRenaming(section: title, by: by), into: &turn)
        case .addSection:
            return
        }
    }

    private mutating func change(to target: EditTarget?, words: String?, into turn: inout SessionTurn) {
        openEdit = target
        turn.step.edit = EditChange(target: target, words: words)
        if let words { turn.step.announcements.append(words) }
    }

    /// Where a cell was in a view: its section and its index among the section's cells.
    @inline(never)
    private static func place(of item: ItemID, in view: BoardView) -> Position? {
        for section in view.sections {
            if let index = section.cells.firstIndex(where: { $0.id == item }) {
                return Position(section: section.id, index: index)
            }
        }
        return nil
    }

    /// `place` on `board` when its section is still there, its index kept within the section.
    @inline(never)
    private static func insertPlace(_ place: Position, on board: Board) -> InsertPlace? {
        guard let index = board.index(ofSection: place.section) else { return nil }
        return .position(Position(section: place.section, index: min(place.index, board.sections[index].items.count)))
    }

    /// A new tile at the end of the first section, or nil on a board without sections.
    private static func firstSectionEnd(of board: Board) -> EditTarget? {
        board.sections.first.map { .addItem(at: .endOf($0.id)) }
    }

    @inline(never)
    private static func title(of section: SectionID, in view: BoardView) -> String? {
        view.sections.first { $0.id == section }?.title
    }
}
