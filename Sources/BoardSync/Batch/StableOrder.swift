/// The one sort of the client's short lists (batch paths and moves, drags, peers): a stable
/// merge sort of indices under a comparison of the elements they stand for. Swift's own sort is
/// compiled anew for every element type and comparison; the WebAssembly module carries every
/// such copy (several kilobytes each), while this one is compiled once. The lists are short
/// (a batch's changes, a board's drags), so reaching elements through their indices costs
/// nothing that shows.
enum StableOrder {
    /// The indices `0..<count` ordered so that `precedes(a, b)` holds for no pair whose `b`
    /// comes first; indices of equal elements keep their order.
    @inline(never)
    static func indices(count: Int, by precedes: (Int, Int) -> Bool) -> [Int] {
        var order = Array(0..<count)
        guard count > 1 else { return order }
        var scratch = order
        var width = 1
        while width < count {
            var start = 0
            while start < count {
                let middle = min(start + width, count)
                let end = min(start + 2 * width, count)
                var left = start
                var right = middle
                var out = start
                while left < middle && right < end {
                    if precedes(order[right], order[left]) {
                        scratch[out] = order[right]
                        right += 1
                    } else {
                        scratch[out] = order[left]
                        left += 1
                    }
                    out += 1
                }
                while left < middle {
                    scratch[out] = order[left]
                    left += 1
                    out += 1
                }
                while right < end {
                    scratch[out] = order[right]
                    right += 1
                    out += 1
                }
                start = end
            }
            swap(&order, &scratch)
            width *= 2
        }
        return order
    }
}

extension Array {
    /// The elements in the order `precedes` gives, equal ones as they were (`StableOrder`).
    public func stablySorted(by precedes: (Element, Element) -> Bool) -> [Element] {
        StableOrder.indices(count: count) { precedes(self[$0], self[$1]) }.map { self[$0] }
    }
}

extension Array where Element: Comparable {
    /// The elements in ascending order, equal ones as they were (`StableOrder`).
    public func stablySorted() -> [Element] {
        stablySorted(by: <)
    }
}
