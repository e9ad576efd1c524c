/// The core of `performBatchUpdates`: which old entry fills each new slot when `removed` old
/// indices leave and `placed` new indices are filled from elsewhere. The remaining slots take the
/// surviving old entries in their old order.
enum ListArrangement {
    /// For each new slot: the old index of the survivor in it, or nil for a placed slot.
    /// The new length is `oldCount - removed.count + placed.count`.
    static func arrange(oldCount: Int, removed: [Int], placed: [Int]) -> Result<[Int?], ListArrangementError> {
        var gone = [Bool](repeating: false, count: oldCount)
        for index in removed {
            guard index >= 0, index < oldCount else { return .failure(.outOfRange(index)) }
            guard !gone[index] else { return .failure(.repeated(index)) }
            gone[index] = true
        }
        let newCount = oldCount - removed.count + placed.count
        var slots = [Int?](repeating: nil, count: newCount)
        var filled = [Bool](repeating: false, count: newCount)
        for index in placed {
            guard index >= 0, index < newCount else { return .failure(.outOfRange(index)) }
            guard !filled[index] else { return .failure(.repeated(index)) }
            filled[index] = true
        }
        var slot = 0
        for old in 0..<oldCount where !gone[old] {
            while filled[slot] { slot += 1 }
            slots[slot] = old
            slot += 1
        }
        return .success(slots)
    }
}

/// A bad index given to `ListArrangement.arrange`.
enum ListArrangementError: Error, Hashable {
    case outOfRange(Int)
    case repeated(Int)
}
