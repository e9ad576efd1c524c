extension ClientSession {
    /// Where `move` takes the held tile's placeholder, as a `dragOver` position (the index
    /// counted in the target section without the held tile); nil when it goes nowhere (past the
    /// first or last place, an unknown tile or section).
    @inline(never)
    func target(of move: HeldMove, for drag: LocalDrag) -> Position? {
        let sections = machine.view.sections
        switch move {
        case .to(let position):
            return position
        case .before(let item), .slotOf(let item):
            // Before a tile: its index among the other cells. Into its place: its index among
            // all cells, the placeholder included, so that it lands after a tile that follows.
            let held = drag.held
            guard !held.contains(item) else { return nil }
            let countsPlaceholder = move == .slotOf(item)
            for section in sections {
                var index = 0
                var placeholderCounted = false
                for cell in section.cells {
                    if cell.id == item { return Position(section: section.id, index: index) }
                    if !held.contains(cell.id) {
                        index += 1
                    } else if countsPlaceholder && !placeholderCounted {
                        index += 1
                        placeholderCounted = true
                    }
                }
            }
            return nil
        case .endOf(let id):
            guard let at = sections.firstIndex(where: { $0.id == id }) else { return nil }
            return Position(section: id, index: Self.others(in: sections[at], holding: drag.held))
        case .section(let index):
            guard sections.indices.contains(index) else { return nil }
            let count = Self.others(in: sections[index], holding: drag.held)
            return Position(section: sections[index].id, index: min(drag.to.index, count))
        case .step(let direction):
            return step(direction, from: drag, in: sections)
        }
    }

    /// How many cells of `section` are not the held tiles' placeholders.
    private static func others(in section: ViewSection, holding held: [ItemID]) -> Int {
        var count = 0
        for cell in section.cells where !held.contains(cell.id) { count += 1 }
        return count
    }

    /// One arrow key's step of the placeholder in the shell's arrangement.
    private func step(_ direction: BoardDirection, from drag: LocalDrag, in sections: [ViewSection]) -> Position? {
        guard let at = sections.firstIndex(where: { $0.id == drag.to.section }) else { return nil }
        let index = drag.to.index
        let count = Self.others(in: sections[at], holding: drag.held)
        /// The section `offset` places away and how many other cells it holds.
        func neighbour(_ offset: Int) -> (id: SectionID, count: Int)? {
            guard sections.indices.contains(at + offset) else { return nil }
            return (sections[at + offset].id, Self.others(in: sections[at + offset], holding: drag.held))
        }
        switch (arrangement, direction) {
        case (.columns, .up):
            return index > 0 ? Position(section: drag.to.section, index: index - 1) : nil
        case (.columns, .down):
            return index < count ? Position(section: drag.to.section, index: index + 1) : nil
        case (.columns, .left), (.columns, .right):
            guard let next = neighbour(direction == .left ? -1 : 1) else { return nil }
            return Position(section: next.id, index: min(index, next.count))
        case (.rows, .left):
            if index > 0 { return Position(section: drag.to.section, index: index - 1) }
            return neighbour(-1).map { Position(section: $0.id, index: $0.count) }
        case (.rows, .right):
            if index < count { return Position(section: drag.to.section, index: index + 1) }
            return neighbour(1).map { Position(section: $0.id, index: 0) }
        case (.rows(let perRow), .up):
            let row = max(perRow, 1)
            if index >= row { return Position(section: drag.to.section, index: index - row) }
            return neighbour(-1).map {
                Position(section: $0.id, index: min($0.count / row * row + index % row, $0.count))
            }
        case (.rows(let perRow), .down):
            let row = max(perRow, 1)
            if index + row <= count { return Position(section: drag.to.section, index: index + row) }
            return neighbour(1).map { Position(section: $0.id, index: min(index % row, $0.count)) }
        }
    }
}
