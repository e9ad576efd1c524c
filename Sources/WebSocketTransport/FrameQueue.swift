/// A FIFO of shared frames with a running byte count (amortised O(1) pop).
///
/// A frame with a `coalescingKey` supersedes, in O(1), a frame with the same key that is still
/// waiting: the older one is removed (left as a tombstone) and the new one goes to the end, so
/// it never overtakes a message queued before it. Frames without a key cost nothing extra.
struct FrameQueue {
    private struct Slot {
        var frame: OutboundFrame?
        var key: String?
    }

    private var slots: [Slot] = []
    private var head = 0
    /// Position of `slots[0]` in the sequence of every slot ever appended.
    private var base = 0
    /// Waiting keyed frames: key → position in that sequence.
    private var keyed: [String: Int] = [:]
    private(set) var byteCount = 0
    /// Frames waiting (tombstones not counted).
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }
    /// Slots held, tombstones included: what the queue's storage costs.
    var storedSlots: Int { slots.count - head }

    /// Appends `frame`, first removing the waiting frame with the same coalescing key, if any.
    mutating func append(_ frame: OutboundFrame) {
        let key = frame.coalescingKey
        if let key {
            if let replaced = keyed.updateValue(base + slots.count, forKey: key) {
                removeWaiting(at: replaced - base)
            }
        }
        slots.append(Slot(frame: frame, key: key))
        byteCount += frame.count
        count += 1
        let tombstones = slots.count - head - count
        if tombstones >= 64 && tombstones >= count { compact() }
    }

    /// The frame to write next.
    var first: OutboundFrame? { isEmpty ? nil : slots[head].frame }

    mutating func removeFirst() {
        guard !isEmpty, let frame = slots[head].frame else { return }
        if let key = slots[head].key { keyed[key] = nil }
        slots[head].frame = nil
        byteCount -= frame.count
        count -= 1
        skipTombstones()
    }

    mutating func removeAll() {
        base += slots.count
        slots = []
        keyed = [:]
        head = 0
        byteCount = 0
        count = 0
    }

    private mutating func removeWaiting(at index: Int) {
        guard let frame = slots[index].frame else { return }
        slots[index].frame = nil
        slots[index].key = nil
        byteCount -= frame.count
        count -= 1
        if index == head { skipTombstones() }
    }

    /// Drops every tombstone; paid for by the at least as many removals that made them.
    private mutating func compact() {
        base += slots.count
        slots = slots[head...].filter { $0.frame != nil }
        head = 0
        for (index, slot) in slots.enumerated() {
            if let key = slot.key { keyed[key] = base + index }
        }
    }

    /// Moves `head` to the next waiting frame and gives back space already written.
    private mutating func skipTombstones() {
        while head < slots.count, slots[head].frame == nil { head += 1 }
        if head == slots.count {
            base += slots.count
            slots.removeAll(keepingCapacity: slots.count <= 64)
            head = 0
        } else if head >= 64 && head * 2 >= slots.count {
            slots.removeFirst(head)
            base += head
            head = 0
        }
    }
}
