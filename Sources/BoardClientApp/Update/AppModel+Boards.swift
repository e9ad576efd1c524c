import BoardSync
import TerminalUI

extension AppModel {
    /// What the shell does first: connect to the board, or fetch the list of boards for the picker.
    public mutating func start(now: Double) -> [AppCommand] {
        self.now = now
        if picker != nil { return [.fetch(.boards), .requestFrame] }
        var commands: [AppCommand] = []
        run(.start, into: &commands)
        return commands + [.requestFrame]
    }

    /// `b`: back to the list of boards (refreshed), with this board chosen. Refused while edits
    /// are still unacknowledged, which leaving would lose.
    mutating func backToPicker(into commands: inout [AppCommand]) {
        let pending = machine.pendingCount
        guard pending == 0 else {
            post("\(pending) edit\(pending == 1 ? " is" : "s are") not saved yet; wait a moment", into: &commands)
            return
        }
        showPicker(preferring: boardName, into: &commands)
    }

    /// Leaves the board for the refreshed list of boards, with `preferred` chosen.
    private mutating func showPicker(preferring preferred: BoardName?, into commands: inout [AppCommand]) {
        var picker = BoardPicker()
        picker.preferred = preferred
        self.picker = picker
        history = nil
        past = nil
        mode = .browsing
        showHelp = false
        commands.append(.leaveBoard)
        commands.append(.fetch(.boards))
    }

    /// The board was deleted (closed with 4410): back to the refreshed list of boards, whatever
    /// was not sent yet; the session's words saying so stay on the bottom line.
    mutating func leaveDeletedBoard(into commands: inout [AppCommand]) {
        showPicker(preferring: nil, into: &commands)
    }

    /// Opens board `name` from the picker: a new client machine for it, and a connection.
    mutating func open(board name: BoardName, into commands: inout [AppCommand]) {
        session = ClientSession(
            board: name, user: machine.user, client: machine.clientID, seed: session.makeSeed(),
            limits: machine.limits, arrangement: session.arrangement)
        boardName = name
        picker = nil
        history = nil
        past = nil
        mode = .browsing
        showHelp = false
        cursor = nil
        cursorIndex = 0
        scroll = 0
        notices = []
        animator = TileAnimator(animates: animator.animates)
        shownView = BoardView()
        layout = BoardLayout(view: BoardView(), width: size.width, metrics: metrics)
        commands.append(.openBoard(name))
        run(.start, into: &commands)
    }

    /// A key while the picker shows.
    mutating func pick(_ key: KeyEvent, into commands: inout [AppCommand]) {
        guard var picker else { return }
        if let board = picker.confirmingDelete {
            answerDelete(of: board, key, picker: &picker, into: &commands)
            self.picker = picker
            return
        }
        if picker.showsTrash {
            pickFromTrash(key, picker: &picker, into: &commands)
            self.picker = picker
            return
        }
        switch key.key {
        case .delete:
            if case .board(let board) = picker.selectedRow { picker.confirmingDelete = board }
        case .tab:
            picker.showsTrash = true
            commands.append(.fetch(.trash))
        case .up: picker.move(by: -1)
        case .down: picker.move(by: 1)
        case .pageUp: picker.move(by: -max(1, boardArea.height - 3))
        case .pageDown: picker.move(by: max(1, boardArea.height - 3))
        case .escape: picker.clear()
        case .backspace: picker.deleteBackward()
        case .enter:
            if let row = picker.selectedRow {
                open(board: row.name, into: &commands)
                return
            }
        case .character("r") where key.modifiers.contains(.control):
            commands.append(.fetch(.boards))
        case .character("u") where key.modifiers.contains(.control),
            .character("w") where key.modifiers.contains(.control):
            // As in a shell: the typed name is one word, so both clear it.
            picker.clear()
        case .character("q") where picker.typed.isEmpty:
            quit(into: &commands)
        case .character(let character) where key.modifiers.isDisjoint(with: [.control, .alt]):
            if BoardPicker.isNameCharacter(character) {
                picker.type(character)
            } else {
                post("board names are letters, digits, “.”, “_” and “-”", into: &commands)
            }
        default: break
        }
        self.picker = picker
        keepPickerSelectionVisible()
    }

