/// How the entries of an old list of unique ids pair up with those of a new list.
///
/// The shared prefix and suffix are skipped first. The part in between is described by blocks:
/// runs of consecutive old entries that are also consecutive in the new list, in old order. A
/// block either stays (it belongs to one heaviest increasing sequence of blocks, which is one
/// longest increasing subsequence of the kept entries) or moves. Entries outside every block
/// were deleted (old) or inserted (new).
///
/// Both `ListDiff` and `UpdateBatch.between` are read off this one matching. Work is one pass of
/// comparisons over the lists plus O(k log k) for k blocks and loose entries, so a few scattered
/// changes in a long list cost no per-entry allocation or hashing.
@usableFromInline
struct ListMatching {
    /// A run of `length` old entries starting at `old` that appear in the same order starting
    /// at `new` (absolute indices).
    @usableFromInline
    struct Block {
        @usableFromInline var old: Int
        @usableFromInline var new: Int
        @usableFromInline var length: Int
        @usableFromInline var stays: Bool

        @inlinable
        init(old: Int, new: Int, length: Int) {
            self.old = old
            self.new = new
            self.length = length
            self.stays = false
        }
    }

    /// Old and new entries `0..<prefix` are equal.
    @usableFromInline var prefix: Int
    /// The last `suffix` entries of both lists are equal.
    @usableFromInline var suffix: Int
    @usableFromInline var oldCount: Int
    @usableFromInline var newCount: Int
    /// The kept entries between prefix and suffix, in old order.
    @usableFromInline var blocks: [Block]
    /// Old indices of entries gone from the new list, ascending.
    @usableFromInline var deleted: [Int]
    /// New indices of entries absent from the old list, ascending.
    @usableFromInline var inserted: [Int]

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
        blocks = []
        deleted = []
        inserted = []
        pair(old: old, new: new, from: prefix, oldEnd: oldCount &- suffix, newEnd: newCount &- suffix)
    }

    /// How far ahead `pair` looks for the entry it is missing before it gives up on an entry.
    @inlinable static var lookahead: Int { 8 }

    /// Pairs every old entry of the middle with its new entry. Ids are unique, so equal ids at
    /// the two read positions are certainly the same entry and are paired by comparison alone;
    /// after a mismatch a short look ahead in both lists finds where they run in step again.
    /// Only the entries left over ("loose") are hashed. When most entries turn out loose (a
    /// shuffle) the look ahead is switched off and everything left is hashed. Ends by marking
    /// which blocks stay.
    @inlinable
    mutating func pair<C: RandomAccessCollection>(old: C, new: C, from start: Int, oldEnd: Int, newEnd: Int)
    where C.Index == Int, C.Element: Hashable {
        let oldBase = old.startIndex
        let newBase = new.startIndex
        // Loose old entries are kept as blocks with `new == -1` until hashing resolves them.
        var looseOldCount = 0
        var looseNew: [Int] = []
        var oldIndex = start
        var newIndex = start
        var searching = true
        while oldIndex < oldEnd, newIndex < newEnd {
            if old[oldBase &+ oldIndex] == new[newBase &+ newIndex] {
                let room = Swift.min(oldEnd &- oldIndex, newEnd &- newIndex)
                let oldRun = oldBase &+ oldIndex
                let newRun = newBase &+ newIndex
                var length = 1
                while length < room, old[oldRun &+ length] == new[newRun &+ length] { length &+= 1 }
                blocks.append(Block(old: oldIndex, new: newIndex, length: length))
                oldIndex &+= length
                newIndex &+= length
                continue
            }
            if searching {
                var skippedNew = 0
                var skippedOld = 0
                var distance = 1
                while distance <= Self.lookahead {
                    if newIndex &+ distance < newEnd, old[oldBase &+ oldIndex] == new[newBase &+ newIndex &+ distance] {
                        skippedNew = distance
                        break
                    }
                    if oldIndex &+ distance < oldEnd, new[newBase &+ newIndex] == old[oldBase &+ oldIndex &+ distance] {
                        skippedOld = distance
                        break
                    }
                    distance &+= 1
                }
                if skippedNew > 0 {
                    for index in newIndex..<(newIndex &+ skippedNew) { looseNew.append(index) }
                    newIndex &+= skippedNew
                    continue
                }
                if skippedOld > 0 {
                    for index in oldIndex..<(oldIndex &+ skippedOld) {
                        blocks.append(Block(old: index, new: -1, length: 1))
                    }
                    looseOldCount &+= skippedOld
                    oldIndex &+= skippedOld
                    continue
                }
                let loose = looseOldCount &+ looseNew.count
                if loose > 64, loose > (oldIndex &+ newIndex &- 2 &* start) / 2 { searching = false }
            }
            blocks.append(Block(old: oldIndex, new: -1, length: 1))
            looseOldCount &+= 1
            looseNew.append(newIndex)
            oldIndex &+= 1
            newIndex &+= 1
        }
        while oldIndex < oldEnd {
            blocks.append(Block(old: oldIndex, new: -1, length: 1))
            looseOldCount &+= 1
            oldIndex &+= 1
        }
        while newIndex < newEnd {
            looseNew.append(newIndex)
            newIndex &+= 1
        }
        guard looseOldCount > 0 || !looseNew.isEmpty else {
            HeaviestIncreasingBlocks.markStaying(&blocks)
            return
        }
        var positionOfLooseNew = [C.Element: Int](minimumCapacity: looseNew.count)
        for (position, index) in looseNew.enumerated() { positionOfLooseNew[new[newBase &+ index]] = position }
        var claimed = [Bool](repeating: false, count: looseNew.count)
        var kept = 0
        for position in 0..<blocks.count {
            var block = blocks[position]
            if block.new < 0 {
                if let loose = positionOfLooseNew[old[oldBase &+ block.old]], !claimed[loose] {
                    claimed[loose] = true
                    block.new = looseNew[loose]
                } else {
                    deleted.append(block.old)
                    continue
                }
            }
            blocks[kept] = block
            kept &+= 1
        }
        blocks.removeLast(blocks.count &- kept)
        for (position, index) in looseNew.enumerated() where !claimed[position] { inserted.append(index) }
        HeaviestIncreasingBlocks.markStaying(&blocks)
    }

    /// Calls the handlers for every entry: kept entries in old order (`stationary` or `moved`),
    /// then `deleted` old indices and `inserted` new indices, each ascending.
    @inlinable
    func forEach(
        stationary: (_ old: Int, _ new: Int) -> Void,
        moved: (_ old: Int, _ new: Int) -> Void,
        deleted: (_ old: Int) -> Void,
        inserted: (_ new: Int) -> Void
    ) {
        for index in 0..<prefix { stationary(index, index) }
        for block in blocks {
            for offset in 0..<block.length {
                if block.stays {
                    stationary(block.old &+ offset, block.new &+ offset)
                } else {
                    moved(block.old &+ offset, block.new &+ offset)
                }
            }
        }
        let oldSuffixStart = oldCount &- suffix
        let newSuffixStart = newCount &- suffix
        for index in 0..<suffix { stationary(oldSuffixStart &+ index, newSuffixStart &+ index) }
        for index in self.deleted { deleted(index) }
        for index in self.inserted { inserted(index) }
    }
}
