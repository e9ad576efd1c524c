import BoardSync
import TerminalUI

extension AppModel {
    /// How long a notice stays on the bottom line.
    public static let noticeDuration = 4.0

    /// Handles one message at clock reading `now` (seconds) and returns what the shell must do.
    /// Pure: no I/O, no clock, no global randomness.
    public mutating func update(_ message: AppMessage, now: Double) -> [AppCommand] {
        self.now = now
        var commands: [AppCommand] = []
        switch message {
        case .input(let event):
            handle(event, into: &commands)
            commands.append(.requestFrame)
        case .server(let serverMessage):
            guard picker == nil else { break }
            let versionBefore = machine.version
            let boardBefore = machine.committed?.board
            run(.received(serverMessage), into: &commands)
            listCommitted(serverMessage, after: versionBefore, on: boardBefore, into: &commands)
            commands.append(.requestFrame)
        case .connectionOpened:
            guard picker == nil else { break }
            run(.opened, into: &commands)
            commands.append(.requestFrame)
        case .connectionClosed(let code, let reason):
            guard picker == nil else { break }
            run(.closed(code: code, reason: reason), into: &commands)
            if code == ReconnectPolicy.boardDeletedCode { leaveDeletedBoard(into: &commands) }
            commands.append(.requestFrame)
        case .connectionFailed(let failure):
            guard picker == nil else { break }
            run(.failed(failure), into: &commands)
            commands.append(.requestFrame)
        case .frame:
            animator.prune(at: now)
            if animator.isAnimating(at: now) { commands.append(.requestFrame) }
        case .resize(let newSize):
            size = newSize
            viewChanged(into: &commands)
            commands.append(.requestFrame)
        case .tick:
            tick(into: &commands)
        case .fetched(let fetch, let result):
            switch fetch {
            case .boards:
                receivedBoards(result, into: &commands)
            case .trash, .deleteBoard, .restoreBoard:
                receivedTrashChange(fetch, result, into: &commands)
            case .history(let board, let before, let limit) where board == boardName && picker == nil:
                receivedHistory(result, before: before, limit: limit, into: &commands)
            case .board(let board, let version?) where board == boardName && picker == nil:
                receivedPastBoard(result, version: version, into: &commands)
            default:
                break
            }
            commands.append(.requestFrame)
        }
        return commands
    }

    private mutating func tick(into commands: inout [AppCommand]) {
        run(.tick, into: &commands)
        let before = notices.count
        notices.removeAll { $0.expires <= now }
        if notices.count != before { commands.append(.requestFrame) }
        if animator.hasEndedMarks(at: now) {
            animator.prune(at: now)
            commands.append(.requestFrame)
        }
        if case .waiting(let until, _) = session.connection, until > now {
            commands.append(.scheduleTick(at: min(until, now + 1)))
            commands.append(.requestFrame)
        }
    }

    /// Hands the session an event and carries out its answer.
    mutating func run(_ event: SessionEvent, into commands: inout [AppCommand]) {
        apply(session.handle(event, now: now), into: &commands)
    }

    /// Hands the session a person's intent and carries out its answer.
    mutating func run(_ intent: ClientIntent, into commands: inout [AppCommand]) {
        run(.intent(intent), into: &commands)
    }

    /// Carries out what the session asked for and follows the view it produced.
    mutating func apply(_ step: SessionStep, into commands: inout [AppCommand]) {
        if step.reconnect { commands.append(.disconnect) }
        commands.append(contentsOf: step.send.map(AppCommand.send))
        for notice in step.notices where notice.isShown { post(notice.text, into: &commands) }
        if let stopped = step.stopped { post(stopped, into: &commands) }
        if let delay = step.connectAfter {
            commands.append(.connect(after: delay))
            if delay > 0 { commands.append(.scheduleTick(at: now + min(1, delay))) }
        }
        if let delay = step.tickAfter { commands.append(.scheduleTick(at: now + delay)) }
        if let problem = step.problem { lastProblem = problem }
        if let edit = step.edit { follow(edit) }
        if let held = heldItem, machine.localDrag?.held.contains(held) != true { mode = .browsing }
        viewChanged(batch: step.batch, plan: step.plan, into: &commands)
    }

    mutating func post(_ text: String, into commands: inout [AppCommand]) {
        let expires = now + Self.noticeDuration
        notices.append(TransientNotice(text: text, expires: expires))
        if notices.count > 3 { notices.removeFirst(notices.count - 3) }
        commands.append(.scheduleTick(at: expires))
    }

    /// Re-flows the layout for the session's view, plays the animation plan of the change that
    /// led there (the first board shown appears at once), keeps the cursor on an existing tile
    /// and in sight, and tells the session how many tiles a row holds (for the arrow keys).
    mutating func viewChanged(
        batch: UpdateBatch? = nil, plan: AnimationPlan? = nil, into commands: inout [AppCommand]
    ) {
        let view = machine.view
        let changed = batch != nil || view != shownView
        if changed || layout.width != size.width {
            let next = BoardLayout(view: view, width: size.width, metrics: metrics)
            if let plan, shownView != view {
                if let end = animator.play(plan, from: shownView, layout, to: next, at: now) {
                    commands.append(.scheduleTick(at: end))
                }
            } else if changed || next != layout {
                animator.play(nil, from: shownView, layout, to: next, at: now)
            }
            layout = next
            shownView = view
        }
        let arrangement = BoardArrangement.rows(tilesPerRow: layout.grid.perRow)
        if session.arrangement != arrangement { _ = session.handle(.intent(.arrange(arrangement)), now: now) }
        if let held = heldItem { cursor = .tile(held) }
        if let cursor, let index = layout.order.firstIndex(of: cursor) {
            cursorIndex = index
        } else {
            cursor = layout.order.isEmpty ? nil : layout.order[min(cursorIndex, layout.order.count - 1)]
        }
        keepCursorVisible()
        if animator.isAnimating(at: now) { commands.append(.requestFrame) }
    }

    var isMouseDragging: Bool {
        if case .holdingWithMouse = mode { return true }
        return false
    }

    mutating func keepCursorVisible() {
        let visible = boardArea.height
        if !isMouseDragging, let cursor, let rect = layout.stop(cursor) {
            if rect.y - 1 < scroll { scroll = max(0, rect.y - 1) }
            if rect.bottom > scroll + visible { scroll = rect.bottom - visible }
        }
        scroll = max(0, min(scroll, layout.contentHeight - visible))
    }
}
