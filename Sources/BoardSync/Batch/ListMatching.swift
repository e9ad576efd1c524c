/// How the entries of an old list of unique ids pair up with those of a new list: the shared
/// prefix and suffix, and for the part in between where each old entry went and which of the
/// kept entries stay in relative order (one longest increasing subsequence of their new indices).
///
/// Both `ListDiff` and `UpdateBatch.between` are read off this one matching.
@usableFromInline
struct ListMatching {
    /// Old and new entries `0..<prefix` are equal.
    @usableFromInline var prefix: Int
    /// The last `suffix` entries of both lists are equal.
    @usableFromInline var suffix: Int
    @usableFromInline var oldCount: Int
    @usableFromInline var newCount: Int
    /// For each old entry in `prefix..<oldCount - suffix`: its new index, or -1 when it is gone.
    @usableFromInline var targets: [Int]
    /// For each entry of `targets`: true when it keeps its relative order (not a move).
    @usableFromInline var stays: [Bool]
    /// For each new entry in `prefix..<newCount - suffix`: true when it comes from the old list.
    @usableFromInline var matched: [Bool]

    @inlinable
    init<C: RandomAccessCollection>(old: C, new: C) where C.Index == Int, C.Element: Hashable {
        let oldCount = old.count
        let newCount = new.count
        let oldStart = old.startIndex
        let newStart = new.startIndex
        var prefix = 0
        let shorter = Swift.min(oldCount, newCount)
        while prefix < shorter, old[oldStart &+ prefix] == new[newStart &+ prefix] { prefix &+= 1 }
        var suffix = 0
        while suffix < shorter &- prefix,
            old[oldStart &+ oldCount &- 1 &- suffix] == new[newStart &+ newCount &- 1 &- suffix]
        {
            suffix &+= 1
        }
        self.prefix = prefix
        self.suffix = suffix
        self.oldCount = oldCount
        self.newCount = newCount
        let oldMiddle = oldCount &- prefix &- suffix
        let newMiddle = newCount &- prefix &- suffix
        if oldMiddle == 0 || newMiddle == 0 {
            targets = [Int](repeating: -1, count: oldMiddle)
            stays = [Bool](repeating: false, count: oldMiddle)
            matched = [Bool](repeating: false, count: newMiddle)
            return
        }
        if let single = Self.singleMove(old: old, new: new, prefix: prefix, oldMiddle: oldMiddle, newMiddle: newMiddle) {
            targets = single.targets
            stays = single.stays
            matched = [Bool](repeating: true, count: newMiddle)
            return
        }
        var newIndex = [C.Element: Int](minimumCapacity: newMiddle)
        for offset in 0..<newMiddle {
            newIndex[new[newStart &+ prefix &+ offset]] = offset
        }
        var matched = [Bool](repeating: false, count: newMiddle)
        var targets = [Int](repeating: -1, count: oldMiddle)
        for offset in 0..<oldMiddle {
            guard let target = newIndex[old[oldStart &+ prefix &+ offset]], !matched[target] else { continue }
            matched[target] = true
            targets[offset] = prefix &+ target
        }
        self.targets = targets
        self.matched = matched
        self.stays = LongestIncreasingSubsequence.membership(of: targets, skipping: -1)
    }

    /// Recognises a middle that is one entry moved from the front to the back or the other way
    /// round, with equality checks only (no hashing).
    @inlinable
    static func singleMove<C: RandomAccessCollection>(
        old: C, new: C, prefix: Int, oldMiddle: Int, newMiddle: Int
    ) -> (targets: [Int], stays: [Bool])? where C.Index == Int, C.Element: Hashable {
        guard oldMiddle == newMiddle, oldMiddle >= 2 else { return nil }
        let oldBase = old.startIndex &+ prefix
        let newBase = new.startIndex &+ prefix
        let last = oldMiddle &- 1
        if old[oldBase] == new[newBase &+ last] {
            var offset = 1
            while offset <= last, old[oldBase &+ offset] == new[newBase &+ offset &- 1] { offset &+= 1 }
            if offset > last {
                var targets = [Int](repeating: 0, count: oldMiddle)
                for index in 0..<oldMiddle { targets[index] = prefix &+ index &- 1 }
                targets[0] = prefix &+ last
                var stays = [Bool](repeating: true, count: oldMiddle)
                stays[0] = false
                return (targets, stays)
            }
        }
        if old[oldBase &+ last] == new[newBase] {
            var offset = 0
            while offset < last, old[oldBase &+ offset] == new[newBase &+ offset &+ 1] { offset &+= 1 }
            if offset == last {
                var targets = [Int](repeating: 0, count: oldMiddle)
                for index in 0..<oldMiddle { targets[index] = prefix &+ index &+ 1 }
                targets[last] = prefix
                var stays = [Bool](repeating: true, count: oldMiddle)
                stays[last] = false
                return (targets, stays)
            }
        }
        return nil
    }

    /// Calls the handlers for every old entry, in old order, then `inserted` for every new index
    /// that has no old entry.
    @inlinable
    func forEach(
        stationary: (_ old: Int, _ new: Int) -> Void,
        moved: (_ old: Int, _ new: Int) -> Void,
        deleted: (_ old: Int) -> Void,
        inserted: (_ new: Int) -> Void
    ) {
        for index in 0..<prefix { stationary(index, index) }
        for offset in 0..<targets.count {
            let target = targets[offset]
            if target < 0 {
                deleted(prefix &+ offset)
            } else if stays[offset] {
                stationary(prefix &+ offset, target)
            } else {
                moved(prefix &+ offset, target)
            }
        }
        let oldSuffixStart = oldCount &- suffix
        let newSuffixStart = newCount &- suffix
        for index in 0..<suffix { stationary(oldSuffixStart &+ index, newSuffixStart &+ index) }
        for offset in 0..<matched.count where !matched[offset] { inserted(prefix &+ offset) }
    }
}
