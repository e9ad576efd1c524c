/// The client's unacknowledged operations: at most one in flight (sent, unanswered) followed by
/// queued ones. Each is expressed against the committed board with every earlier one applied,
/// so the head is always ready to be sent against the committed board.
struct PendingChain: Hashable, Sendable {
    /// The operation sent and not yet answered, with its seq; `op` is nil when rebasing made it a
    /// no-op locally (the server will answer it with `noop`).
    var inFlight: (seq: Int, op: Op?)?
    var queued: [Op] = []

    var isEmpty: Bool { inFlight == nil && queued.isEmpty }
    var count: Int { (inFlight == nil ? 0 : 1) + queued.count }

    /// Every operation of the chain in order (the in-flight one first).
    var ops: [Op] {
        var all: [Op] = []
        if let op = inFlight?.op { all.append(op) }
        all.append(contentsOf: queued)
        return all
    }

    /// Rebases the chain through a newly committed remote operation. Returns that operation as it
    /// acts after the whole chain (nil if the chain made it a no-op), which is how the optimistic
    /// board changes.
    ///
    /// A queued operation that rebasing turns into a no-op is kept as it was: whether what it
    /// names is really gone is decided by `repaired` on the optimistic board, since an earlier
    /// pending operation that became a no-op may have left the element elsewhere (a queued move
    /// out of a section that an earlier, now void, move brought the item into).
    mutating func absorb(_ committed: Op) -> Op? {
        var carried: Op? = committed
        if let flight = inFlight, let local = flight.op, let remote = carried {
            inFlight = (flight.seq, Rebase.rebase(local, through: remote))
            carried = Rebase.rebase(remote, through: local, opIsNewer: false)
        }
        guard let remote = carried else { return nil }
        return Rebase.rebase(chain: &queued, through: remote)
    }

    static func == (lhs: PendingChain, rhs: PendingChain) -> Bool {
        lhs.inFlight?.seq == rhs.inFlight?.seq && lhs.inFlight?.op == rhs.inFlight?.op && lhs.queued == rhs.queued
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(inFlight?.seq)
        hasher.combine(inFlight?.op)
        hasher.combine(queued)
    }
}
