import BoardSync

/// One board in a browser page: the core's `ClientSession` driven with text. The page passes in
/// the server's messages (wire JSON), the person's intents, the connection's events and the
/// clock; every call answers a `BrowserStep`: the session's step with the view (whole or as
/// changes) and the status the page shows. Everything a client decides is the session's; this
/// only reads JSON and writes it.
public struct BrowserSession: Sendable {
    public private(set) var session: ClientSession
    private let views: SessionParameters.ViewAnswers
    /// The latest clock reading the page gave, in seconds, for events that carry none.
    private var now = 0.0

    public init(_ parameters: SessionParameters) {
        views = parameters.views
        if let saved = parameters.saved {
            session = ClientSession(
                restoring: saved, seed: parameters.seed, limits: parameters.limits, arrangement: .columns,
                usesToken: parameters.usesToken)
        } else {
            session = ClientSession(
                board: parameters.board, user: parameters.user, client: parameters.client, clientPrefix: "web-",
                seed: parameters.seed, limits: parameters.limits, arrangement: .columns,
                usesToken: parameters.usesToken)
        }
    }

    /// What to keep now for a reload to lose nothing, in its JSON form; nil before the first
    /// welcome. Mutating only so that a session held in a box is read in place, not copied.
    public mutating func savedJSON() -> [UInt8]? { session.saved?.json }

    /// The client machine inside the session.
    public var machine: ClientMachine { session.machine }

    /// Failed connections since the last welcome.
    public var reconnectAttempts: Int { session.reconnectAttempts }

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
        handle(.received(message))
    }

    /// An intent as JSON text (see `BrowserIntent`), with an optional `now` in milliseconds on
    /// any intent; an invalid one is refused with an error.
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
        if let at = intent.now { now = at }
        guard let event = intent.event else { return answer(intent.question) }
        return handle(event)
    }

    /// The answer to a question that changes nothing: the whole view, how a typed text stands,
    /// the question before deleting a section.
    private func answer(_ question: BrowserIntent.Question) -> BrowserStep {
        let step = BrowserStep(status: status)
        switch question {
        case .state:
            step.view = session.view
        case .text(let text, let typed, let kind):
            let limit = kind == .user ? Validation.userLimit : session.machine.limits.maxTextLength
            step.textCheck = TextCheck(text, typing: typed, limit: limit)
        case .deletion(let section):
            step.question = session.deletionQuestion(section: section)
        case .restore(let board):
            let question = session.restoreQuestion(to: board)
            step.question = question.text
            step.restorable = question.canRestore
        case .history(let page, let before):
            let entries = page.entries.stablySorted { $0.version > $1.version }
            var lines: [HistoryLine] = []
            for change in OpDescription.changes(entries, startingFrom: before ?? session.machine.committed?.board) {
                guard let first = change.entries.first, let last = change.entries.last else { continue }
                lines.append(
                    HistoryLine(
                        first: first.version, version: last.version, user: last.user,
                        at: last.committedAt?.rfc3339 ?? "", text: change.words))
            }
            step.history = lines
        }
        return step
    }

    /// The session's status now.
    public var status: BrowserStatus { BrowserStatus(session) }

    private mutating func handle(_ event: SessionEvent) -> BrowserStep {
        let before = session.view
        let answer = session.handle(event, now: now)
        let step = BrowserStep(status: status, session: answer)
        if step.session.batch != nil {
            switch views {
            case .whole: step.view = session.view
            case .changes: step.changes = ViewChanges(from: before, to: session.view)
            }
        }
        return step
    }

    private func refusal(_ error: BrowserInputError) -> BrowserStep {
        let step = BrowserStep(status: status)
        step.error = error
        return step
    }
}
