import Synchronization

/// The send time of every dragger's last `over` to each position, shared by all client
/// contexts of the load generator: the dragger's thread stores a time when it sends, every
/// receiver's thread loads it to compute the delivery latency. One relaxed atomic per slot in a
/// fixed allocation, so neither side takes a lock.
final class DragSendTimes: @unchecked Sendable {
    let draggers: Int
    let slots: Int
    private let times: UnsafeMutablePointer<Atomic<Int64>>

    init(draggers: Int, slots: Int) {
        self.draggers = max(0, draggers)
        self.slots = max(1, slots)
        let count = self.draggers * self.slots
        times = UnsafeMutablePointer<Atomic<Int64>>.allocate(capacity: max(1, count))
        for index in 0..<count { (times + index).initialize(to: Atomic(0)) }
    }

    deinit {
        times.deinitialize(count: draggers * slots)
        times.deallocate()
    }

    /// Records that `dragger` sent an `over` to `slot` at `micros`; out-of-range pairs are ignored.
    func record(dragger: Int, slot: Int, micros: Int64) {
        guard let index = index(dragger: dragger, slot: slot) else { return }
        times[index].store(micros, ordering: .relaxed)
    }

    /// The last recorded send time of `dragger` to `slot`, or nil when there is none.
    func sentAt(dragger: Int, slot: Int) -> Int64? {
        guard let index = index(dragger: dragger, slot: slot) else { return nil }
        let value = times[index].load(ordering: .relaxed)
        return value > 0 ? value : nil
    }

    /// Forgets every recorded time.
    func reset() {
        for index in 0..<(draggers * slots) { times[index].store(0, ordering: .relaxed) }
    }

    private func index(dragger: Int, slot: Int) -> Int? {
        guard dragger >= 0, dragger < draggers, slot >= 0, slot < slots else { return nil }
        return dragger * slots + slot
    }
}
