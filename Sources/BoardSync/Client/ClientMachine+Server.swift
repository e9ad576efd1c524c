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
        guard let op = ack.op, ack.version > version else { return }
        guard commitExact(op, version: ack.version, into: &output) else { return }
        if case .move(let item, _, _) = op {
            lastDrop = item
            if !hasPendingMove(of: item) { pendingDrops.remove(item) }
        }
        endOwnDrag(endedBy: op)
    }

    mutating func receiveCommitted(_ message: ServerMessage.CommittedOp, into output: inout ClientOutput) {
        guard message.version > version else { return }
        if message.client == clientID, let flight = chain.inFlight {
            receiveAck(.init(seq: flight.seq, version: message.version, op: message.op), into: &output)
            return
        }
        let before = optimistic
        let boardBefore = committed?.board
        endDrags(endedBy: message.op, author: message.client, into: &output)
        rebaseRemoteDrags(through: message.op)
        guard commitExact(message.op, version: message.version, into: &output) else { return }
        let carried = chain.absorb(message.op)
        if let carried, let before {
            carryLocalState(through: carried, on: before, by: message.user, into: &output)
        }
        if let lastDrop, message.op.itemID == lastDrop {
            output.notices.append(.dropOverridden(item: lastDrop, by: message.user))
            self.lastDrop = nil
        }
        if let board = boardBefore {
            output.notices.append(.remoteAction(OpDescription.describe(message.op, by: message.user, on: board)))
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
                if let op = flight.op { chain.queued.insert(op, at: 0) }
                return
            default:
                chain.inFlight = nil
                output.notices.append(.refused(code: report.code, message: report.message))
                if case .move(let item, _, _)? = flight.op, localDrag == nil {
                    output.send.append(.drag(.cancel(item: item)))
                    pendingDrops.remove(item)
                }
            }
            return
        }
        if let item = report.item {
            guard answerBegin(of: item) else { return }
            if localDrag?.item == item {
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
