extension BoardState {
    /// Applies an operation that `check` accepted and advances the version by one.
    /// Every index was validated beforehand, so the board is never left half-changed.
    public mutating func commit(_ op: Op) {
        switch op {
        case .insert(let item, let to):
            let s = board.index(ofSection: to.section)!
            board.sections[s].items.insert(item, at: to.index)
            usedIDs[item.id.rawValue] = .item
            sectionOfItem[item.id] = to.section
        case .move(let item, let from, let to):
            let source = board.index(ofSection: from.section)!
            let moved = board.sections[source].items.remove(at: from.index)
            let target = board.index(ofSection: to.section)!
            board.sections[target].items.insert(moved, at: to.index)
            sectionOfItem[item] = to.section
        case .delete(let item, let from):
            let s = board.index(ofSection: from.section)!
            board.sections[s].items.remove(at: from.index)
            sectionOfItem[item] = nil
        case .update(let item, let label):
            let position = position(ofItem: item)!
            let s = board.index(ofSection: position.section)!
            board.sections[s].items[position.index].label = label
        case .insertSection(let header, let index):
            board.sections.insert(Section(id: header.id, title: header.title), at: index)
            usedIDs[header.id.rawValue] = .section
        case .moveSection(_, let from, let index):
            let moved = board.sections.remove(at: from)
            board.sections.insert(moved, at: index)
        case .renameSection(let section, let title):
            let s = board.index(ofSection: section)!
            board.sections[s].title = title
        case .deleteSection(_, let from):
            let removed = board.sections.remove(at: from)
            for item in removed.items { sectionOfItem[item.id] = nil }
        }
        board.version += 1
    }

    /// Checks and commits in one step; returns what the check decided.
    @discardableResult
    public mutating func apply(_ op: Op, limits: Limits = .default) -> OpCheck {
        let outcome = check(op, limits: limits)
        if outcome == .apply { commit(op) }
        return outcome
    }

    /// Sets the version without changing content, for a state loaded at a known version.
    public mutating func setVersion(_ version: Int) {
        board.version = version
    }
}
