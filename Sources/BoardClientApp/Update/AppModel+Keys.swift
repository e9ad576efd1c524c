import BoardSync
import TerminalUI

extension AppModel {
    func isQuitKey(_ key: KeyEvent) -> Bool {
        key.key == .character("c") && key.modifiers.contains(.control)
    }

    mutating func handle(_ event: InputEvent, into commands: inout [AppCommand]) {
        switch event {
        case .key(let key):
            if askingToQuit {
                answerQuit(key, into: &commands)
                return
            }
            if isQuitKey(key) {
                quit(into: &commands)
                return
            }
            if picker != nil {
                pick(key, into: &commands)
                return
            }
            if past != nil {
                browsePast(key, into: &commands)
                return
            }
            if history != nil, case .browsing = mode {
                browseHistory(key, into: &commands)
                return
            }
            switch mode {
            case .browsing: browse(key, into: &commands)
            case .holdingWithKeys(let item): hold(item, key, into: &commands)
            case .holdingWithMouse: if key.key == .escape { cancelDrag(into: &commands) }
            case .editing(let editor): edit(editor, key, into: &commands)
            case .confirmingDelete(let item): confirmDelete(item, key, into: &commands)
            case .confirmingMarkedDelete: confirmMarkedDelete(key, into: &commands)
            case .confirmingSectionDelete(let section): confirmSectionDelete(section, key, into: &commands)
            }
        case .mouse(let mouse):
            guard picker == nil, past == nil, history == nil else { return }
            handle(mouse, into: &commands)
        case .paste(let text):
            if picker != nil {
                for character in text { picker?.type(character) }
            } else if case .editing(var editor) = mode {
                editor.insert(text)
                editor.field.reveal(inField: editorField(editor).width)
                mode = .editing(editor)
            }
        }
    }

    static func direction(of key: Key) -> BoardDirection? {
        switch key {
        case .left, .character("h"): .left
        case .right, .character("l"): .right
        case .up, .character("k"): .up
        case .down, .character("j"): .down
        default: nil
        }
    }

    private mutating func browse(_ key: KeyEvent, into commands: inout [AppCommand]) {
        if showHelp {
            browseHelp(key, into: &commands)
            return
        }
        if let direction = Self.direction(of: key.key) {
            if let cursor, let next = layout.neighbor(of: cursor, direction) {
                self.cursor = next
            } else if cursor == nil {
                cursor = layout.order.first
            }
            viewChanged(into: &commands)
            return
        }
        if let target = pageTarget(of: key.key) {
            // A page key turns the page: the board scrolls as far as the cursor moves.
            if let from = cursor.flatMap(layout.stop), let to = layout.stop(target) { scroll += to.y - from.y }
            cursor = target
            viewChanged(into: &commands)
            return
        }
        switch key.key {
        case .character("q"): quit(into: &commands)
        case .character("?"):
            showHelp = true
            helpScroll = 0
        case .character(" "), .enter: pickUp(into: &commands)
        case .character("a"): startAdding(into: &commands)
        case .character("e"): startRenaming(into: &commands)
        case .character("d"):
            guard requireEditor(into: &commands) else { return }
            if session.selection.count > 1 {
                mode = .confirmingMarkedDelete(count: session.selection.count)
            } else if let cursor = cursorItem, machine.optimistic?.position(ofItem: cursor) != nil {
                mode = .confirmingDelete(item: cursor)
            }
        case .character("m"):
            guard let cursor = cursorItem else { return }
            run(.mark(cursor), into: &commands)
        case .character("M"):
            guard let cursor = cursorItem else { return }
            run(.markRun(to: cursor), into: &commands)
        case .escape:
            run(.clearMarks, into: &commands)
        case .character("S"):
            guard requireEditor(into: &commands) else { return }
            startEditing(.addSection)
        case .character("u"):
            guard requireEditor(into: &commands) else { return }
            run(.undo, into: &commands)
        case .character("U"):
            guard requireEditor(into: &commands) else { return }
            run(.redo, into: &commands)
        case .character("E"): startRenamingSection(into: &commands)
        case .character("<"): moveCursorSection(by: -1, into: &commands)
        case .character(">"): moveCursorSection(by: 1, into: &commands)
        case .character("D"): askToDeleteSection(into: &commands)
        case .character("H"): openHistory(into: &commands)
        case .character("b"): backToPicker(into: &commands)
        default: break
        }
    }

    /// The stop a page key (PgUp, PgDn, Home, End, g, G) moves the cursor to, if `key` is one.
    private func pageTarget(of key: Key) -> CursorStop? {
        switch key {
        case .home, .character("g"): return layout.order.first
        case .end, .character("G"): return layout.order.last
        case .pageUp, .pageDown:
            guard let cursor else { return layout.order.first }
            return layout.stop(from: cursor, movingRows: key == .pageUp ? -pageRows : pageRows)
        default: return nil
        }
    }

    /// A key while the help shows: scrolling, or closing it.
    private mutating func browseHelp(_ key: KeyEvent, into commands: inout [AppCommand]) {
        let page = max(1, HelpText.visibleRows(on: size) - 1)
        switch key.key {
        case .character("?"), .escape: showHelp = false
        case .character("q"): quit(into: &commands)
        case .up, .character("k"): helpScroll -= 1
        case .down, .character("j"): helpScroll += 1
        case .pageUp: helpScroll -= page
        case .pageDown, .character(" "): helpScroll += page
        case .home, .character("g"): helpScroll = 0
        case .end, .character("G"): helpScroll = .max
        default: break
        }
        helpScroll = max(0, min(helpScroll, HelpText.maximumScroll(on: size)))
    }

