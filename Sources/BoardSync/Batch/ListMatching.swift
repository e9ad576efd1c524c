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
        var targets = [Int](repeating: -1, count: oldMiddle)
        var matched = [Bool](repeating: false, count: newMiddle)
        targets.withUnsafeMutableBufferPointer { targets in
            matched.withUnsafeMutableBufferPointer { matched in
                Self.pair(
                    old: old, oldBase: oldStart &+ prefix, oldMiddle: oldMiddle,
                    new: new, newBase: newStart &+ prefix, newMiddle: newMiddle,
                    prefix: prefix, targets: targets, matched: matched)
            }
        }
        self.targets = targets
        self.matched = matched
        self.stays = LongestIncreasingSubsequence.membership(of: targets, skipping: -1)
    }

    /// How far ahead `pair` looks for the entry it is missing before it gives up on an entry.
    @inlinable static var lookahead: Int { 8 }

    /// Pairs every old entry of the middle with its new entry. Ids are unique, so equal ids at
    /// the two read positions are certainly the same entry and are paired by comparison alone;
    /// after a mismatch a short look ahead in both lists finds where the lists run in step again.
    /// Only the entries left over ("loose") are hashed, so a few scattered changes in a long list
    /// cost a pass of comparisons and a small dictionary. When most entries turn out loose (a
    /// shuffle) the look ahead is switched off and everything left is hashed.
    @inlinable
    static func pair<C: RandomAccessCollection>(
        old: C, oldBase: Int, oldMiddle: Int, new: C, newBase: Int, newMiddle: Int,
        prefix: Int, targets: UnsafeMutableBufferPointer<Int>, matched: UnsafeMutableBufferPointer<Bool>
    ) where C.Index == Int, C.Element: Hashable {
        var looseOld: [Int] = []
        var looseNew: [Int] = []
        var oldOffset = 0
        var newOffset = 0
        var searching = true
        while oldOffset < oldMiddle, newOffset < newMiddle {
            if old[oldBase &+ oldOffset] == new[newBase &+ newOffset] {
                targets[oldOffset] = prefix &+ newOffset
                matched[newOffset] = true
                oldOffset &+= 1
                newOffset &+= 1
                continue
            }
            if searching {
                var distance = 1
                var skippedNew = 0
                var skippedOld = 0
                while distance <= lookahead {
                    if newOffset &+ distance < newMiddle,
                        old[oldBase &+ oldOffset] == new[newBase &+ newOffset &+ distance]
                    {
                        skippedNew = distance
                        break
                    }
                    if oldOffset &+ distance < oldMiddle,
                        new[newBase &+ newOffset] == old[oldBase &+ oldOffset &+ distance]
                    {
                        skippedOld = distance
                        break
                    }
                    distance &+= 1
                }
                if skippedNew > 0 {
                    for offset in newOffset..<(newOffset &+ skippedNew) { looseNew.append(offset) }
                    newOffset &+= skippedNew
                    continue
                }
                if skippedOld > 0 {
                    for offset in oldOffset..<(oldOffset &+ skippedOld) { looseOld.append(offset) }
                    oldOffset &+= skippedOld
                    continue
                }
                let loose = looseOld.count &+ looseNew.count
                if loose > 64, loose > (oldOffset &+ newOffset) / 2 { searching = false }
            }
            looseOld.append(oldOffset)
            looseNew.append(newOffset)
            oldOffset &+= 1
            newOffset &+= 1
        }
        while oldOffset < oldMiddle {
            looseOld.append(oldOffset)
            oldOffset &+= 1
        }
        while newOffset < newMiddle {
            looseNew.append(newOffset)
            newOffset &+= 1
        }
        guard !looseOld.isEmpty, !looseNew.isEmpty else { return }
        var newIndex = [C.Element: Int](minimumCapacity: looseNew.count)
        for offset in looseNew { newIndex[new[newBase &+ offset]] = offset }
        for offset in looseOld {
            guard let target = newIndex[old[oldBase &+ offset]], !matched[target] else { continue }
            matched[target] = true
            targets[offset] = prefix &+ target
        }
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
