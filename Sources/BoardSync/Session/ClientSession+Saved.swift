extension ClientSession {
    /// A session made again from what an earlier one kept (`SavedSession`), for a shell that
    /// keeps sessions across reloads: the same client id, the committed board and the pending
    /// edits on screen at once, offline until the shell connects. `seed` seeds the ids this
    /// session makes and its reconnect jitter (a fresh one each time, as for a new session).
    @inline(never)
    public init(
        restoring saved: SavedSession, seed: UInt64, limits: Limits = .default,
        arrangement: BoardArrangement = .columns, usesToken: Bool = false
    ) {
        var machine = ClientMachine(clientID: saved.client, user: saved.user, boardID: saved.board, limits: limits)
        machine.restore(saved)
        let mark = SavedMark(machine)
        self.init(
            machine: consume machine, random: IDGenerator(seed: seed), arrangement: arrangement, usesToken: usesToken)
        savedMark = mark
    }

    /// What to keep now for a reload to lose nothing; nil before the first welcome.
    public var saved: SavedSession? { machine.saved }

    /// Asks the shell to keep the session when what it would keep changed since it last asked:
    /// at once, before the step's messages go out, when the pending edits or their seqs changed
    /// (an edit made, a seq given, an acknowledgement, and any change of the committed board
    /// while edits are pending, which rebases them), so that nothing is sent that a reload
    /// would not send again under the same seq; within `SavedSession.boardChangeDelay` when only
    /// the committed board moved on.
    @inline(never)
    mutating func askToSave(_ turn: inout SessionTurn) {
        guard let mark = SavedMark(machine) else { return }
        turn.step.saveAfter = mark.saveAfter(since: savedMark)
        savedMark = mark
    }
}

/// What a session last asked its shell to keep, to tell what changed since: how many edits are
/// pending and the seq of the one in flight, the seqs, and the committed version. The pending
/// chain changes only with these (an edit, a seq, an answer) or with the committed board (a
/// rebase), so comparing them is enough, without comparing ops.
struct SavedMark: Hashable, Sendable {
    var pending: Int
    var inFlight: Int?
    var lastSeq: Int
    var nextSeq: Int
    var version: Int

    /// The mark of `machine` now; nil before its first welcome.
    init?(_ machine: borrowing ClientMachine) {
        guard let committed = machine.committed else { return nil }
        pending = machine.chain.count
        inFlight = machine.chain.inFlight?.seq
        lastSeq = machine.lastSeq
        nextSeq = machine.nextSeq
        version = committed.version
    }

    /// How soon to keep the session with this mark, after `last` was kept (nil: nothing kept
    /// yet): 0 when the pending edits or seqs changed, or the committed board while edits are
    /// pending; `SavedSession.boardChangeDelay` when only the committed board changed (or for
    /// a first board with nothing pending); nil when nothing changed.
    func saveAfter(since last: SavedMark?) -> Double? {
        guard let last else { return pending == 0 ? SavedSession.boardChangeDelay : 0 }
        let seqs =
            pending != last.pending || inFlight != last.inFlight || lastSeq != last.lastSeq || nextSeq != last.nextSeq
        if seqs || (version != last.version && pending > 0) { return 0 }
        return version != last.version ? SavedSession.boardChangeDelay : nil
    }
}
