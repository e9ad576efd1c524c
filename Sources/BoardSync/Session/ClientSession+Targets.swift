extension ClientSession {
    /// Where `move` takes the held tile's placeholder, as a `dragOver` position (the index
    /// counted in the target section without the held tile); nil when it goes nowhere (past the
    /// first or last place, an unknown tile or section).
    @inline(never)
    func target(of move: HeldMove, for drag: LocalDrag) -> Position? {
        let sections = machine.view.sections
        /// The cells of a section other than the held tile's placeholder.
        func others(_ section: ViewSection) -> [ViewCell] {
            section.cells.filter { $0.id != drag.item }
        }
        switch move {
        case .to(let position):
            return position
        case .before(let item):
            guard item != drag.item, let section = sections.first(where: { others($0).contains { $0.id == item } }),
                let index = others(section).firstIndex(where: { $0.id == item })
            else { return nil }
            return Position(section: section.id, index: index)
        case .slotOf(let item):
            guard item != drag.item else { return nil }
            for section in sections {
                if let index = section.cells.firstIndex(where: { $0.id == item }) {
                    return Position(section: section.id, index: index)
                }
            }
            return nil
        case .endOf(let id):
            guard let section = sections.first(where: { $0.id == id }) else { return nil }
            return Position(section: id, index: others(section).count)
        case .section(let index):
            guard sections.indices.contains(index) else { return nil }
            return Position(section: sections[index].id, index: min(drag.to.index, others(sections[index]).count))
        case .step(let direction):
            return step(direction, from: drag, in: sections, others: others)
        }
    }

    /// One arrow key's step of the placeholder in the shell's arrangement.
    private func step(
        _ direction: BoardDirection, from drag: LocalDrag, in sections: [ViewSection],
        others: (ViewSection) -> [ViewCell]
    ) -> Position? {
        guard let at = sections.firstIndex(where: { $0.id == drag.to.section }) else { return nil }
        let index = drag.to.index
        let count = others(sections[at]).count
        func neighbour(_ offset: Int) -> Int? {
            sections.indices.contains(at + offset) ? at + offset : nil
        }
        switch (arrangement, direction) {
        case (.columns, .up):
            return index > 0 ? Position(section: drag.to.section, index: index - 1) : nil
        case (.columns, .down):
            return index < count ? Position(section: drag.to.section, index: index + 1) : nil
        case (.columns, .left), (.columns, .right):
            guard let next = neighbour(direction == .left ? -1 : 1) else { return nil }
            return Position(section: sections[next].id, index: min(index, others(sections[next]).count))
        case (.rows, .left):
            if index > 0 { return Position(section: drag.to.section, index: index - 1) }
            guard let previous = neighbour(-1) else { return nil }
            return Position(section: sections[previous].id, index: others(sections[previous]).count)
        case (.rows, .right):
            if index < count { return Position(section: drag.to.section, index: index + 1) }
            guard let next = neighbour(1) else { return nil }
            return Position(section: sections[next].id, index: 0)
        case (.rows(let perRow), .up):
            let row = max(perRow, 1)
            if index >= row { return Position(section: drag.to.section, index: index - row) }
            guard let previous = neighbour(-1) else { return nil }
            let total = others(sections[previous]).count
            let lastRow = total / row * row
            return Position(section: sections[previous].id, index: min(lastRow + index % row, total))
        case (.rows(let perRow), .down):
            let row = max(perRow, 1)
            if index + row <= count { return Position(section: drag.to.section, index: index + row) }
            guard let next = neighbour(1) else { return nil }
            return Position(section: sections[next].id, index: min(index % row, others(sections[next]).count))
        }
    }
}
