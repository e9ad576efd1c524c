import BoardSync
import TerminalUI

extension AppModel {
    /// The section the cursor is in, or on when the section is empty.
    public var cursorSection: SectionID? {
        switch cursor {
        case .emptySection(let section)?: return layout.emptySlots[section] != nil ? section : nil
        case .tile(let item)?: return machine.view.sections.first { $0.cells.contains { $0.id == item } }?.id
        case nil: return nil
        }
    }

    /// The cursor's stop as an item's id; it names one when the cursor is on a tile.
    var cursorItem: ItemID? { cursor?.item }

    /// `E`: edit the title of the section under the cursor.
    mutating func startRenamingSection(into commands: inout [AppCommand]) {
        guard requireEditor(into: &commands), let id = cursorSection,
            let index = machine.optimistic?.board.index(ofSection: id),
            let section = machine.optimistic?.board.sections[index]
        else { return }
        startEditing(.renameSection(id), text: section.title)
    }

    /// `<` and `>`: move the section under the cursor one place left (up) or right (down).
    mutating func moveCursorSection(by offset: Int, into commands: inout [AppCommand]) {
        guard requireEditor(into: &commands), let id = cursorSection, let board = machine.optimistic?.board,
            let index = board.index(ofSection: id)
        else { return }
        let target = index + offset
        guard board.sections.indices.contains(target) else {
            post(
                "“\(board.sections[index].title)” is already the \(offset < 0 ? "first" : "last") section",
                into: &commands)
            return
        }
        run(.moveSection(id, to: target), into: &commands)
    }

    /// `D`: ask whether to delete the section under the cursor.
    mutating func askToDeleteSection(into commands: inout [AppCommand]) {
        guard requireEditor(into: &commands), let id = cursorSection, machine.optimistic?.isLive(section: id) == true
        else { return }
        mode = .confirmingSectionDelete(section: id)
    }

    mutating func confirmSectionDelete(_ section: SectionID, _ key: KeyEvent, into commands: inout [AppCommand]) {
        mode = .browsing
        if key.key == .character("y") || key.key == .character("Y") {
            run(.deleteSection(section), into: &commands)
        }
    }

}
