/// The ops that put a board back as it was at an earlier version, as one group: sections and
/// tiles that no longer exist come back under new ids (an id is never used twice) with their
/// titles and labels, what was added since is deleted, titles and labels are put back, and the
/// fewest tiles and sections move: those the update batch between the two boards moves (the same
/// minimal diff every client animates), the others staying where they are.
public enum RestorePlan {
    /// The group that turns `current` into `target` (modulo the new ids); `makeID` names what
    /// comes back. Empty when the boards are already the same.
    public static func ops(from current: BoardState, to target: Board, makeID: () -> String) -> [Op] {
        let wanted = renamed(target, on: current, makeID: makeID)
        let batch = UpdateBatch.between(old: BoardView(board: current.board), new: BoardView(board: wanted))
        var moving = Set<ItemID>()
        for move in batch.itemMoves {
            moving.insert(current.board.sections[move.from.section].items[move.from.item].id)
        }
        var movingSections = Set<SectionID>()
        for move in batch.sectionMoves { movingSections.insert(current.board.sections[move.from].id) }
        var wantedSections = Set<SectionID>()
        var wantedItems = Set<ItemID>()
        for section in wanted.sections {
            wantedSections.insert(section.id)
            for item in section.items { wantedItems.insert(item.id) }
        }

        var plan = Plan(state: current)
        plan.deleteItems(keeping: wantedItems, inSections: wantedSections)
        plan.placeSections(of: wanted, moving: movingSections)
        plan.placeItems(of: wanted, moving: moving, current: current)
        plan.deleteSections(keeping: wantedSections)
        return plan.ops
    }

    /// The ops that add `sections` with their tiles after the last section of `state`, every
    /// section and tile under a new id from `makeID` (an import, which never removes anything).
    public static func appending(_ sections: [Section], to state: BoardState, makeID: () -> String) -> [Op] {
        var ops: [Op] = []
        var index = state.board.sections.count
        for section in sections {
            let id = SectionID(makeID())
            ops.append(.insertSection(section: SectionHeader(id: id, title: section.title), index: index))
            for (offset, item) in section.items.enumerated() {
                ops.append(
                    .insert(
                        item: Item(id: ItemID(makeID()), label: item.label), to: Position(section: id, index: offset)))
            }
            index += 1
        }
        return ops
    }

    /// `target` with a new id for every section and tile that is not on `current` now.
    private static func renamed(_ target: Board, on current: BoardState, makeID: () -> String) -> Board {
        var board = target
        for s in board.sections.indices {
            if !current.isLive(section: board.sections[s].id) { board.sections[s].id = SectionID(makeID()) }
            for i in board.sections[s].items.indices where !current.isLive(item: board.sections[s].items[i].id) {
                board.sections[s].items[i].id = ItemID(makeID())
            }
        }
        board.version = current.version
        return board
    }
}

/// The board as the restore leaves it so far, and the ops that got it there.
private struct Plan {
    var state: BoardState
    var ops: [Op] = []

    init(state: BoardState) { self.state = state }

    mutating func apply(_ op: Op) {
        state.commit(op)
        ops.append(op)
    }

    /// Tiles added since, in sections that stay; those of sections that go leave with them.
    mutating func deleteItems(keeping wanted: Set<ItemID>, inSections sections: Set<SectionID>) {
        for section in state.board.sections where sections.contains(section.id) {
            for item in section.items where !wanted.contains(item.id) {
                guard let from = state.position(ofItem: item.id) else { continue }
                apply(.delete(item: item.id, from: from))
            }
        }
    }

    /// Sections that come back are inserted, and those the batch moves are moved, each just after
    /// the wanted section before it; titles are put back.
    mutating func placeSections(of wanted: Board, moving: Set<SectionID>) {
        var previous: SectionID?
        for section in wanted.sections {
            defer { previous = section.id }
            var index = 0
            if let previous, let after = state.board.index(ofSection: previous) { index = after + 1 }
            if let from = state.board.index(ofSection: section.id) {
                var at = from
                if moving.contains(section.id) {
                    at = from < index ? index - 1 : index
                    if at != from { apply(.moveSection(section: section.id, from: from, index: at)) }
                }
                if !ExactText.same(state.board.sections[at].title, section.title) {
                    apply(.renameSection(section: section.id, title: section.title))
                }
            } else {
                apply(.insertSection(section: SectionHeader(id: section.id, title: section.title), index: index))
            }
        }
    }

    /// Tiles that come back are inserted, and those the batch moves are moved, each just after the
    /// wanted tile before it in its section; labels are put back.
    mutating func placeItems(of wanted: Board, moving: Set<ItemID>, current: BoardState) {
        for section in wanted.sections {
            var previous: ItemID?
            for item in section.items {
                defer { previous = item.id }
                let staying =
                    !moving.contains(item.id) && current.position(ofItem: item.id)?.section == section.id
                if !staying {
                    var index = 0
                    if let previous, let after = state.position(ofItem: previous) { index = after.index + 1 }
                    if let from = state.position(ofItem: item.id) {
                        if from.section == section.id, from.index < index { index -= 1 }
                        let to = Position(section: section.id, index: index)
                        if to != from { apply(.move(item: item.id, from: from, to: to)) }
                    } else {
                        apply(.insert(item: item, to: Position(section: section.id, index: index)))
                    }
                }
                if let label = state.board.item(item.id)?.label, !ExactText.same(label, item.label) {
                    apply(.update(item: item.id, label: item.label))
                }
            }
        }
    }

    /// Sections added since go, with whatever tiles are still in them.
    mutating func deleteSections(keeping wanted: Set<SectionID>) {
        var s = 0
        while s < state.board.sections.count {
            let section = state.board.sections[s]
            if wanted.contains(section.id) {
                s += 1
            } else {
                apply(.deleteSection(section: section.id, from: s))
            }
        }
    }
}
