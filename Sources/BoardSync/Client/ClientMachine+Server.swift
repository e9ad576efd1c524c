extension ClientMachine {
    /// A message from the server.
    public mutating func receive(_ message: ServerMessage) -> ClientOutput {
        var output = ClientOutput()
        output.cause = ChangeCause(of: message, seenBy: clientID)
        switch message {
        case .welcome(let welcome):
            receiveWelcome(welcome, into: &output)
            return output
        case .ack(let ack):
            receiveAck(ack, into: &output)
        case .op(let committedOp):
            receiveCommitted(committedOp, into: &output)
            // A group is one change: the view follows it once its last member is in.
            if let group = committedOp.group, committedOp.version < group.last, !output.reconnect { return output }
        case .drag(let drag):
            receiveDrag(drag)
        case .presence(let presence):
            switch presence.action {
            case .join: peers[presence.client] = presence.user
            case .leave: peers[presence.client] = nil
            }
        case .error(let report):
            receiveError(report, into: &output)
        }
        refresh(into: &output)
        sendNext(into: &output)
        return output
    }

    mutating func receiveAck(_ ack: ServerMessage.Ack, into output: inout ClientOutput) {
        guard let flight = chain.inFlight, flight.seq == ack.seq else { return }
        chain.inFlight = nil
        lastSeq = max(lastSeq, ack.seq)
        let ops = ack.committed
        guard !ops.isEmpty, ack.version - ops.count >= version else { return }
        for (offset, op) in ops.enumerated() {
            rebaseRemoteDrags(through: op)
            guard commitExact(op, version: ack.version - ops.count + 1 + offset, into: &output) else { return }
        }
        for op in ops {
            if case .move(let item, _, _) = op {
                lastDrop = item
                if !chain.hasMove(of: item) { pendingDrops.remove(item) }
                if droppedBlock?.contains(item) == true { droppedBlock = nil }
            }
            endOwnDrag(endedBy: op)
        }
    }

    mutating func receiveCommitted(_ message: SequencedOp, into output: inout ClientOutput) {
        guard message.version > version else { return }
        if message.client == clientID, let flight = chain.inFlight {
            guard let group = message.group else {
                receiveAck(.init(seq: flight.seq, version: message.version, op: message.op), into: &output)
                return
            }
            // This client's own group in a catch-up: its members come as ops; all of them
            // together answer the group in flight.
            ownGroupMembers.append(message.op)
            if message.version == group.last {
                let ops = ownGroupMembers
                ownGroupMembers = []
                receiveAck(.init(seq: flight.seq, version: message.version, ops: ops), into: &output)
            }
            return
        }
        if let group = message.group, arriving?.span != group {
            arriving = ArrivingGroup(span: group, boardBefore: committed?.board)
        }
        let before = optimistic
        let committedBefore = committed
        let boardBefore = message.group == nil ? committed?.board : arriving?.boardBefore
        endDrags(endedBy: message.op, author: message.client, into: &output)
        rebaseRemoteDrags(through: message.op)
        guard commitExact(message.op, version: message.version, into: &output) else { return }
        if let committedBefore {
            shrinkLocalBlock(deletedBy: message.op, on: committedBefore, by: message.user, into: &output)
        }
        let carried = chain.absorb(message.op)
        if let carried, let before {
            carryLocalState(through: carried, on: before, by: message.user, into: &output)
        }
        if let lastDrop, message.op.itemID == lastDrop {
            output.notices.append(.dropOverridden(item: lastDrop, by: message.user))
            self.lastDrop = nil
        }
        guard let group = message.group else {
            if let board = boardBefore {
                output.notices.append(.remoteAction(OpDescription.describe(message.op, by: message.user, on: board)))
            }
            return
        }
        arriving?.ops.append(message.op)
        guard message.version == group.last, let members = arriving?.ops else { return }
        arriving = nil
        output.cause = ChangeCause(editing: members, by: .remote(client: message.client, user: message.user))
        if let board = boardBefore {
            output.notices.append(
                .remoteAction(
                    OpDescription.describe(group: members, by: message.user, on: board, restores: group.restores)))
        }
    }

    /// Applies an operation the server committed at `version`, checked as committed ops are (no
    /// limits, the text rules it was committed under); a gap or an inapplicable op means this
    /// client lost track, and it reconnects for a fresh state.
    mutating func commitExact(_ op: Op, version: Int, into output: inout ClientOutput) -> Bool {
        guard var state = committed, version == state.version + 1, state.check(op, limits: .unlimited) == .apply else {
            output.reconnect = true
            return false
        }
        state.commit(op)
        committed = state
        return true
    }

    mutating func receiveError(_ report: ServerMessage.ErrorReport, into output: inout ClientOutput) {
        if let seq = report.seq, let flight = chain.inFlight, flight.seq == seq {
            switch report.code {
            case .stale:
                output.reconnect = true
                return
            case .unavailable:
                // Kept in flight with its seq: it goes again, unchanged, after the reconnect
                // (whose backoff is the "later"), and a duplicate answer is harmless.
                output.reconnect = true
                return
            case .inFlight:
                chain.inFlight = nil
                if !flight.change.ops.isEmpty { chain.queued.insert(flight.change, at: 0) }
                return
            default:
                chain.inFlight = nil
                if rebuild(flight.change) { return }
                output.notices.append(.refused(code: report.code, message: report.message))
                for case .move(let item, _, _) in flight.change.ops where localDrag == nil && !flight.change.isGroup {
                    output.send.append(.drag(.cancel(item: item)))
                    pendingDrops.remove(item)
                }
            }
            return
        }
        if let item = report.item {
            let holding = localDrag.map { $0.held.contains(item) || $0.begunWith.contains(item) } == true
            guard answerBegin(of: item) else { return }
            if holding {
                localDrag = nil
                if report.code == .locked {
                    output.notices.append(.locked(item: item, message: report.message))
                    return
                }
            }
        }
        if report.code == .forbidden {
            output.notices.append(.viewOnly)
            return
        }
        output.notices.append(.refused(code: report.code, message: report.message))
    }
}

extension ClientMachine {
    /// The most often a refused group is worked out again from what the person meant.
    static let rebuildLimit = 3

    /// Works a refused group out again from its intent on the committed board, at the head of
    /// the queue (protocol 10.1: a client builds the group again from what it now knows); false
    /// when it has no intent, nothing of it is left to do, or it was rebuilt too often. The
    /// queued rest of the same change (a restore or an import of more than one group) is worked
    /// out with it.
    mutating func rebuild(_ change: PendingChange) -> Bool {
        guard let intent = change.intent, change.rebuilds < Self.rebuildLimit, let committed else { return false }
        var left = change.ops
        if intent.spansGroups {
            for queued in chain.queued where queued.intent == intent { left += queued.ops }
            chain.queued.removeAll { $0.intent == intent }
        }
        guard let ops = intent.rebuilt(on: committed, attempt: change.rebuilds + 1, left: left) else { return false }
        chain.queued.insert(
            contentsOf: PendingChange.changes(of: ops, intent: intent, rebuilds: change.rebuilds + 1), at: 0)
        return true
    }
}

/// The members of another connection's group as they arrive, one `op` message each: the client
/// shows the group once all of them are in.
struct ArrivingGroup: Hashable, Sendable {
    var span: GroupSpan
    /// The committed board before the group's first member, to describe the group on.
    var boardBefore: Board?
    var ops: [Op] = []
}
