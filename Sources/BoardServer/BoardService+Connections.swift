import BoardSync
import WebSocketTransport

extension BoardService {
    /// The board name of a `/boards/NAME` path, if the path is one.
    static func boardName(inPath path: String) -> String? {
        let prefix = "/boards/"
        guard path.hasPrefix(prefix) else { return nil }
        let name = String(path.dropFirst(prefix.count))
        return Validation.isBoardName(name) ? name : nil
    }

    func upgradeRequested(_ request: HTTPRequestInfo) -> UpgradeDecision {
        guard let name = Self.boardName(inPath: request.path) else {
            return .refuse(status: 404, body: "not found\n")
        }
        return admitUpgrade(request, board: name)
    }

    func connectionOpened(_ connection: ServerConnection) {
        guard let access = connection.userData as? ConnectionAccess else {
            connection.close(code: 4401, reason: "not admitted")
            return
        }
        guard let name = Self.boardName(inPath: connection.path) else {
            connection.close(code: 1008, reason: "unknown path")
            return
        }
        let loaded: LoadedBoard
        do {
            guard let found = try board(named: name, create: true) else { return }
            loaded = found
        } catch {
            log(.error, "board unavailable", ["board": name, "error": String(describing: error)])
            connection.close(code: 1011, reason: "board unavailable")
            return
        }
        let id = ConnectionID(connection.id)
        let context = ConnectionContext(
            id: id, board: name, peer: connection.peerAddress,
            bucket: TokenBucket(
                capacity: Double(options.rateLimitBurst), refillPerSecond: Double(options.rateLimitPerSecond)))
        context.access = access
        connection.userData = context
        connections[id] = connection
        accessControl.connectionOpened(peer: connection.peerAddress)
        loaded.connections.insert(id)
        loaded.idleSince = nil
        metrics.connectionsOpened += 1
        log(.info, "connection open", ["board": name, "conn": id.description, "peer": connection.peerAddress])
        record(loaded.name, loaded.sequencer.handle(.connected(id, role: access.role), now: Self.now()))
    }

    func connectionClosed(_ connection: ServerConnection, reason: CloseReason) {
        guard let context = connection.userData as? ConnectionContext else { return }
        connection.userData = nil
        connections[context.id] = nil
        accessControl.connectionClosed(peer: context.peer)
        if reason == .slowConsumer { metrics.slowConsumerDisconnects += 1 }
        log(
            .info, "connection closed",
            [
                "board": context.board, "conn": context.id.description, "client": context.client ?? "-",
                "reason": String(describing: reason),
            ])
        guard let loaded = boards[context.board] else { return }
        loaded.connections.remove(context.id)
        if loaded.connections.isEmpty {
            loaded.idleSince = Self.now()
            armTickTimer()
        }
        record(loaded.name, loaded.sequencer.handle(.disconnected(context.id), now: Self.now()))
        finishTurn()
    }

    func textReceived(_ connection: ServerConnection, _ bytes: [UInt8]) {
        guard let context = connection.userData as? ConnectionContext, !context.revoked,
            let loaded = boards[context.board]
        else {
            return
        }
        metrics.messagesReceived += 1
        let now = Self.now()
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
        record(loaded.name, loaded.sequencer.handle(event, now: now))
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
        turn.append(.direct(context.id, .error(.init(code: .limit, message: "rate limit exceeded", seq: seq))))
    }

    private func armHeldOverTimer(_ context: ConnectionContext) {
        guard !context.heldOverTimerArmed, let server else { return }
        context.heldOverTimerArmed = true
        _ = server.schedule(after: 1.0 / Double(options.rateLimitPerSecond)) { [weak self] in
            guard let self else { return }
            context.heldOverTimerArmed = false
            guard let message = context.heldOver, connections[context.id] != nil, !context.revoked,
                let loaded = boards[context.board]
            else { return }
            let now = Self.now()
            guard context.bucket.take(now: now) else {
                armHeldOverTimer(context)
                return
            }
            context.heldOver = nil
            record(loaded.name, loaded.sequencer.handle(.received(context.id, message), now: now))
            finishTurn()
        }
    }

    func turnEnded() {
        finishTurn()
    }

    /// Adds a sequencer output to the current turn.
    func record(_ board: String, _ output: SequencerOutput) {
        guard !output.messages.isEmpty || output.needsPersisting || !output.closes.isEmpty else { return }
        turn.append(.sequencer(board: board, output))
        armTickTimer()
    }
}
