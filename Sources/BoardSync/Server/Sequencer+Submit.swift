extension Sequencer {
    /// `submit`: refuse, acknowledge as duplicate or no-op, or rebase, check and commit.
    mutating func submit(_ submit: ClientMessage.Submit, from id: ConnectionID) {
        guard let connection = connections[id], let identity = connection.identity else { return }
        let seq = submit.seq
        guard connection.role == .editor else {
            refuse(.forbidden, "viewers cannot submit", seq: seq, to: id)
            return
        }
        guard !unflushedAnswers.contains(id) else {
            send(
                .error(.init(code: .inFlight, message: "the previous submit is unanswered", seq: seq)),
                to: .connection(id))
            return
        }
        unflushedAnswers.insert(id)
        let last = lastSeq(of: identity.client)
        guard seq > last else {
            acknowledgeDuplicate(seq: seq, client: identity.client, to: id)
            return
        }
        guard submit.base <= version else {
            refuse(.stale, "base \(submit.base) is above the board's version \(version)", seq: seq, to: id)
            return
        }
        guard window.covers(submit.base) else {
            refuse(
                .stale, "base \(submit.base) is older than the oldest kept version \(window.oldestBase)", seq: seq,
                to: id)
            return
        }
        if let error = state.checkNamedIDs(submit.op) {
            refuse(.badOp, error.description, seq: seq, to: id)
            return
        }
        guard let rebased = rebaseThroughWindow(submit.op, base: submit.base) else {
            acknowledgeNoop(seq: seq, client: identity.client, to: id)
            return
        }
        switch state.check(rebased, limits: config.limits) {
        case .refused(let error):
            refuse(error.isLimit ? .limit : .badOp, error.description, seq: seq, to: id)
        case .noop:
            acknowledgeNoop(seq: seq, client: identity.client, to: id)
        case .apply:
            commit(rebased, seq: seq, by: id, identity: identity)
        }
    }

    /// Rebases an op made against `base` through every held op after it. The window's slice lives
    /// only inside this call: were it still referenced when the commit appends to the window, the
    /// append would copy the whole window.
    private func rebaseThroughWindow(_ op: Op, base: Int) -> Op? {
        guard let since = window.ops(after: base) else { return nil }
        return Rebase.rebase(op, through: since.lazy.map { $0.op })
    }

    private mutating func refuse(_ code: ErrorCode, _ message: String, seq: Int, to id: ConnectionID) {
        send(.error(.init(code: code, message: message, seq: seq)), to: .connection(id))
    }

    private mutating func acknowledgeNoop(seq: Int, client: ClientID, to id: ConnectionID) {
        lastSeqs[client] = seq
        output.setLastSeq(seq, client: client)
        send(.ack(.init(seq: seq, version: version, op: nil)), to: .connection(id))
    }

    private mutating func acknowledgeDuplicate(seq: Int, client: ClientID, to id: ConnectionID) {
        let ack: ServerMessage.Ack
        if let original = window.op(client: client, seq: seq) {
            ack = .init(seq: seq, version: original.version, op: original.op, duplicate: true)
        } else {
            ack = .init(seq: seq, version: version, op: nil, duplicate: true)
        }
        send(.ack(ack), to: .connection(id))
    }

    /// Commits a checked op: the author gets `ack`, everyone else `op`; then the drags follow it.
    private mutating func commit(_ op: Op, seq: Int, by id: ConnectionID, identity: Connection.Identity) {
        state.commit(op)
        let record = SequencedOp(version: version, client: identity.client, user: identity.user, seq: seq, op: op)
        window.append(record)
        output.commits.append(record)
        lastSeqs[identity.client] = seq
        output.setLastSeq(seq, client: identity.client)
        switch op {
        case .insert(let item, _): output.newIDs.append(UsedID(id: item.id.rawValue, kind: .item))
        case .insertSection(let header, _): output.newIDs.append(UsedID(id: header.id.rawValue, kind: .section))
        default: break
        }
        send(.ack(.init(seq: seq, version: version, op: op)), to: .connection(id))
        send(.op(record.message), to: .allExcept(id))
        carryDrags(through: op, author: identity.client)
    }
}
