/// Chooses which blocks of a matching stay: a heaviest subsequence of blocks (in old order)
/// whose new positions increase, weighing each block by its length.
///
/// Blocks cover disjoint ranges of new indices, so some longest increasing subsequence of the
/// kept entries takes every block it touches whole; the heaviest increasing sequence of blocks
/// is therefore exactly a longest increasing subsequence of the entries, and everything else is
/// the fewest moves. O(k log k) for k blocks with a Fenwick tree of prefix maxima; O(k) when
/// the blocks are already in order; patience sorting when every block holds one entry.
@usableFromInline
enum HeaviestIncreasingBlocks {
    /// Sets `stays` on the chosen blocks.
    ///
    /// A block that is in order with every other block (all blocks before it in old order start
    /// lower in the new list, all after it higher) can join any increasing sequence, so it stays;
    /// such blocks split the rest into independent stretches, and a block of a stretch can only
    /// stay if its new position also lies between the two staying blocks around the stretch.
    @inlinable
    static func markStaying(_ blocks: inout [ListMatching.Block]) {
        let count = blocks.count
        guard count > 0 else { return }
        var inOrder = true
        for index in 1..<count where blocks[index - 1].new > blocks[index].new {
            inOrder = false
            break
        }
        if inOrder {
            for index in 0..<count { blocks[index].stays = true }
            return
        }
        if blocks.allSatisfy({ $0.length == 1 }) {
            markLongestIncreasing(&blocks)
            return
        }
        var laterMinimum = [Int](repeating: Int.max, count: count + 1)
        for index in stride(from: count - 1, through: 0, by: -1) {
            laterMinimum[index] = Swift.min(blocks[index].new, laterMinimum[index + 1])
        }
        var earlierMaximum = Int.min
        var floor = Int.min
        var stretch: [Int] = []
        for index in 0..<count {
            let new = blocks[index].new
            if earlierMaximum < new, new < laterMinimum[index + 1] {
                markHeaviest(&blocks, among: stretch.filter { floor < blocks[$0].new && blocks[$0].new < new })
                blocks[index].stays = true
                floor = new
                stretch.removeAll(keepingCapacity: true)
            } else {
                stretch.append(index)
            }
            earlierMaximum = Swift.max(earlierMaximum, new)
        }
        markHeaviest(&blocks, among: stretch.filter { floor < blocks[$0].new })
    }

    /// Marks a heaviest increasing sequence among `candidates` (block indices in old order) with
    /// a Fenwick tree of prefix maxima over their ranks by new position.
    @inlinable
    static func markHeaviest(_ blocks: inout [ListMatching.Block], among candidates: [Int]) {
        let count = candidates.count
        guard count > 0 else { return }
        if count == 1 {
            blocks[candidates[0]].stays = true
            return
        }
        // Sort keys pack the new position above the entry number, so a plain integer sort ranks them
        // (the core's one sort, `stablySorted`: the keys are distinct, so any sort orders them alike).
        var keys = [Int](repeating: 0, count: count)
        var weights = [Int](repeating: 0, count: count)
        var lowest = Int.max
        var highest = Int.min
        for entry in 0..<count {
            let block = blocks[candidates[entry]]
            lowest = Swift.min(lowest, block.new)
            highest = Swift.max(highest, block.new)
            weights[entry] = block.length
        }
        let (span, overflow) = (highest - lowest).multipliedReportingOverflow(by: count)
        if overflow || span > Int.max - count { return markHeaviestUnpacked(&blocks, among: candidates) }
        for entry in 0..<count { keys[entry] = (blocks[candidates[entry]].new - lowest) * count + entry }
        keys = keys.stablySorted()
        var rank = [Int](repeating: 0, count: count)
        for (position, key) in keys.enumerated() { rank[key % count] = position + 1 }
        var treeWeight = [Int](repeating: 0, count: count + 1)
        var treeEntry = [Int](repeating: -1, count: count + 1)
        var previous = [Int](repeating: -1, count: count)
        var bestWeight = 0
        var bestEntry = -1
        for entry in 0..<count {
            var weight = 0
            var from = -1
            var node = rank[entry] - 1
            while node > 0 {
                if treeWeight[node] > weight {
                    weight = treeWeight[node]
                    from = treeEntry[node]
                }
                node &= node - 1
            }
            weight += weights[entry]
            previous[entry] = from
            if weight > bestWeight {
                bestWeight = weight
                bestEntry = entry
            }
            node = rank[entry]
            while node <= count {
                if treeWeight[node] < weight {
                    treeWeight[node] = weight
                    treeEntry[node] = entry
                }
                node += node & -node
            }
        }
        var entry = bestEntry
        while entry >= 0 {
            blocks[candidates[entry]].stays = true
            entry = previous[entry]
        }
    }

    /// The same choice for positions too far apart to pack into one sort key: ranks by sorting
    /// entry numbers, then the packed path on the ranks (which are small).
    @inlinable
    static func markHeaviestUnpacked(_ blocks: inout [ListMatching.Block], among candidates: [Int]) {
        let positions = candidates.map { blocks[$0].new }
        let order = Array(positions.indices).stablySorted { positions[$0] < positions[$1] }
        var ranked = blocks
        for (rank, entry) in order.enumerated() { ranked[candidates[entry]].new = rank }
        markHeaviest(&ranked, among: candidates)
        for candidate in candidates where ranked[candidate].stays { blocks[candidate].stays = true }
    }

    /// Patience sorting for blocks of one entry each (every weight is 1): a longest increasing
    /// subsequence of their new positions with a binary search per block.
    @inlinable
    static func markLongestIncreasing(_ blocks: inout [ListMatching.Block]) {
        let count = blocks.count
        // tails[k]: the block ending the best increasing run of length k+1 found so far.
        var tails = [Int](repeating: 0, count: count)
        var previous = [Int](repeating: -1, count: count)
        var length = 0
        for index in 0..<count {
            let value = blocks[index].new
            if length == 0 || blocks[tails[length - 1]].new < value {
                previous[index] = length > 0 ? tails[length - 1] : -1
                tails[length] = index
                length += 1
                continue
            }
            var low = 0
            var high = length - 1
            while low < high {
                let middle = (low + high) >> 1
                if blocks[tails[middle]].new < value { low = middle + 1 } else { high = middle }
            }
            previous[index] = low > 0 ? tails[low - 1] : -1
            tails[low] = index
        }
        var index = length > 0 ? tails[length - 1] : -1
        while index >= 0 {
            blocks[index].stays = true
            index = previous[index]
        }
    }
}
