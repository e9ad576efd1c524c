import BoardSync
import ServerTransport

extension BoardService {
    /// The board name of a `/boards/NAME` path, if the path is one.
    static func boardName(inPath path: String) -> String? {
        let prefix = "/boards/"
        guard path.hasPrefix(prefix) else { return nil }
        let name = String(path.dropFirst(prefix.count))
        return Validation.isBoardName(name) ? name : nil
    }

    /// A session admitted with `access` finished its handshake.
    package func sessionOpened(_ session: any BoardSession, access: ConnectionAccess) {
        serviceThread.check()
        guard let name = Self.boardName(inPath: session.path) else {
            session.close(code: 1008, reason: "unknown path")
            return
        }
        let loaded: LoadedBoard
        do {
            guard let found = try board(named: name, create: true) else { return }
            loaded = found
        } catch {
            log(.error, "board unavailable", ["board": name, "error": String(describing: error)])
            session.close(code: 1011, reason: "board unavailable")
            return
        }
        let context = ConnectionContext(
            session: session, board: name, access: access,
            bucket: TokenBucket(
                capacity: Double(options.rateLimitBurst), refillPerSecond: Double(options.rateLimitPerSecond)))
        let id = context.id
        connections[id] = context
        accessControl.connectionOpened(peer: session.peerAddress)
        loaded.connections.insert(id)
        loaded.idleSince = nil
        metrics.connectionsOpened += 1
        log(.info, "connection open", ["board": name, "conn": id.description, "peer": session.peerAddress])
        record(loaded.name, loaded.handle(.connected(id, role: access.role), now: clock()))
    }

    /// The session `id` ended; it takes no more sends.
    package func sessionClosed(_ id: ConnectionID, reason: CloseReason) {
        serviceThread.check()
        guard let context = connections.removeValue(forKey: id) else { return }
        accessControl.connectionClosed(peer: context.peer)
        if reason == .slowConsumer { metrics.slowConsumerDisconnects += 1 }
        log(
            .info, "connection closed",
            [
                "board": context.board, "conn": context.id.description, "client": context.client?.rawValue ?? "-",
                "reason": String(describing: reason),
            ])
        guard let loaded = boards[context.board] else { return }
        loaded.connections.remove(context.id)
        if loaded.connections.isEmpty {
            loaded.idleSince = clock()
            armTickTimer()
        }
        record(loaded.name, loaded.handle(.disconnected(context.id), now: clock()))
        finishTurn()
    }

    /// A whole text message arrived on the session `id`.
    package func received(_ bytes: [UInt8], from id: ConnectionID) {
        serviceThread.check()
        guard let context = connections[id], !context.revoked, let loaded = boards[context.board] else { return }
        metrics.messagesReceived += 1
        let now = clock()
        // The rate limit comes before every other check; the message is decoded only to know how
        // to refuse it (a drag `over` is held, a submit's seq is named).
        let withinRate = context.bucket.take(now: now)
        let event: SequencerEvent
        do {
            let message = try WireCodec.receiveClientMessage(bytes)
            if case .hello(let hello) = message { context.client = hello.client }
            guard withinRate else {
                refuseOverRate(message, context: context)
                return
            }
            if case .submit = message { context.submitReceivedAt = now }
            event = .received(context.id, message)
        } catch {
            guard withinRate else {
                refuseOverRate(seq: error.seq, context: context)
                return
            }
            event = .undecodable(context.id, error)
        }
        record(loaded.name, loaded.handle(event, now: now))
    }

    /// Section 7: a drag `over` beyond the rate limit is coalesced (the latest is delivered once
    /// a token is free); any other message is refused with `limit`.
    private func refuseOverRate(_ message: ClientMessage, context: ConnectionContext) {
        switch message {
        case .drag(.over):
            context.heldOver = message
            armHeldOverTimer(context)
        case .submit(let submit):
            refuseOverRate(seq: submit.seq, context: context)
        default:
            refuseOverRate(seq: nil, context: context)
        }
    }

    /// Refuses a message beyond the rate limit with `limit`, naming a submit's `seq`.
    private func refuseOverRate(seq: Int?, context: ConnectionContext) {
        recordDirect(.error(.init(code: .limit, message: "rate limit exceeded", seq: seq)), to: context)
    }

    private func armHeldOverTimer(_ context: ConnectionContext) {
        guard !context.heldOverTimerArmed, let host else { return }
        context.heldOverTimerArmed = true
        host.runLater(after: 1.0 / Double(options.rateLimitPerSecond)) { [weak self] in
            guard let self else { return }
            serviceThread.check()
            context.heldOverTimerArmed = false
            guard let message = context.heldOver, connections[context.id] != nil, !context.revoked,
                let loaded = boards[context.board]
            else { return }
            let now = clock()
            guard context.bucket.take(now: now) else {
                armHeldOverTimer(context)
                return
            }
            context.heldOver = nil
            record(loaded.name, loaded.handle(.received(context.id, message), now: now))
            finishTurn()
        }
    }

    /// The end of a loop turn in which messages arrived: the turn's results go to the pipeline.
    package func turnEnded() {
        serviceThread.check()
        finishTurn()
    }

    /// Adds a sequencer output to the current turn (a board whose store others share keeps
    /// its own, in its speculative log).
    func record(_ board: String, _ output: SequencerOutput) {
        guard !output.messages.isEmpty || output.needsPersisting || !output.closes.isEmpty else { return }
        if cluster == nil {
            if !output.commits.isEmpty {
                boards[board]?.countCommits(output.commits.count, snapshotEvery: options.snapshotEvery)
            }
            turn.append(.sequencer(board: board, output))
        }
        armTickTimer()
    }

    /// Adds a message the shell answers with itself to the current turn.
    func recordDirect(_ message: ServerMessage, to context: ConnectionContext) {
        guard cluster != nil else {
            turn.append(.direct(context.id, message))
            return
        }
        boards[context.board]?.log?.append(
            .direct(context.id, message), result: .direct(context.id, message), now: clock())
    }
}
