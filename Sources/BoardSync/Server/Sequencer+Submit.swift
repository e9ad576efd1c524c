extension Sequencer {
    /// `submit`: refuse, acknowledge as duplicate or no-op, or rebase, check and commit; a group
    /// all together or not at all (protocol 10.1).
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
            acknowledgeDuplicate(submit, client: identity.client, to: id)
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
        if submit.isGroup {
            submitGroup(submit, from: id, identity: identity)
            return
        }
        if let error = state.checkNamedIDs(submit.op) {
            refuse(.badOp, error.description, seq: seq, to: id)
            return
        }
        guard let rebased = rebaseThroughWindow(submit.op, base: submit.base) else {
            acknowledgeNoop(submit, client: identity.client, to: id)
            return
        }
        switch state.check(rebased, limits: config.limits) {
        case .refused(let error):
            refuse(error.isLimit ? .limit : .badOp, error.description, seq: seq, to: id)
        case .noop:
            acknowledgeNoop(submit, client: identity.client, to: id)
        case .apply:
            send(.ack(.init(seq: seq, version: version + 1, op: rebased)), to: .connection(id))
            record(rebased, seq: seq, by: id, identity: identity, group: nil)
            lastSeqs[identity.client] = seq
            output.setLastSeq(seq, client: identity.client)
        }
    }

    /// A group: every member's ids must be known to the board or created by a member before it;
    /// the members are rebased as a chain through every op committed after `base`, checked one
    /// after the other on the state the earlier ones leave (those that became no-ops left out),
    /// the board's item and section limits checked after the whole group, and the rest committed
    /// at consecutive versions. The first member that fails refuses the whole group, with its
    /// index in the submitted list.
    private mutating func submitGroup(
        _ submit: ClientMessage.Submit, from id: ConnectionID, identity: Connection.Identity
    ) {
        let seq = submit.seq
        var introduced: [String: IDKind] = [:]
        for (index, op) in submit.ops.enumerated() {
            if let error = state.checkNamedIDs(op, alsoKnown: introduced) {
                refuse(.badOp, error.description, seq: seq, index: index, to: id)
                return
            }
            if let created = op.createdID { introduced[created.id] = created.kind }
        }
        var members = submit.ops
        if let since = window.ops(after: submit.base) {
            for committed in since { _ = Rebase.rebase(chain: &members, through: committed.op) }
        }
        var limits = config.limits
        limits.maxItems = .max
        limits.maxSections = .max
        var scratch = state
        var kept: [Op] = []
        var lastGrowth = (items: 0, sections: 0)
        for (index, op) in members.enumerated() {
            switch scratch.check(op, limits: limits) {
            case .refused(let error):
                refuse(error.isLimit ? .limit : .badOp, error.description, seq: seq, index: index, to: id)
                return
            case .noop:
                continue
            case .apply:
                scratch.commit(op)
                kept.append(op)
                if case .insert = op { lastGrowth.items = index }
                if case .insertSection = op { lastGrowth.sections = index }
            }
        }
        if scratch.board.itemCount > config.limits.maxItems, scratch.board.itemCount > state.board.itemCount {
            let error = OpError.itemLimit(config.limits.maxItems)
            refuse(.limit, error.description, seq: seq, index: lastGrowth.items, to: id)
            return
        }
        if scratch.board.sections.count > config.limits.maxSections,
            scratch.board.sections.count > state.board.sections.count
        {
            let error = OpError.sectionLimit(config.limits.maxSections)
            refuse(.limit, error.description, seq: seq, index: lastGrowth.sections, to: id)
            return
        }
        guard !kept.isEmpty else {
            acknowledgeNoop(submit, client: identity.client, to: id)
            return
        }
        let span = GroupSpan(first: version + 1, count: kept.count, restores: submit.restores)
        send(.ack(.init(seq: seq, version: span.last, ops: kept)), to: .connection(id))
        for op in kept { record(op, seq: seq, by: id, identity: identity, group: span) }
        lastSeqs[identity.client] = seq
        output.setLastSeq(seq, client: identity.client)
    }

    /// Rebases an op made against `base` through every held op after it. The window's slice lives
    /// only inside this call: were it still referenced when the commit appends to the window, the
    /// append would copy the whole window.
    private func rebaseThroughWindow(_ op: Op, base: Int) -> Op? {
        guard let since = window.ops(after: base) else { return nil }
        return Rebase.rebase(op, through: since.lazy.map { $0.op })
    }

    private mutating func refuse(_ code: ErrorCode, _ message: String, seq: Int, index: Int? = nil, to id: ConnectionID)
    {
        send(.error(.init(code: code, message: message, seq: seq, index: index)), to: .connection(id))
    }

    private mutating func acknowledgeNoop(_ submit: ClientMessage.Submit, client: ClientID, to id: ConnectionID) {
        lastSeqs[client] = submit.seq
        output.setLastSeq(submit.seq, client: client)
        let ack: ServerMessage.Ack =
            submit.isGroup
            ? .init(seq: submit.seq, version: version, ops: []) : .init(seq: submit.seq, version: version, op: nil)
        send(.ack(ack), to: .connection(id))
    }

    /// Answers a submit whose seq was acknowledged before with what it committed then, in the
    /// submit's form; with `noop` when that is no longer held (or was nothing).
    private mutating func acknowledgeDuplicate(_ submit: ClientMessage.Submit, client: ClientID, to id: ConnectionID) {
        let original = window.ops(client: client, seq: submit.seq)
        let ack: ServerMessage.Ack
        if submit.isGroup || original.count > 1 {
            ack = .init(
                seq: submit.seq, version: original.last?.version ?? version, ops: original.map { $0.op },
                duplicate: true)
        } else if let single = original.first {
            ack = .init(seq: submit.seq, version: single.version, op: single.op, duplicate: true)
        } else {
            ack = .init(seq: submit.seq, version: version, op: nil, duplicate: true)
        }
        send(.ack(ack), to: .connection(id))
    }

    /// Commits a checked op (one of a group when `group` is given): everyone but its author gets
    /// it as an `op`; then the drags follow it. The author's `ack`, which comes first, is the
    /// caller's: a drag message after it may refer to the version it made.
    private mutating func record(
        _ op: Op, seq: Int, by id: ConnectionID, identity: Connection.Identity, group: GroupSpan?
    ) {
        let lists = blockListsBeforeCommit()
        state.commit(op)
        let record = SequencedOp(
            version: version, client: identity.client, user: identity.user, seq: seq, op: op, group: group)
        window.append(record)
        output.commits.append(record)
        if let created = op.createdID { output.newIDs.append(created) }
        send(.op(record.message), to: .allExcept(id))
        carryDrags(through: op, author: identity.client, lists: lists)
    }
}
