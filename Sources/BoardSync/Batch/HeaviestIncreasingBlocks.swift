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
    /// Sets `stays` on the chosen blocks. `ranks`, when given, holds each block's 1-based rank by
    /// new position; otherwise the ranks are found by sorting.
    @inlinable
    static func markStaying(_ blocks: inout [ListMatching.Block], ranks given: [Int]?) {
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
        let rank = given ?? ranks(of: blocks)
        var treeWeight = [Int](repeating: 0, count: count + 1)
        var treeBlock = [Int](repeating: -1, count: count + 1)
        var previous = [Int](repeating: -1, count: count)
        var bestWeight = 0
        var bestBlock = -1
        for index in 0..<count {
            var weight = 0
            var from = -1
            var node = rank[index] - 1
            while node > 0 {
                if treeWeight[node] > weight {
                    weight = treeWeight[node]
                    from = treeBlock[node]
                }
                node &= node - 1
            }
            weight += blocks[index].length
            previous[index] = from
            if weight > bestWeight {
                bestWeight = weight
                bestBlock = index
            }
            node = rank[index]
            while node <= count {
                if treeWeight[node] < weight {
                    treeWeight[node] = weight
                    treeBlock[node] = index
                }
                node += node & -node
            }
        }
        var index = bestBlock
        while index >= 0 {
            blocks[index].stays = true
            index = previous[index]
        }
    }

    /// Each block's 1-based rank by new position, for the Fenwick tree.
    @inlinable
    static func ranks(of blocks: [ListMatching.Block]) -> [Int] {
        var byNew = [(new: Int, block: Int)]()
        byNew.reserveCapacity(blocks.count)
        for index in 0..<blocks.count { byNew.append((blocks[index].new, index)) }
        byNew.sort { $0.new < $1.new }
        var rank = [Int](repeating: 0, count: blocks.count)
        for (position, entry) in byNew.enumerated() { rank[entry.block] = position + 1 }
        return rank
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
