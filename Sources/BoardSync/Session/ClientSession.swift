/// One person's client of one board, everything a client does but I/O: the merge machine, the
/// reconnect policy, the clock of drag positions, notices and spoken sentences in words, the
/// animation plan of every change and where keys and pointers take a held tile. The terminal
/// client and the browser page are shells around it: they hand it `SessionEvent`s and carry out
/// the `SessionStep` it answers. No I/O, no clock, no randomness of its own: ids and reconnect
/// jitter come from a generator seeded by the shell.
public struct ClientSession: Sendable {
    public internal(set) var machine: ClientMachine
    public internal(set) var connection: SessionConnection = .idle
    /// How the shell lays the board out, for the arrow keys (`ClientIntent.arrange`).
    public internal(set) var arrangement: BoardArrangement
    /// The latest sentence said (`SessionStep.announcements`), for a status line.
    public internal(set) var lastAnnouncement: String?
    /// The latest of other people's changes in words ("bob moved Mail to Done").
    public internal(set) var lastRemoteAction: String?
    /// The tiles the person marked, to move or delete together.
    public internal(set) var selection = TileSelection()
    /// Whether the connection carries an access token (for the words of a refusal).
    public let usesToken: Bool
    /// Failed attempts since the last welcome, for the backoff.
    public internal(set) var reconnectAttempts = 0
    var random: IDGenerator
    /// What the shell was last asked to keep (`SessionStep.saveAfter`).
    var savedMark: SavedMark?
    /// What the person's open text field makes when confirmed (`ClientIntent.editing`).
    public internal(set) var openEdit: EditTarget?

    /// A session of `board` as `user`; `client` nil draws a client id from the seed
    /// (`prefix` + 16 hex digits).
    public init(
        board: BoardName, user: String, client: ClientID? = nil, clientPrefix: String = "", seed: UInt64,
        limits: Limits = .default, arrangement: BoardArrangement = .columns, usesToken: Bool = false
    ) {
        var random = IDGenerator(seed: seed)
        let id = client ?? ClientID(clientPrefix + random.makeID())
        self.init(
            machine: ClientMachine(clientID: id, user: user, boardID: board, limits: limits), random: random,
            arrangement: arrangement, usesToken: usesToken)
    }

    /// A session around `machine`, its ids and jitter drawn from `random`.
    init(machine: ClientMachine, random: IDGenerator, arrangement: BoardArrangement, usesToken: Bool) {
        self.machine = machine
        self.random = random
        self.arrangement = arrangement
        self.usesToken = usesToken
    }

    /// A fresh id from the session's generator, for a shell that names what it adds so that it
    /// can follow it (the terminal puts its cursor on a tile it just added).
    public mutating func makeID() -> String { random.makeID() }

    /// A seed drawn from the session's generator, for the session of another board.
    public mutating func makeSeed() -> UInt64 { random.next() }

    /// What the person sees: the optimistic board with every drag as a placeholder cell.
    public var view: BoardView { machine.view }

    /// What restoring `board` would change on the board the person sees now, to confirm it
    /// ("3 tiles move, 2 come back, 1 goes").
    public func restoreSummary(to board: Board) -> RestoreSummary {
        guard let state = machine.optimistic else { return RestoreSummary() }
        var counter = 0
        let ops = RestorePlan.ops(from: state, to: board) {
            counter += 1
            return "preview-\(counter)"
        }
        return RestoreSummary(of: ops, on: state)
    }

    /// Handles one event at clock reading `now` (seconds) and answers what the shell must do.
    public mutating func handle(_ event: SessionEvent, now: Double) -> SessionStep {
        var turn = SessionTurn(before: machine.view)
        switch event {
        case .start:
            connection = .connecting
            turn.step.connectAfter = 0
        case .intent(let intent):
            perform(intent, now: now, into: &turn)
        case .received(let message):
            if case .welcome = message {
                reconnectAttempts = 0
                connection = .live
            }
            take(machine.receive(message), into: &turn)
        case .opened:
            guard !isStopped else { break }
            connection = .connecting
            take(machine.connectionOpened(), into: &turn)
        case .closed(let code, let reason):
            closed(code: code, reason: reason, now: now, into: &turn)
        case .failed(let failure):
            failed(failure, now: now, into: &turn)
        case .tick:
            take(machine.tick(now: now), into: &turn)
            if case .waiting(let until, _) = connection, until <= now { connection = .connecting }
        }
        finish(&turn)
        return turn.step
    }

    /// Whether the session stopped connecting for good.
    public var isStopped: Bool {
        if case .stopped = connection { return true }
        return false
    }

    /// Takes what the machine asked for into the turn: messages, notices in words (each also
    /// said), the batch and its cause, a lost track of the server. Kept out of line: every event
    /// calls it, and the WebAssembly module would carry a copy at each call.
    @inline(never)
    mutating func take(_ output: ClientOutput, into turn: inout SessionTurn) {
        turn.step.send += output.send
        let board = machine.optimistic?.board
        let before = turn.before
        for notice in output.notices {
            let spoken = SessionNotice(
                notice: notice, text: notice.text { Self.label(of: $0, on: board, before: before) })
            turn.step.notices.append(spoken)
            turn.step.announcements.append(spoken.text)
            if case .remoteAction(let text) = notice { lastRemoteAction = text }
        }
        if let batch = output.batch {
            turn.batches.append(batch)
            turn.step.cause = output.cause
        }
        if output.reconnect { turn.step.reconnect = true }
    }

    /// Completes the turn's step: a connection that lost track starts again, one batch from the
    /// view before the event to the view after it with its plan, the timer of a held-back drag
    /// position, the latest sentence.
    private mutating func finish(_ turn: inout SessionTurn) {
        if turn.step.reconnect {
            take(machine.connectionClosed(), into: &turn)
            if !isStopped { connection = .connecting }
            turn.step.connectAfter = 0
        }
        let after = machine.view
        if turn.before != after {
            let batch =
                turn.batches.count == 1 ? turn.batches[0] : UpdateBatch.between(old: turn.before, new: after)
            turn.step.batch = batch
            if !turn.before.sections.isEmpty || turn.step.cause != nil {
                do {
                    turn.step.plan = try AnimationPlan(
                        old: turn.before, batch: batch, new: after, cause: turn.step.cause)
                } catch {
                    turn.step.problem = .planNotBuilt(error)
                }
            }
        } else {
            turn.step.cause = nil
        }
        if let board = machine.optimistic?.board, !selection.isEmpty { selection.keep(on: board) }
        if machine.hasUnsentDragPosition { turn.step.tickAfter = ClientMachine.dragSendInterval }
        followEdit(&turn)
        if let last = turn.step.announcements.last { lastAnnouncement = last }
        askToSave(&turn)
    }

    /// An item's label on the board the person sees, or in the view before the event (an item
    /// the event removed), or its id.
    func label(of id: ItemID, before: BoardView) -> String {
        Self.label(of: id, on: machine.optimistic?.board, before: before)
    }

    /// An item's label on `board`, or in the view `before`, or its id.
    static func label(of id: ItemID, on board: Board?, before: BoardView) -> String {
        if let label = board?.item(id)?.label { return label }
        for section in before.sections {
            if let cell = section.cells.first(where: { $0.id == id }) { return cell.label }
        }
        return id.rawValue
    }
}

/// A step being put together while the session handles one event.
struct SessionTurn {
    /// The view before the event: the old side of the step's batch and plan.
    let before: BoardView
    var step = SessionStep()
    /// The batches the machine produced during the event, in order.
    var batches: [UpdateBatch] = []
}
