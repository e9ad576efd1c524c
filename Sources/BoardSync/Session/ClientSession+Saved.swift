extension ClientSession {
    /// A session made again from what an earlier one kept (`SavedSession`), for a shell that
    /// keeps sessions across reloads: the same client id, the committed board and the pending
    /// edits on screen at once, offline until the shell connects. `seed` seeds the ids this
    /// session makes and its reconnect jitter (a fresh one each time, as for a new session).
    public init(
        restoring saved: SavedSession, seed: UInt64, limits: Limits = .default,
        arrangement: BoardArrangement = .columns, usesToken: Bool = false
    ) {
        self.init(
            board: saved.board, user: saved.user, client: saved.client, seed: seed, limits: limits,
            arrangement: arrangement, usesToken: usesToken)
        machine = ClientMachine(restoring: saved, limits: limits)
        savedMark = SavedMark(machine)
    }

    /// What to keep now for a reload to lose nothing; nil before the first welcome.
    public var saved: SavedSession? { machine.saved }

    /// Asks the shell to keep the session when what it would keep changed since it last asked:
    /// at once, before the step's messages go out, when the pending edits or their seqs changed
    /// (an edit made, a seq given, an acknowledgement), so that nothing is sent that a reload
    /// would not send again under the same seq; within `SavedSession.boardChangeDelay` when
    /// only the committed board moved on.
    mutating func askToSave(_ turn: inout SessionTurn) {
        guard let mark = SavedMark(machine) else { return }
        if let last = savedMark, mark.pending == last.pending, mark.lastSeq == last.lastSeq,
            mark.nextSeq == last.nextSeq
        {
            if mark.version != last.version { turn.step.saveAfter = SavedSession.boardChangeDelay }
        } else {
            turn.step.saveAfter = savedMark == nil && mark.pending.isEmpty ? SavedSession.boardChangeDelay : 0
        }
        savedMark = mark
    }
}

/// What a session last asked its shell to keep, to tell what changed since: the pending entries
/// and seqs, and the committed version.
struct SavedMark: Hashable, Sendable {
    var pending: [SavedSession.Pending]
    var lastSeq: Int
    var nextSeq: Int
    var version: Int

    /// The mark of `machine` now; nil before its first welcome.
    init?(_ machine: ClientMachine) {
        guard let committed = machine.committed else { return nil }
        pending = machine.savedPending
        lastSeq = machine.lastSeq
        nextSeq = machine.nextSeq
        version = committed.version
    }
}
