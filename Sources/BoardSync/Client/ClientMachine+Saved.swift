extension ClientMachine {
    /// What must be kept for a reload to lose nothing (`SavedSession`): nil before the first
    /// welcome, when there is neither a board nor an edit.
    public var saved: SavedSession? {
        @inline(never) get {
            guard let committed else { return nil }
            return SavedSession(
                board: boardID, user: user, client: clientID, committed: committed.board, lastSeq: lastSeq,
                nextSeq: nextSeq, pending: savedPending)
        }
    }

    /// The pending chain as saved entries: the change in flight with its seq, then each queued
    /// change (an op, or a group).
    var savedPending: [SavedSession.Pending] {
        var entries: [SavedSession.Pending] = []
        if let flight = chain.inFlight {
            entries.append(
                SavedSession.Pending(
                    seq: flight.seq, ops: flight.change.ops, group: flight.change.isGroup,
                    restores: flight.change.restores))
        }
        for change in chain.queued {
            entries.append(
                SavedSession.Pending(seq: nil, ops: change.ops, group: change.isGroup, restores: change.restores))
        }
        return entries
    }

    /// A machine made again from what a session kept: offline, with the committed board, the
    /// seqs and the pending edits as they were. The entry that was in flight goes again under
    /// its seq after the next welcome (unless the welcome shows it committed), the queued ones
    /// after it, each rebased through what the server committed meanwhile.
    public init(restoring saved: SavedSession, limits: Limits = .default) {
        self.init(clientID: saved.client, user: saved.user, boardID: saved.board, limits: limits)
        restore(saved)
    }

    /// Takes in what a session kept, on a machine just made for its client, user and board. A
    /// mutating method rather than the initialiser's body: the page's module then builds the
    /// machine in place, where an initialiser that changes itself copied the whole machine out.
    @inline(never)
    mutating func restore(_ saved: SavedSession) {
        committed = BoardState(board: saved.committed)
        lastSeq = saved.lastSeq
        nextSeq = max(saved.nextSeq, saved.lastSeq + 1)
        for entry in saved.pending {
            var change = PendingChange(group: entry.ops)
            change.isGroup = entry.group
            change.restores = entry.restores
            if let seq = entry.seq {
                guard seq > lastSeq else { continue }
                chain.inFlight = (seq, change)
            } else {
                chain.queued.append(change)
            }
        }
        var output = ClientOutput()
        refresh(into: &output)
    }
}