    /// y deletes the board the question names, any other key keeps it.
    private mutating func answerDelete(
        of board: BoardSummary, _ key: KeyEvent, picker: inout BoardPicker, into commands: inout [AppCommand]
    ) {
        picker.confirmingDelete = nil
        if key.key == .character("y") || key.key == .character("Y") {
            commands.append(.fetch(.deleteBoard(board.id)))
        } else {
            post("board “\(board.id)” was not deleted", into: &commands)
        }
    }

    /// A key while the trash shows: the arrows choose, Enter restores, Tab or Escape go back.
    private mutating func pickFromTrash(_ key: KeyEvent, picker: inout BoardPicker, into commands: inout [AppCommand]) {
        let count = picker.trash?.count ?? 0
        switch key.key {
        case .up: picker.trashSelected = max(0, picker.trashSelected - 1)
        case .down: picker.trashSelected = max(0, min(picker.trashSelected + 1, count - 1))
        case .tab, .escape:
            picker.showsTrash = false
            commands.append(.fetch(.boards))
        case .enter:
            if let chosen = picker.selectedTrash {
                commands.append(.fetch(.restoreBoard(chosen.id, deleted: chosen.deleted)))
            }
        case .character("r") where key.modifiers.contains(.control):
            commands.append(.fetch(.trash))
        case .character("q"):
            quit(into: &commands)
        default: break
        }
    }

    /// The answer to a delete, a restore or the trash list asked from the picker.
    mutating func receivedTrashChange(_ fetch: AppFetch, _ result: FetchResult, into commands: inout [AppCommand]) {
        guard var picker else { return }
        switch (fetch, result) {
        case (.trash, .answered(200, let body)):
            if let trashed = try? WireCodec.decodeTrashList(body) {
                picker.listTrash(trashed)
            } else {
                post("the server's trash could not be read", into: &commands)
            }
        case (.deleteBoard(let name), .answered(204, _)):
            post(SessionWords.boardDeleted(name), into: &commands)
            commands.append(.fetch(.boards))
        case (.restoreBoard(let name, _), .answered(204, _)):
            let tiles = picker.selectedTrash?.items ?? 0
            post(SessionWords.boardRestored(name, tiles: tiles), into: &commands)
            commands.append(.fetch(.trash))
        case (.restoreBoard(let name, _), .answered(409, _)):
            post(SessionWords.restoreNameTaken(name), into: &commands)
        case (_, .answered(let status, let body)):
            let reason = (try? WireCodec.decodeRefusal(body)).flatMap(\.message)
            post(reason ?? "the server answered HTTP \(status)", into: &commands)
        case (_, .failed(let reason)):
            post(reason, into: &commands)
        }
        self.picker = picker
    }

    /// The rows of the picker's list on screen (below its heading).
    var pickerRows: Int { max(1, boardArea.height - 3) }

    mutating func keepPickerSelectionVisible() {
        guard var picker else { return }
        if picker.selected < picker.scroll { picker.scroll = picker.selected }
        if picker.selected >= picker.scroll + pickerRows { picker.scroll = picker.selected - pickerRows + 1 }
        self.picker = picker
    }

    /// The answer to `GET /boards`.
    mutating func receivedBoards(_ result: FetchResult, into commands: inout [AppCommand]) {
        guard var picker else { return }
        switch result {
        case .answered(200, let body):
            if let boards = try? WireCodec.decodeBoardList(body) {
                picker.list(boards)
            } else {
                picker.problem = "the server's list of boards could not be read"
            }
        case .answered(let status, _):
            picker.problem =
                status == 401 || status == 403
                ? "the server refused the list of boards (HTTP \(status)); check --token"
                : "the server answered the list of boards with HTTP \(status)"
        case .failed(let reason):
            picker.problem = reason
        }
        if picker.boards == nil, picker.problem != nil { picker.boards = [] }
        self.picker = picker
        keepPickerSelectionVisible()
    }
}
