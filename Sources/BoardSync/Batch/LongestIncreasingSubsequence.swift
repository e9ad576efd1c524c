/// Patience sorting: which entries of a sequence of distinct integers form one longest strictly
/// increasing subsequence. O(n log n) time, and O(n) for a sequence that is mostly in order
/// (an entry above the current longest run is appended without a search).
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
        var tails = [Int](repeating: 0, count: count)
        var previous = [Int](repeating: -1, count: count)
        var length = 0
        values.withUnsafeBufferPointer { values in
            tails.withUnsafeMutableBufferPointer { tails in
                previous.withUnsafeMutableBufferPointer { previous in
                    for position in 0..<count {
                        let value = values[position]
                        if value == skip { continue }
                        if length == 0 || values[tails[length &- 1]] < value {
                            previous[position] = length > 0 ? tails[length &- 1] : -1
                            tails[length] = position
                            length &+= 1
                            continue
                        }
                        var low = 0
                        var high = length &- 1
                        while low < high {
                            let middle = (low &+ high) >> 1
                            if values[tails[middle]] < value { low = middle &+ 1 } else { high = middle }
                        }
                        previous[position] = low > 0 ? tails[low &- 1] : -1
                        tails[low] = position
                    }
                }
            }
        }
        var position = length > 0 ? tails[length - 1] : -1
        while position >= 0 {
            member[position] = true
            position = previous[position]
        }
        return member
    }
}
