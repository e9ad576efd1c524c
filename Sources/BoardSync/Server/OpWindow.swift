/// The most recent committed ops of a board, contiguous in version and ending at the board's
/// version. A base version can be rebased (and a `since` caught up) when every op after it is
/// still held.
struct OpWindow: Hashable, Sendable {
    let capacity: Int
    private var storage: [SequencedOp] = []
    private var head = 0
    /// The board version the last held op made (the board's current version).
    private(set) var endVersion: Int

    /// A window ending at `endVersion`, holding the contiguous run of `ops` that ends there
    /// (at most `capacity` of them). Ops that do not join that run are left out.
    init(ops: [SequencedOp], endVersion: Int, capacity: Int) {
        self.capacity = max(capacity, 0)
        self.endVersion = endVersion
        var run: [SequencedOp] = []
        var expected = endVersion
        for op in ops.sorted(by: { $0.version > $1.version }) where run.count < self.capacity {
            if op.version > expected { continue }
            guard op.version == expected else { break }
            run.append(op)
            expected -= 1
        }
        storage = run.reversed()
    }

    /// How many ops are held.
    var count: Int { storage.count - head }

    /// The oldest base whose following ops are all held.
    var oldestBase: Int { endVersion - count }

    /// Whether every op after `base` is held (and `base` is not in the future).
    func covers(_ base: Int) -> Bool { base >= oldestBase && base <= endVersion }

    /// The ops committed after `base`, in version order; nil when some are no longer held.
    func ops(after base: Int) -> ArraySlice<SequencedOp>? {
        guard covers(base) else { return nil }
        return storage[(head + base - oldestBase)...]
    }

    /// The held op that `client` submitted with `seq`, if any.
    func op(client: ClientID, seq: Int) -> SequencedOp? {
        storage[head...].last { $0.client == client && $0.seq == seq }
    }

    /// The held ops that `client` submitted with `seq`, in version order: one for a single op,
    /// every member of a group (a group's members are consecutive).
    func ops(client: ClientID, seq: Int) -> [SequencedOp] {
        guard let last = storage[head...].lastIndex(where: { $0.client == client && $0.seq == seq }) else { return [] }
        var first = last
        while first > head, storage[first - 1].client == client, storage[first - 1].seq == seq { first -= 1 }
        return Array(storage[first...last])
    }

    /// Records the op that made the next version, dropping the oldest when full.
    mutating func append(_ op: SequencedOp) {
        endVersion = op.version
        guard capacity > 0 else { return }
        storage.append(op)
        if count > capacity { head += 1 }
        if head >= capacity, head * 2 >= storage.count {
            storage.removeFirst(head)
            head = 0
        }
    }
}
