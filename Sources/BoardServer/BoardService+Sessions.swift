import BoardSync
import ServerTransport

/// The sessions' events: a connection opens on its board, its messages reach the board's
/// sequencer (past the rate limit), it closes; each loop turn in which messages arrived ends
/// with `turnEnded`.
extension BoardService {
    /// A session admitted with `access` finished its handshake.
    package func sessionOpened(_ session: any BoardSession, access: ConnectionAccess) {
        thread.check()
        guard let name = HTTPAccess.boardName(inPath: session.path) else {
            session.close(code: 1008, reason: "unknown path")
            return
        }
        let loaded: LoadedBoard
        do {
            guard let found = try boards.board(named: name, create: true) else { return }
            loaded = found
        } catch {
            log(.error, "board unavailable", ["board": name.rawValue, "error": String(describing: error)])
            session.close(code: 1011, reason: "board unavailable")
            return
        }
        let context = ConnectionContext(
            session: session, board: name, access: access,
            bucket: TokenBucket(
                capacity: Double(options.rateLimitBurst), refillPerSecond: Double(options.rateLimitPerSecond)))
        let id = context.id
        delivery.opened(context)
        self.access.accessControl.connectionOpened(peer: session.peerAddress)
        loaded.connections.insert(id)
        loaded.idleSince = nil
        self.access.armExpiry(of: context)
        log(.info, "connection open", ["board": name.rawValue, "conn": id.description, "peer": session.peerAddress])
        boards.handle(.connected(id, role: access.role), on: loaded, now: clock())
    }

    /// The session `id` ended; it takes no more sends.
    package func sessionClosed(_ id: ConnectionID, reason: CloseReason) {
        thread.check()
        guard let context = delivery.closed(id) else { return }
        access.accessControl.connectionClosed(peer: context.peer)
        if reason == .slowConsumer { metrics.slowConsumerDisconnects += 1 }
        log(
            .info, "connection closed",
            [
                "board": context.board.rawValue, "conn": context.id.description,
                "client": context.client?.rawValue ?? "-",
                "reason": reason.words,
            ])
        guard let loaded = boards[context.board] else { return }
        loaded.connections.remove(context.id)
        if loaded.connections.isEmpty {
            loaded.idleSince = clock()
            boards.armTick()
        }
        boards.handle(.disconnected(context.id), on: loaded, now: clock())
        durability.finishTurn()
    }

    /// A whole text message arrived on the session `id`.
    package func received(_ bytes: [UInt8], from id: ConnectionID) {
        thread.check()
        guard let context = delivery[id], !context.revoked, let loaded = boards[context.board] else { return }
        metrics.messagesReceived += 1
        let now = clock()
        // The rate limit comes before every other check; the message is decoded only to know how
        // to refuse it (a drag `over` is held, a submit's seq is named).
        let withinRate = context.bucket.take(now: now)
        let event: SequencerEvent
        do {
            var message = try WireCodec.receiveClientMessage(bytes)
            if case .hello(var hello) = message {
                context.client = hello.client
                if let user = context.access.user {
                    hello.user = user
                    message = .hello(hello)
                }
            }
            guard withinRate else {
                refuseOverRate(message, context: context, on: loaded)
                return
            }
            if case .submit = message { context.submitReceivedAt = now }
            event = .received(context.id, message)
        } catch {
            guard withinRate else {
                refuseOverRate(seq: error.seq, context: context, on: loaded)
                return
            }
            event = .undecodable(context.id, error)
        }
        boards.handle(event, on: loaded, now: now)
    }

    /// The end of a loop turn in which messages arrived: the turns of the boards they reached
    /// end, and what waits is committed.
    package func turnEnded() {
        thread.check()
        durability.finishTurn()
    }

    /// Section 7: a drag `over` beyond the rate limit is coalesced (the latest is delivered once
    /// a token is free); any other message is refused with `limit`.
    private func refuseOverRate(_ message: ClientMessage, context: ConnectionContext, on loaded: LoadedBoard) {
        switch message {
        case .drag(.over):
            context.heldOver = message
            armHeldOverTimer(context)
        case .submit(let submit):
            refuseOverRate(seq: submit.seq, context: context, on: loaded)
        default:
            refuseOverRate(seq: nil, context: context, on: loaded)
        }
    }

    /// Refuses a message beyond the rate limit with `limit`, naming a submit's `seq`.
    private func refuseOverRate(seq: Int?, context: ConnectionContext, on loaded: LoadedBoard) {
        let refusal = ServerMessage.error(.init(code: .limit, message: "rate limit exceeded", seq: seq))
        boards.answer(refusal, to: context.id, on: loaded, now: clock())
    }

    private func armHeldOverTimer(_ context: ConnectionContext) {
        guard !context.heldOverTimerArmed, let host else { return }
        context.heldOverTimerArmed = true
        host.runLater(after: 1.0 / Double(options.rateLimitPerSecond)) { [weak self] in
            guard let self else { return }
            thread.check()
            context.heldOverTimerArmed = false
            guard let message = context.heldOver, delivery[context.id] != nil, !context.revoked,
                let loaded = boards[context.board]
            else { return }
            let now = clock()
            guard context.bucket.take(now: now) else {
                armHeldOverTimer(context)
                return
            }
            context.heldOver = nil
            boards.handle(.received(context.id, message), on: loaded, now: now)
            durability.finishTurn()
        }
    }
}
