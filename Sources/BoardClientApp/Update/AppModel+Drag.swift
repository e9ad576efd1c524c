import BoardSync
import TerminalUI

extension AppModel {
    /// Where the held item's placeholder goes for an arrow key, as a `dragOver` position (index
    /// counted without the item). Left and right step through reading order and across section
    /// ends; up and down take the slot of the tile above or below.
    func placeholderTarget(for item: ItemID, _ direction: Direction) -> Position? {
        let sections = machine.view.sections
        guard let s = sections.firstIndex(where: { $0.cells.contains { $0.id == item } }),
            let i = sections[s].cells.firstIndex(where: { $0.id == item })
        else { return nil }
        switch direction {
        case .left:
            if i > 0 { return Position(section: sections[s].id, index: i - 1) }
            guard s > 0 else { return nil }
            return Position(section: sections[s - 1].id, index: sections[s - 1].cells.count)
        case .right:
            if i + 1 < sections[s].cells.count { return Position(section: sections[s].id, index: i + 1) }
            guard s + 1 < sections.count else { return nil }
            return Position(section: sections[s + 1].id, index: 0)
        case .up, .down:
            guard let neighbor = layout.neighbor(of: item.rawValue, direction) else { return nil }
            return slot(of: neighbor)
        }
    }

    /// The `dragOver` position that puts the held item where the cell `id` is now: its index in
    /// the view (which holds the placeholder), so the item lands in that cell's slot.
    func slot(of id: String) -> Position? {
        for section in machine.view.sections {
            if let index = section.cells.firstIndex(where: { $0.id.rawValue == id }) {
                return Position(section: section.id, index: index)
            }
        }
        let section = SectionID(id)
        return layout.emptySlots[section] != nil ? Position(section: section, index: 0) : nil
    }

    /// A screen point in content coordinates.
    func contentPoint(_ x: Int, _ y: Int) -> Point {
        Point(x: x, y: y - boardArea.y + scroll)
    }

    mutating func handle(_ mouse: MouseEvent, into commands: inout [AppCommand]) {
        switch mouse.action {
        case .press(.left):
            guard case .browsing = mode, !showHelp, boardArea.contains(x: mouse.x, y: mouse.y) else { return }
            let point = contentPoint(mouse.x, mouse.y)
            guard let id = layout.cell(at: point), let rect = layout.tiles[id] else { return }
            cursor = id.rawValue
            guard requireEditor(into: &commands) else { return }
            apply(machine.beginDrag(item: id), into: &commands)
            if machine.localDrag?.item == id {
                mode = .holdingWithMouse(
                    item: id, pointer: Point(x: mouse.x, y: mouse.y),
                    grab: Point(x: point.x - rect.x, y: point.y - rect.y))
            }
        case .drag(.left):
            guard case .holdingWithMouse(let item, _, let grab) = mode else { return }
            mode = .holdingWithMouse(item: item, pointer: Point(x: mouse.x, y: mouse.y), grab: grab)
            if let target = pointerTarget(for: item, at: contentPoint(mouse.x, mouse.y)),
                target != machine.localDrag?.to
            {
                apply(machine.dragOver(to: target, now: now), into: &commands)
            }
        case .release:
            guard case .holdingWithMouse = mode else { return }
            mode = .browsing
            apply(machine.drop(), into: &commands)
        case .scrollUp:
            scroll = max(0, scroll - 3)
        case .scrollDown:
            scroll = max(0, min(scroll + 3, layout.contentHeight - boardArea.height))
        default:
            break
        }
    }

    /// The placeholder position for the pointer at a content point: the slot of the tile under
    /// it, or the end of the section whose rows it is in.
    func pointerTarget(for item: ItemID, at point: Point) -> Position? {
        if let id = layout.cell(at: point) {
            return id == item ? nil : slot(of: id.rawValue)
        }
        guard let frame = layout.section(atRow: point.y),
            let section = machine.view.sections.first(where: { $0.id == frame.id })
        else { return nil }
        let count = section.cells.filter { $0.id != item }.count
        return Position(section: section.id, index: count)
    }
}
