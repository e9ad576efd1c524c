import BoardSync
import TerminalUI

extension AppModel {
    /// Changes per history page the panel asks for.
    static let historyPageSize = 50

    /// `H`: the panel of recent changes, from the newest page on.
    mutating func openHistory(into commands: inout [AppCommand]) {
        history = HistoryPanel()
        commands.append(.fetch(.history(board: machine.boardID, before: nil, limit: Self.historyPageSize)))
    }

    /// A key while the history panel is open (and no earlier board is shown).
    mutating func browseHistory(_ key: KeyEvent, into commands: inout [AppCommand]) {
        guard var panel = history else { return }
        let page = max(1, historyRows - 1)
        switch key.key {
        case .up, .character("k"): panel.selected -= 1
        case .down, .character("j"): panel.selected += 1
        case .pageUp: panel.selected -= page
        case .pageDown: panel.selected += page
        case .home: panel.selected = 0
        case .end: panel.selected = panel.lines.count - 1
        case .escape, .character("H"):
            history = nil
            return
        case .character("q"):
            quit(into: &commands)
            return
        case .enter:
            if panel.lines.indices.contains(panel.selected) {
                let version = panel.lines[panel.selected].version
                panel.opening = version
                commands.append(.fetch(.board(machine.boardID, version: version)))
            }
        default: break
        }
        panel.selected = max(0, min(panel.selected, panel.lines.count - 1))
        history = panel
        keepHistorySelectionVisible()
        fetchOlderHistoryIfNeeded(into: &commands)
    }

    /// A key while an earlier version of the board is shown: scrolling, `r` to restore it (after
    /// a y/n question naming what changes), Esc back to the panel.
    mutating func browsePast(_ key: KeyEvent, into commands: inout [AppCommand]) {
        guard var shown = past else { return }
        if shown.restoreQuestion != nil {
            shown.restoreQuestion = nil
            past = shown
            if key.key == .character("y") || key.key == .character("Y") {
                past = nil
                history = nil
                run(.restore(shown.board, version: shown.board.version), into: &commands)
            }
            return
        }
        if key.key == .character("r") {
            askToRestore(&shown, into: &commands)
            past = shown
            return
        }
        let shownLayout = BoardLayout(view: BoardView(board: shown.board), width: size.width, metrics: metrics)
        let height = shownLayout.contentHeight
        switch key.key {
        case .up, .character("k"): shown.scroll -= shownLayout.grid.height
        case .down, .character("j"): shown.scroll += shownLayout.grid.height
        case .pageUp: shown.scroll -= boardArea.height
        case .pageDown: shown.scroll += boardArea.height
        case .escape, .backspace:
            past = nil
            return
        case .character("q"):
            quit(into: &commands)
            return
        default: break
        }
        shown.scroll = max(0, min(shown.scroll, height - boardArea.height))
        past = shown
    }

    /// Asks whether to put the board back as `shown` has it, naming what would change; says why
    /// not for a viewer or when nothing would.
    private mutating func askToRestore(_ shown: inout PastBoard, into commands: inout [AppCommand]) {
        let question = session.restoreQuestion(to: shown.board)
        if question.canRestore {
            shown.restoreQuestion = question.text
        } else {
            post(question.text, into: &commands)
        }
    }

    /// The rows of the panel's list on screen (below its heading).
    var historyRows: Int { max(1, boardArea.height - 1) }

    mutating func keepHistorySelectionVisible() {
        guard var panel = history else { return }
        if panel.selected < panel.scroll { panel.scroll = panel.selected }
        if panel.selected >= panel.scroll + historyRows { panel.scroll = panel.selected - historyRows + 1 }
        panel.scroll = max(0, min(panel.scroll, max(0, panel.lines.count + 1 - historyRows)))
        history = panel
    }

    /// Asks for the next older page once the chosen line is near the oldest one listed.
    mutating func fetchOlderHistoryIfNeeded(into commands: inout [AppCommand]) {
        guard var panel = history, !panel.loading, !panel.complete, let oldest = panel.oldestVersion,
            panel.selected >= panel.lines.count - 3
        else { return }
        guard oldest > 1 else {
            panel.complete = true
            history = panel
            return
        }
        panel.loading = true
        history = panel
        commands.append(.fetch(.history(board: machine.boardID, before: oldest, limit: Self.historyPageSize)))
    }

