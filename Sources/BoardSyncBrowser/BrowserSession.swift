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
        session = ClientSession(
            board: parameters.board, user: parameters.user, client: parameters.client, clientPrefix: "web-",
            seed: parameters.seed, limits: parameters.limits, arrangement: .columns,
            usesToken: parameters.usesToken)
    }

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
        guard let event = intent.event else {
            var step = BrowserStep(status: status)
            step.view = session.view
            return step
        }
        return handle(event)
    }

    /// The session's status now.
    public var status: BrowserStatus { BrowserStatus(session) }

    private mutating func handle(_ event: SessionEvent) -> BrowserStep {
        let before = session.view
        let answer = session.handle(event, now: now)
        var step = BrowserStep(status: status)
        step.session = answer
        if step.session.batch != nil {
            switch views {
            case .whole: step.view = session.view
            case .changes: step.changes = ViewChanges(from: before, to: session.view)
            }
        }
        return step
    }

    private func refusal(_ error: BrowserInputError) -> BrowserStep {
        var step = BrowserStep(status: status)
        step.error = error
        return step
    }
}
