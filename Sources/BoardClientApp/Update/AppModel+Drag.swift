import BoardSync
import TerminalUI

extension AppModel {
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
            cursor = .tile(id)
            guard requireEditor(into: &commands) else { return }
            run(.pickUp(id), into: &commands)
            if machine.localDrag?.held.contains(id) == true {
                mode = .holdingWithMouse(
                    item: id, pointer: Point(x: mouse.x, y: mouse.y),
                    grab: Point(x: point.x - rect.x, y: point.y - rect.y))
            }
        case .drag(.left):
            guard case .holdingWithMouse(let item, _, let grab) = mode else { return }
            mode = .holdingWithMouse(item: item, pointer: Point(x: mouse.x, y: mouse.y), grab: grab)
            if let target = pointerTarget(for: item, at: contentPoint(mouse.x, mouse.y)) {
                run(.moveHeld(target), into: &commands)
            }
        case .release:
            guard case .holdingWithMouse = mode else { return }
            mode = .browsing
            run(.drop, into: &commands)
        case .scrollUp:
            scroll = max(0, scroll - 3)
        case .scrollDown:
            scroll = max(0, min(scroll + 3, layout.contentHeight - boardArea.height))
        default:
            break
        }
    }

    /// Where the pointer at a content point takes the held tile: into the place of the tile
    /// under it, or the end of the section whose rows it is in.
    func pointerTarget(for item: ItemID, at point: Point) -> HeldMove? {
        if let id = layout.cell(at: point) {
            return machine.localDrag?.held.contains(id) == true || id == item ? nil : .slotOf(id)
        }
        return layout.section(atRow: point.y).map { .endOf($0.id) }
    }
}