    /// A page of the history arrived: its changes are listed at once, in words naming things as
    /// the board has them now, and the board just before its oldest change is asked for, to name
    /// each change as it was made.
    mutating func receivedHistory(
        _ result: FetchResult, before: Int?, limit: Int, into commands: inout [AppCommand]
    ) {
        guard var panel = history else { return }
        panel.loading = false
        switch result {
        case .answered(200, let body):
            guard let page = try? WireCodec.decodeHistory(body) else {
                panel.problem = "the server's history could not be read"
                break
            }
            panel.problem = nil
            let entries = page.entries
            panel.merge(
                OpDescription.changes(panel.withListedMembers(entries), startingFrom: machine.committed?.board),
                newest: before == nil)
            if entries.count < limit || entries.last?.version == 1 { panel.complete = true }
            if let oldest = entries.map(\.version).min() {
                panel.awaitingWords[oldest - 1] = entries
                commands.append(.fetch(.board(machine.boardID, version: oldest - 1)))
            }
        case .answered(let status, _):
            panel.problem = "the server answered the history with HTTP \(status)"
        case .failed(let reason):
            panel.problem = reason
        }
        history = panel
        keepHistorySelectionVisible()
        fetchOlderHistoryIfNeeded(into: &commands)
    }

    /// A board as it was arrived: the words of a page that waited for it, or the board asked for
    /// with Enter, shown read-only.
    mutating func receivedPastBoard(_ result: FetchResult, version: Int, into commands: inout [AppCommand]) {
        guard var panel = history else { return }
        let board: Board? =
            if case .answered(200, let body) = result { try? WireCodec.decodeBoard(body) } else { nil }
        if let entries = panel.awaitingWords.removeValue(forKey: version), let board {
            panel.reword(OpDescription.changes(panel.withListedMembers(entries), startingFrom: board))
        }
        if panel.opening == version {
            panel.opening = nil
            if let board, let line = panel.lines.first(where: { $0.version == version }),
                let at = line.entry.committedAt
            {
                past = PastBoard(board: board, at: at, change: line.text)
            } else if case .answered(404, _) = result {
                post("v\(version) is no longer retained by the server", into: &commands)
            } else if case .failed(let reason) = result {
                post(reason, into: &commands)
            } else {
                post("the board at v\(version) could not be read", into: &commands)
            }
        }
        history = panel
    }

    /// The changes a server message commits, for the open panel: an `op`, the `ack` of this
    /// client's own edit, the ops of a catch-up welcome. A welcome with a whole board (after a
    /// long disconnection) asks for the newest page again instead.
    mutating func listCommitted(
        _ message: ServerMessage, after version: Int, on board: Board?, into commands: inout [AppCommand]
    ) {
        guard var panel = history else { return }
        let at = wallClock.time(at: now)
        var entries: [SequencedOp] = []
        switch message {
        case .op(var op) where op.version > version:
            op.committedAt = at
            entries = [op]
        case .ack(let ack) where ack.version > version:
            if let op = ack.op {
                entries = [
                    SequencedOp(
                        version: ack.version, client: machine.clientID, user: machine.user, seq: ack.seq, op: op,
                        committedAt: at)
                ]
            }
        case .welcome(let welcome):
            switch welcome.state {
            case .ops(let ops):
                entries = ops.filter { $0.version > version }.map { op in
                    var entry = op
                    entry.committedAt = at
                    return entry
                }
            case .board(let snapshot) where snapshot.version > version:
                panel.loading = true
                commands.append(.fetch(.history(board: machine.boardID, before: nil, limit: Self.historyPageSize)))
            default: break
            }
        default: break
        }
        guard !entries.isEmpty || panel.loading else { return }
        panel.merge(OpDescription.changes(panel.withListedMembers(entries), startingFrom: board), newest: true)
        history = panel
        keepHistorySelectionVisible()
    }
}
