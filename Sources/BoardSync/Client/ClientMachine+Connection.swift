extension ClientMachine {
    /// The transport connected: say hello, with `since` when a board is already held.
    public mutating func connectionOpened() -> ClientOutput {
        phase = .awaitingWelcome
        var output = ClientOutput()
        output.send.append(.hello(.init(client: clientID, user: user, since: committed?.version)))
        return output
    }

    /// The transport lost its connection. Local edits stay pending and are resubmitted after the
    /// next welcome; the drags and peers of others are forgotten until then.
    public mutating func connectionClosed() -> ClientOutput {
        phase = .offline
        remoteDrags = [:]
        peers = [:]
        localDrag?.sent = nil
        pendingDrops = []
        unansweredBegins = [:]
        unansweredBlocks = []
        var output = ClientOutput()
        refresh(into: &output)
        return output
    }

    mutating func receiveWelcome(_ welcome: ServerMessage.Welcome, into output: inout ClientOutput) {
        phase = .live
        role = welcome.you.role
        lastSeq = welcome.lastSeq
        nextSeq = max(nextSeq, lastSeq + 1)
        peers = [:]
        for peer in welcome.peers { peers[peer.client] = peer.user }
        remoteDrags = [:]
        arriving = nil
        ownGroupMembers = []
        switch welcome.state {
        case .board(let board):
            committed = BoardState(board: board)
            if let flight = chain.inFlight, flight.seq <= lastSeq { chain.inFlight = nil }
        case .ops(let ops):
            for op in ops { receiveCommitted(op, into: &output) }
            if let flight = chain.inFlight, flight.seq <= lastSeq { chain.inFlight = nil }
            output.cause = nil
        }
        for drag in welcome.drags { receiveDrag(drag) }
        if var drag = localDrag {
            drag.sent = nil
            drag.begunAfterSubmits = submitsSent
            localDrag = drag
            unansweredBegins[drag.item, default: 0] += 1
            if let items = drag.items { unansweredBlocks.append(items) }
            drag.begunWith = drag.items ?? []
            localDrag = drag
            output.send.append(.drag(drag.items.map { .beginBlock(items: $0) } ?? .begin(item: drag.item)))
        }
        refresh(into: &output)
        resubmit(into: &output)
    }

    /// Sends the in-flight submit again after a reconnect (same seq: a duplicate is harmless),
    /// or the next queued edit.
    mutating func resubmit(into output: inout ClientOutput) {
        guard let flight = chain.inFlight, let committed else {
            sendNext(into: &output)
            return
        }
        guard let change = Self.repaired(flight.change, on: committed) else {
            chain.inFlight = nil
            sendNext(into: &output)
            return
        }
        chain.inFlight = (flight.seq, change)
        send(change, seq: flight.seq, base: committed.version, into: &output)
    }

    /// Sends the head of the queue when nothing is in flight, then a pending drag position once
    /// nothing is unacknowledged.
    mutating func sendNext(into output: inout ClientOutput) {
        guard phase == .live, let committed else { return }
        while chain.inFlight == nil, !chain.queued.isEmpty {
            let head = chain.queued.removeFirst()
            guard let change = Self.repaired(head, on: committed) else { continue }
            let seq = nextSeq
            nextSeq += 1
            chain.inFlight = (seq, change)
            send(change, seq: seq, base: committed.version, into: &output)
        }
        sendDragPosition(into: &output)
    }

    /// The submit of a change: one op, or a group's `ops`.
    private mutating func send(_ change: PendingChange, seq: Int, base: Int, into output: inout ClientOutput) {
        submitsSent += 1
        inFlightSentAt = submitsSent
        let submit: ClientMessage.Submit =
            change.isGroup
            ? .init(seq: seq, base: base, ops: change.ops, restores: change.restores)
            : .init(seq: seq, base: base, op: change.ops[0])
        output.send.append(.submit(submit))
    }

    /// A change with its ops repaired one after the other against `state` (those that became
    /// void left out); nil when nothing of it is left to send.
    static func repaired(_ change: PendingChange, on state: BoardState) -> PendingChange? {
        var scratch = state
        var repaired = change
        repaired.ops = []
        for op in change.ops {
            guard let fixed = scratch.repaired(op) else { continue }
            if scratch.check(fixed, limits: .unlimited) == .apply { scratch.commit(fixed) }
            repaired.ops.append(fixed)
        }
        return repaired.ops.isEmpty ? nil : repaired
    }

    mutating func sendDragPosition(into output: inout ClientOutput) {
        guard phase == .live, chain.isEmpty, var drag = localDrag, drag.sent != drag.to, let committed,
            let from = committed.position(ofItem: drag.item)
        else { return }
        drag.sent = drag.to
        localDrag = drag
        if let items = drag.items {
            output.send.append(.drag(.overBlock(items: items, base: committed.version, to: drag.to)))
        } else {
            output.send.append(.drag(.over(item: drag.item, base: committed.version, from: from, to: drag.to)))
        }
    }
}
