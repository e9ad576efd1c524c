import BoardSync

/// One board in a browser page: the core's `ClientMachine` driven with text, as the terminal
/// client's model drives it. The page passes in the server's messages (wire JSON), the person's
/// intents and the clock; every call answers a `BrowserStep` with the messages to send, the new
/// view and its update batch, and the status the page shows. No I/O, no clock, no randomness:
/// ids and reconnect jitter come from a generator seeded by the page.
public struct BrowserSession: Sendable {
    public private(set) var machine: ClientMachine
    /// The latest remote action in words, until the next one.
    public private(set) var lastRemoteAction: String?
    /// Failed connections since the last welcome, for the backoff.
    public private(set) var reconnectAttempts = 0
    private var random: IDGenerator
    private let views: SessionParameters.ViewAnswers

    public init(_ parameters: SessionParameters) {
        views = parameters.views
        var random = IDGenerator(seed: parameters.seed)
        let client = parameters.client ?? ClientID("web-" + random.makeID())
        self.random = random
        machine = ClientMachine(
            clientID: client, user: parameters.user, boardID: parameters.board, limits: parameters.limits)
    }

    /// A message from the server, as the WebSocket delivered it. An undecodable one is refused
    /// with an error and changes nothing.
    public mutating func receive(_ wireText: [UInt8]) -> BrowserStep {
        let message: ServerMessage
        do {
            message = try WireCodec.decodeServerMessage(wireText)
        } catch {
            return refusal(.badServerMessage(error))
        }
        return receive(message)
    }

    public mutating func receive(_ message: ServerMessage) -> BrowserStep {
        if case .welcome = message { reconnectAttempts = 0 }
        let before = machine.view
        return answer(machine.receive(message), before: before)
    }

    /// An intent as JSON text (see `BrowserIntent`); an invalid one is refused with an error.
    public mutating func perform(_ intentJSON: [UInt8]) -> BrowserStep {
        let intent: BrowserIntent
        do {
            intent = try BrowserIntent(json: intentJSON)
        } catch {
            return refusal(error)
        }
        return perform(intent)
    }

    public mutating func perform(_ intent: BrowserIntent) -> BrowserStep {
        let before = machine.view
        var reconnectAfter: Double?
        let output: ClientOutput
        switch intent {
        case .connected:
            output = machine.connectionOpened()
        case .disconnected:
            output = machine.connectionClosed()
            reconnectAttempts += 1
            let jitter = Double(random.next() % 1_000_000) / 1_000_000
            reconnectAfter = Backoff.delay(attempt: reconnectAttempts, jitter: jitter)
        case .pickUp(let item): output = machine.beginDrag(item: item)
        case .moveTo(let target, let now): output = machine.dragOver(to: target, now: now)
        case .tick(let now): output = machine.tick(now: now)
        case .drop: output = machine.drop()
        case .cancel: output = machine.cancelDrag()
        case .insert(let id, let label, let at):
            let item = Item(id: id ?? ItemID(random.makeID()), label: label)
            output = machine.perform(.insert(item, at: at))
        case .move(let item, let to): output = machine.perform(.move(item: item, to: to))
        case .rename(let item, let label): output = machine.perform(.rename(item: item, label: label))
        case .delete(let item): output = machine.perform(.delete(item: item))
        case .addSection(let id, let title, let at):
            let header = SectionHeader(id: id ?? SectionID(random.makeID()), title: title)
            output = machine.perform(.insertSection(header, at: at))
        case .renameSection(let section, let title): output = machine.perform(.renameSection(section, title: title))
        case .moveSection(let section, let to): output = machine.perform(.moveSection(section, to: to))
        case .deleteSection(let section): output = machine.perform(.deleteSection(section))
        case .undo:
            var generator = random
            output = machine.undo { generator.makeID() }
            random = generator
        case .state:
            output = ClientOutput()
        }
        var step = answer(output, before: before)
        if case .state = intent { step.view = machine.view }
        step.reconnectAfterMs = reconnectAfter.map(Self.milliseconds)
        return step
    }

    /// The session's status now.
    public var status: BrowserStatus {
        let peers = machine.peers.map { BrowserStatus.Peer(client: $0.key, user: $0.value) }
            .stablySorted { $0.user != $1.user ? $0.user < $1.user : $0.client < $1.client }
        return BrowserStatus(
            client: machine.clientID, user: machine.user, board: machine.boardID, phase: machine.phase,
            role: machine.role, version: machine.version, pending: machine.pendingCount, canUndo: machine.canUndo,
            drag: machine.localDrag, peers: peers, people: machine.people, lastRemoteAction: lastRemoteAction)
    }

    /// Turns what the machine asked for into the page's answer; `before` is the view before the
    /// event, for naming items the event removed.
    private mutating func answer(_ output: ClientOutput, before: BoardView) -> BrowserStep {
        var notices: [BrowserNotice] = []
        for notice in output.notices {
            if case .remoteAction(let text) = notice { lastRemoteAction = text }
            notices.append(BrowserNotice(notice: notice, text: notice.text { label(of: $0, before: before) }))
        }
        var step = BrowserStep(status: status)
        step.send = output.send
        step.notices = notices
        step.reconnect = output.reconnect
        if let batch = output.batch {
            step.batch = batch
            switch views {
            case .whole: step.view = machine.view
            case .changes: step.changes = ViewChanges(from: before, to: machine.view)
            }
            step.plan = try? AnimationPlan(old: before, batch: batch, new: machine.view, cause: output.cause)
        }
        if machine.hasUnsentDragPosition { step.tickAfterMs = Self.milliseconds(ClientMachine.dragSendInterval) }
        return step
    }

    private func refusal(_ error: BrowserInputError) -> BrowserStep {
        var step = BrowserStep(status: status)
        step.error = error
        return step
    }

    /// An item's label on the board the person sees, or in the view before the event.
    private func label(of id: ItemID, before: BoardView) -> String {
        if let label = machine.optimistic?.board.item(id)?.label { return label }
        for section in before.sections {
            if let cell = section.cells.first(where: { $0.id == id }) { return cell.label }
        }
        return id.rawValue
    }

    /// Seconds as whole milliseconds, rounded up so that a timer never fires early.
    private static func milliseconds(_ seconds: Double) -> Int {
        let whole = Int(seconds * 1000)
        return Double(whole) < seconds * 1000 ? whole + 1 : whole
    }
}
