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
            if case .welcome = serverMessage {
                connection = .connected
                connectionProblem = nil
                reconnectAttempts = 0
            }
            let versionBefore = machine.version
            let boardBefore = machine.committed?.board
            apply(machine.receive(serverMessage), into: &commands)
            listCommitted(serverMessage, after: versionBefore, on: boardBefore, into: &commands)
            commands.append(.requestFrame)
        case .connectionOpened:
            guard picker == nil else { break }
            connection = .connecting
            apply(machine.connectionOpened(), into: &commands)
            commands.append(.requestFrame)
        case .connectionClosed, .connectionFailed:
            guard picker == nil else { break }
            if case .connectionFailed(let problem) = message { connectionProblem = problem }
            apply(machine.connectionClosed(), into: &commands)
            reconnectAttempts += 1
            let jitter = Double(random.next() % 1_000_000) / 1_000_000
            let delay = Backoff.delay(attempt: reconnectAttempts, jitter: jitter)
            connection = .reconnecting(at: now + delay)
            commands.append(.connect(after: delay))
            commands.append(.scheduleTick(at: now + min(1, delay)))
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
        apply(machine.tick(now: now), into: &commands)
        if machine.hasUnsentDragPosition {
            commands.append(.scheduleTick(at: now + ClientMachine.dragSendInterval))
        }
        let before = notices.count
        notices.removeAll { $0.expires <= now }
        if notices.count != before { commands.append(.requestFrame) }
        if animator.hasEndedMarks(at: now) {
            animator.prune(at: now)
            commands.append(.requestFrame)
        }
        if case .reconnecting(let at) = connection, at > now {
            commands.append(.scheduleTick(at: min(at, now + 1)))
            commands.append(.requestFrame)
        }
    }

    /// Carries out what the client machine asked for and follows the view it produced.
    mutating func apply(_ output: ClientOutput, into commands: inout [AppCommand]) {
        commands.append(contentsOf: output.send.map(AppCommand.send))
        for notice in output.notices { show(notice, into: &commands) }
        if output.reconnect { commands.append(.disconnect) }
        if machine.hasUnsentDragPosition {
            commands.append(.scheduleTick(at: now + ClientMachine.dragSendInterval))
        }
        if let held = heldItem, machine.localDrag?.item != held { mode = .browsing }
        viewChanged(batch: output.batch, cause: output.cause, into: &commands)
    }

    /// Puts a notice on screen (or the status line, for remote actions).
    mutating func show(_ notice: ClientNotice, into commands: inout [AppCommand]) {
        switch notice {
        case .remoteAction(let text):
            lastRemoteAction = text
        default:
            post(describe(notice), into: &commands)
        }
    }

    mutating func post(_ text: String, into commands: inout [AppCommand]) {
        let expires = now + Self.noticeDuration
        notices.append(TransientNotice(text: text, expires: expires))
        if notices.count > 3 { notices.removeFirst(notices.count - 3) }
        commands.append(.scheduleTick(at: expires))
    }

    func describe(_ notice: ClientNotice) -> String {
        notice.text { id in machine.optimistic?.board.item(id)?.label ?? shownLabel(of: id) ?? id.rawValue }
    }

    /// The label the cell `id` has on screen (for an item already gone from the board).
    func shownLabel(of id: ItemID) -> String? {
        for section in shownView.sections {
            if let cell = section.cells.first(where: { $0.id == id }) { return cell.label }
        }
        return nil
    }

    /// Re-flows the layout for the machine's view, plays the animation plan of the batch that
    /// led there (who caused it says whose colour marks it; the first board shown appears at
    /// once), keeps the cursor on an existing tile and in sight.
    mutating func viewChanged(
        batch: UpdateBatch? = nil, cause: ChangeCause? = nil, into commands: inout [AppCommand]
    ) {
        let view = machine.view
        let changed = batch != nil || view != shownView
        if changed || layout.width != size.width {
            let next = BoardLayout(view: view, width: size.width, metrics: metrics)
            if changed, !(shownView.sections.isEmpty && cause == nil) {
                let plan = try? AnimationPlan(
                    old: shownView, batch: batch ?? UpdateBatch.between(old: shownView, new: view), new: view,
                    cause: batch == nil ? nil : cause)
                if let end = animator.play(plan, from: shownView, layout, to: next, at: now) {
                    commands.append(.scheduleTick(at: end))
                }
            } else if changed || next != layout {
                animator.play(nil, from: shownView, layout, to: next, at: now)
            }
            layout = next
            shownView = view
        }
        if let held = heldItem { cursor = held.rawValue }
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
