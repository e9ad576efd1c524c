import ServerTransport

/// A FIFO of shared frames with a running byte count (amortised O(1) pop).
///
/// A frame with a `coalescingKey` supersedes, in amortised O(1), a frame with the same key that
/// is still waiting: the older one is removed (left as a tombstone) and the new one goes to the
/// end, so it never overtakes a message queued before it. The key index exists only while
/// something waits: a keyed frame queued on an empty queue (the usual case for a connection
/// that keeps up) costs no hashing, and the index is built from the waiting frames the first
/// time a keyed frame arrives behind others. Frames without a key never touch it.
struct FrameQueue {
    /// Waiting frames in order; nil marks a removed one.
    private var slots: [OutboundFrame?] = []
    private var head = 0
    /// Position of `slots[0]` in the sequence of every slot ever appended.
    private var base = 0
    /// Waiting keyed frames: key → position in that sequence, while `indexed`; its storage is
    /// kept across emptyings.
    private var keyed: [String: Int] = [:]
    private var indexed = false
    private(set) var byteCount = 0
    /// Frames waiting (tombstones not counted).
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }
    /// Slots held, tombstones included: what the queue's storage costs.
    var storedSlots: Int { slots.count - head }

    /// Appends `frame`, first removing the waiting frame with the same coalescing key, if any.
    mutating func append(_ frame: OutboundFrame) {
        if let key = frame.coalescingKey, !isEmpty {
            if !indexed { buildIndex() }
            if let replaced = keyed.updateValue(base + slots.count, forKey: key) {
                removeWaiting(at: replaced - base)
            }
        }
        slots.append(frame)
        byteCount += frame.count
        count += 1
        let tombstones = slots.count - head - count
        if tombstones >= 64 && tombstones >= count { compact() }
    }

    /// The frame to write next.
    var first: OutboundFrame? { isEmpty ? nil : slots[head] }

    /// Calls `body` with the waiting frames in order until it returns false.
    func forEachWaiting(_ body: (OutboundFrame) -> Bool) {
        for position in head..<slots.count {
            guard let frame = slots[position] else { continue }
            if !body(frame) { return }
        }
    }

    mutating func removeFirst() {
        guard !isEmpty, let frame = slots[head] else { return }
        if indexed, let key = frame.coalescingKey { keyed[key] = nil }
        slots[head] = nil
        byteCount -= frame.count
        count -= 1
        skipTombstones()
    }

    mutating func removeAll() {
        base += slots.count
        slots = []
        keyed = [:]
        indexed = false
        head = 0
        byteCount = 0
        count = 0
    }

    private mutating func buildIndex() {
        keyed.removeAll(keepingCapacity: true)
        for position in head..<slots.count {
            if let key = slots[position]?.coalescingKey { keyed[key] = base + position }
        }
        indexed = true
    }

    private mutating func removeWaiting(at index: Int) {
        guard let frame = slots[index] else { return }
        slots[index] = nil
        byteCount -= frame.count
        count -= 1
        if index == head { skipTombstones() }
    }

    /// Drops every tombstone; paid for by the at least as many removals that made them.
    private mutating func compact() {
        base += slots.count
        slots = slots[head...].filter { $0 != nil }
        head = 0
        if indexed { buildIndex() }
    }

    /// Moves `head` to the next waiting frame and gives back space already written.
    private mutating func skipTombstones() {
        while head < slots.count, slots[head] == nil { head += 1 }
        if head == slots.count {
            base += slots.count
            slots.removeAll(keepingCapacity: slots.count <= 64)
            head = 0
            if indexed {
                keyed.removeAll(keepingCapacity: keyed.capacity <= 64)
                indexed = false
            }
        } else if head >= 64 && head * 2 >= slots.count {
            slots.removeFirst(head)
            base += head
            head = 0
        }
    }
}
