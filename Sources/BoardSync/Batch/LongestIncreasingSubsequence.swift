/// Patience sorting: which entries of a sequence of distinct integers form one longest strictly
/// increasing subsequence. O(n log n) time, three integer buffers.
@usableFromInline
enum LongestIncreasingSubsequence {
    /// A mask over `values`: true for the members of one longest increasing subsequence.
    /// Entries equal to `skip` take no part and are always false.
    @inlinable
    static func membership(of values: [Int], skipping skip: Int) -> [Bool] {
        let count = values.count
        var member = [Bool](repeating: false, count: count)
        guard count > 0 else { return member }
        // tails[k]: position in `values` of the smallest tail of an increasing run of length k+1.
        var tails = [Int]()
        tails.reserveCapacity(count)
        var previous = [Int](repeating: -1, count: count)
        values.withUnsafeBufferPointer { values in
            previous.withUnsafeMutableBufferPointer { previous in
                for position in 0..<count {
                    let value = values[position]
                    if value == skip { continue }
                    if let last = tails.last, values[last] < value {
                        previous[position] = last
                        tails.append(position)
                        continue
                    }
                    var low = 0
                    var high = tails.count
                    while low < high {
                        let middle = (low &+ high) >> 1
                        if values[tails[middle]] < value { low = middle &+ 1 } else { high = middle }
                    }
                    previous[position] = low > 0 ? tails[low &- 1] : -1
                    if low == tails.count { tails.append(position) } else { tails[low] = position }
                }
            }
        }
        var position = tails.last ?? -1
        while position >= 0 {
            member[position] = true
            position = previous[position]
        }
        return member
    }
}
