import BoardSync
import ServerTransport

/// Sends what the boards' turns release to the connections' sessions: each message encoded once
/// and queued on every recipient, the closes the sequencers ask for, and the accounting of what
/// was sent (messages, bytes, ack latency, errors and close codes). Holds the open connections.
final class Delivery {
    private let metrics: Metrics
    private let log: Log
    private let clock: @Sendable () -> Double
    /// The open connections.
    private(set) var connections: [ConnectionID: ConnectionContext] = [:]
    /// Submits over HTTP waiting for their answer: reached like connections, counted as none.
    private(set) var httpAnswers: [ConnectionID: ConnectionContext] = [:]

    init(metrics: Metrics, log: Log, clock: @escaping @Sendable () -> Double) {
        self.metrics = metrics
        self.log = log
        self.clock = clock
    }

    subscript(id: ConnectionID) -> ConnectionContext? { connections[id] }

    /// A submit over HTTP: its answer reaches `context`'s session.
    func awaitAnswer(_ context: ConnectionContext) {
        httpAnswers[context.id] = context
    }

    /// The submit over HTTP `id` was answered.
    func answered(_ id: ConnectionID) {
        httpAnswers[id] = nil
    }

    /// A session opened: it receives what is sent to its connection from now on.
    func opened(_ context: ConnectionContext) {
        connections[context.id] = context
        metrics.connectionsOpened += 1
    }

    /// The session `id` ended: it receives nothing more.
    func closed(_ id: ConnectionID) -> ConnectionContext? {
        connections.removeValue(forKey: id)
    }

    /// Sends released results in order; answers whether anything went out.
    func send(_ results: [TurnLog.Result]) -> Bool {
        var sentAny = false
        for result in results {
            switch result {
            case .sequencer(let output):
                send(output)
                sentAny = sentAny || !output.messages.isEmpty || !output.closes.isEmpty
            case .direct(let connection, let message):
                deliver(message, to: [connection])
                sentAny = true
            }
        }
        return sentAny
    }

    /// Sends a sequencer output's messages in order, then closes what it closes.
    func send(_ output: SequencerOutput) {
        for outgoing in output.messages {
            deliver(outgoing.message, to: outgoing.connections)
        }
        for close in output.closes {
            guard let context = connections[close.connection] else { continue }
            self.close(context, code: close.reason.code, reason: "replaced by a newer connection")
        }
    }

    /// Closes a connection's session with `code` once its queued frames are written.
    func close(_ context: ConnectionContext, code: UInt16, reason: String) {
        metrics.closesByCode[code, default: 0] += 1
        context.session.close(code: code, reason: reason)
    }

    /// Encodes a message once and queues the same frame on every recipient. A broadcast costs
    /// each recipient one lookup and one queued reference to the shared frame; the bookkeeping
    /// of answers (`ack`, `error`), which have one recipient, is done apart.
    func deliver(_ message: ServerMessage, to recipients: [ConnectionID]) {
        let key = Self.coalescingKey(of: message)
        let frame = OutboundFrame(bytes: WireCodec.encode(message), coalescingKey: key, mayWait: key != nil)
        var sent: UInt64 = 0
        for id in recipients {
            guard let context = connections[id] ?? httpAnswers[id] else { continue }
            context.session.send(frame)
            sent += 1
        }
        metrics.messagesSent += sent
        metrics.bytesSent += sent * UInt64(frame.count)
        switch message {
        case .ack, .error:
            for id in recipients {
                guard let context = connections[id] ?? httpAnswers[id] else { continue }
                account(message, sentTo: context)
            }
        default:
            break
        }
    }

    /// Records an answer sent to `context`: the ack latency of its submit, or the error.
    private func account(_ message: ServerMessage, sentTo context: ConnectionContext) {
        switch message {
        case .ack:
            if let received = context.submitReceivedAt {
                metrics.ackLatency.observe(clock() - received)
                context.submitReceivedAt = nil
            }
        case .error(let report):
            if report.seq != nil { context.submitReceivedAt = nil }
            metrics.errorsByCode[report.code.rawValue, default: 0] += 1
            log(
                .info, "error sent",
                [
                    "board": context.board.rawValue, "conn": context.id.description,
                    "client": context.client?.rawValue ?? "-",
                    "code": report.code.rawValue, "message": report.message,
                ])
        default:
            break
        }
    }

    /// Drag `over` positions of one item supersede each other (protocol: the server may drop
    /// intermediate ones, never the latest): a connection that falls behind gets only the newest
    /// one still unsent. Every other message must arrive, so it has no key. Keyed positions may
    /// also wait a few milliseconds (`deferredFrameDelay`) to go out in one write with the
    /// positions of other drags, or with the next message that cannot wait.
    static func coalescingKey(of message: ServerMessage) -> String? {
        guard case .drag(let drag) = message, drag.action == .over else { return nil }
        return "drag:" + drag.item.rawValue
    }
}
