/// The client's unacknowledged changes: at most one in flight (sent, unanswered) followed by
/// queued ones. Each is expressed against the committed board with every earlier one applied,
/// so the head is always ready to be sent against the committed board.
struct PendingChain: Hashable, Sendable {
    /// The change sent and not yet answered, with its seq.
    var inFlight: (seq: Int, change: PendingChange)?
    var queued: [PendingChange] = []

    var isEmpty: Bool { inFlight == nil && queued.isEmpty }
    var count: Int { (inFlight == nil ? 0 : 1) + queued.count }

    /// The change queued last (or the one in flight when nothing is queued).
    var lastChange: PendingChange? { queued.last ?? inFlight?.change }

    /// Every operation of the chain in order (the in-flight change's first).
    var ops: [Op] {
        var all: [Op] = []
        if let flight = inFlight { all.append(contentsOf: flight.change.ops) }
        for change in queued { all.append(contentsOf: change.ops) }
        return all
    }

    /// Whether a move of `item` is still waiting to be committed.
    func hasMove(of item: ItemID) -> Bool {
        func moves(_ op: Op) -> Bool { if case .move(item, _, _) = op { true } else { false } }
        if let flight = inFlight, flight.change.ops.contains(where: moves) { return true }
        return queued.contains { $0.ops.contains(where: moves) }
    }

    /// Rebases the chain through a newly committed remote operation. Returns that operation as it
    /// acts after the whole chain (nil if the chain made it a no-op), which is how the optimistic
    /// board changes.
    ///
    /// A queued operation that rebasing turns into a no-op is kept as it was: whether what it
    /// names is really gone is decided by `repaired` on the optimistic board, since an earlier
    /// pending operation that became a no-op may have left the element elsewhere (a queued move
    /// out of a section that an earlier, now void, move brought the item into). A single op in
    /// flight that becomes a no-op is dropped from its change: the server will answer `noop`.
    mutating func absorb(_ committed: Op) -> Op? {
        var carried: Op? = committed
        if let flight = inFlight, let remote = carried {
            var change = flight.change
            if !change.isGroup, let local = change.ops.first {
                change.ops = Rebase.rebase(local, through: remote).map { [$0] } ?? []
                carried = Rebase.rebase(remote, through: local, opIsNewer: false)
            } else {
                carried = Rebase.rebase(chain: &change.ops, through: remote)
            }
            inFlight = (flight.seq, change)
        }
        for index in queued.indices {
            guard let remote = carried else { break }
            carried = Rebase.rebase(chain: &queued[index].ops, through: remote)
        }
        return carried
    }

    static func == (lhs: PendingChain, rhs: PendingChain) -> Bool {
        lhs.inFlight?.seq == rhs.inFlight?.seq && lhs.inFlight?.change == rhs.inFlight?.change
            && lhs.queued == rhs.queued
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(inFlight?.seq)
        hasher.combine(inFlight?.change)
        hasher.combine(queued)
    }
}
