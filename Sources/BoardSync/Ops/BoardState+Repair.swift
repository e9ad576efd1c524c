extension BoardState {
    /// The operation re-resolved against this state: `from` fields set to where the elements are
    /// now (found by id) and gaps clamped into range. A client uses it on its own queued operations
    /// when its prediction of an earlier operation turned out different from what the server
    /// committed, so that a queued edit is never refused for a stale position. Returns nil when the
    /// operation names an item or section that is no longer on the board.
    public func repaired(_ op: Op) -> Op? {
        switch op {
        case .insert(let item, let to):
            guard let count = itemCount(inSection: to.section) else { return nil }
            return .insert(item: item, to: Position(section: to.section, index: clamp(to.index, count)))
        case .move(let item, _, let to):
            guard let from = position(ofItem: item), var count = itemCount(inSection: to.section) else { return nil }
            if from.section == to.section { count -= 1 }
            return .move(item: item, from: from, to: Position(section: to.section, index: clamp(to.index, count)))
        case .delete(let item, _):
            return position(ofItem: item).map { .delete(item: item, from: $0) }
        case .update(let item, _):
            return isLive(item: item) ? op : nil
        case .insertSection(let header, let index):
            return .insertSection(section: header, index: clamp(index, board.sections.count))
        case .moveSection(let section, _, let index):
            guard let from = board.index(ofSection: section) else { return nil }
            return .moveSection(section: section, from: from, index: clamp(index, board.sections.count - 1))
        case .renameSection(let section, _):
            return isLive(section: section) ? op : nil
        case .deleteSection(let section, _):
            return board.index(ofSection: section).map { .deleteSection(section: section, from: $0) }
        }
    }

    private func clamp(_ index: Int, _ count: Int) -> Int {
        min(max(index, 0), max(count, 0))
    }
}