    /// Quits, or first asks when edits are not acknowledged yet (the core's question): they would
    /// be lost.
    mutating func quit(into commands: inout [AppCommand]) {
        if session.quitQuestion == nil {
            commands.append(.quit)
        } else {
            askingToQuit = true
        }
    }

    /// The answer to the question before quitting: y (or Ctrl-C again) quits, anything else
    /// stays.
    private mutating func answerQuit(_ key: KeyEvent, into commands: inout [AppCommand]) {
        askingToQuit = false
        if key.key == .character("y") || key.key == .character("Y") || isQuitKey(key) { commands.append(.quit) }
    }

    /// Opens the editor for `purpose`, starting with `text`, within the board's label limit; the
    /// session follows what it makes.
    mutating func startEditing(_ purpose: EditTarget, text: String = "") {
        var editor = LabelEditor(purpose: purpose, text: text, limit: machine.limits.maxTextLength)
        editor.field.reveal(inField: editorField(editor).width)
        mode = .editing(editor)
        _ = session.handle(.intent(.editing(purpose)), now: now)
    }

    /// Closes the editor (the session stops following it).
    mutating func stopEditing() {
        mode = .browsing
        _ = session.handle(.intent(.editing(nil)), now: now)
    }

    /// The session followed the open editor's target: someone deleted the tile or section it was
    /// about, and its text now makes a new tile or section, which the editor says.
    mutating func follow(_ edit: EditChange) {
        guard case .editing(var editor) = mode else { return }
        if let target = edit.target { editor.purpose = target }
        if let words = edit.words {
            editor.problem = words + (edit.target == nil ? " Esc drops it." : " Enter adds it, Esc drops it.")
        }
        editor.field.reveal(inField: editorField(editor).width)
        mode = .editing(editor)
    }

    /// True for an editor; for a viewer, posts the "view only" notice and returns false, so
    /// nothing that would change the board starts.
    mutating func requireEditor(into commands: inout [AppCommand]) -> Bool {
        if machine.role == .editor { return true }
        post(ClientNotice.viewOnly.text { $0.rawValue }, into: &commands)
        return false
    }

    private mutating func pickUp(into commands: inout [AppCommand]) {
        guard let cursor = cursorItem, requireEditor(into: &commands) else { return }
        run(.pickUp(cursor), into: &commands)
        if machine.localDrag?.held.contains(cursor) == true { mode = .holdingWithKeys(item: cursor) }
    }

    private mutating func startAdding(into commands: inout [AppCommand]) {
        guard requireEditor(into: &commands), let board = machine.optimistic?.board else { return }
        let place: InsertPlace
        if let cursor = cursorItem, board.position(ofItem: cursor) != nil {
            place = .after(cursor)
        } else if case .emptySection(let cursor)? = cursor, layout.emptySlots[cursor] != nil,
            board.index(ofSection: cursor) != nil
        {
            place = .endOf(cursor)
        } else if let first = board.sections.first {
            place = .endOf(first.id)
        } else {
            post("add a section first (S)", into: &commands)
            return
        }
        startEditing(.addItem(at: place))
    }

    private mutating func startRenaming(into commands: inout [AppCommand]) {
        guard requireEditor(into: &commands), let cursor = cursorItem, let item = machine.optimistic?.board.item(cursor)
        else {
            return
        }
        startEditing(.renameItem(cursor), text: item.label)
    }

    private mutating func hold(_ item: ItemID, _ key: KeyEvent, into commands: inout [AppCommand]) {
        if let direction = Self.direction(of: key.key) {
            run(.moveHeld(.step(direction)), into: &commands)
            return
        }
        switch key.key {
        case .character(" "), .enter:
            mode = .browsing
            run(.drop, into: &commands)
        case .escape:
            cancelDrag(into: &commands)
        case .character("q"):
            quit(into: &commands)
        default: break
        }
    }

    mutating func cancelDrag(into commands: inout [AppCommand]) {
        mode = .browsing
        run(.cancel, into: &commands)
    }

    private mutating func edit(_ editor: LabelEditor, _ key: KeyEvent, into commands: inout [AppCommand]) {
        var editor = editor
        switch key.key {
        case .escape:
            stopEditing()
            return
        case .enter:
            switch editor.validated(limit: machine.limits.maxTextLength) {
            case .failure(let problem):
                editor.problem = problem.words
            case .success(let text):
                stopEditing()
                commit(editor.purpose, text: text, into: &commands)
                return
            }
        default:
            editor.handle(key)
        }
        editor.field.reveal(inField: editorField(editor).width)
        mode = .editing(editor)
    }

    private mutating func commit(_ purpose: EditTarget, text: String, into commands: inout [AppCommand]) {
        switch purpose {
        case .addItem(let at):
            let id = ItemID(session.makeID())
            run(.insert(label: text, at: at, id: id), into: &commands)
            if layout.tiles[id] != nil {
                cursor = .tile(id)
                viewChanged(into: &commands)
            }
        case .renameItem(let item):
            run(.rename(item, label: text), into: &commands)
        case .addSection:
            let id = SectionID(session.makeID())
            run(.addSection(title: text, id: id), into: &commands)
            if layout.emptySlots[id] != nil {
                cursor = .emptySection(id)
                viewChanged(into: &commands)
            }
        case .renameSection(let section):
            run(.renameSection(section, title: text), into: &commands)
        }
    }

    private mutating func confirmDelete(_ item: ItemID, _ key: KeyEvent, into commands: inout [AppCommand]) {
        mode = .browsing
        if key.key == .character("y") || key.key == .character("Y") {
            run(.delete(item), into: &commands)
        }
    }

    private mutating func confirmMarkedDelete(_ key: KeyEvent, into commands: inout [AppCommand]) {
        mode = .browsing
        if key.key == .character("y") || key.key == .character("Y") {
            run(.deleteMarked, into: &commands)
        }
    }
}
