/// The minimal difference between two flat lists of unique ids, in `performBatchUpdates` terms:
/// `deletes` are old indices, `inserts` new indices, and `moves` only the entries whose order
/// relative to the other kept entries changed (kept entries minus a longest increasing
/// subsequence). Entries that merely shift because of inserts and deletes are not listed.
///
/// Cost O(n log n); a shared prefix and suffix are skipped first with equality checks only, so a
/// single insert, delete or move in a long list costs one pass of comparisons; after that only
/// the entries that fall out of step are hashed.
public struct ListDiff: Hashable, Sendable {
    /// Old indices, ascending.
    public var deletes: [Int]
    /// New indices, ascending.
    public var inserts: [Int]
    /// Old index to new index, in old order.
    public var moves: [IndexMove]

    public init(deletes: [Int] = [], inserts: [Int] = [], moves: [IndexMove] = []) {
        self.deletes = deletes
        self.inserts = inserts
        self.moves = moves
    }

    /// True when the lists were equal.
    public var isEmpty: Bool { deletes.isEmpty && inserts.isEmpty && moves.isEmpty }

    /// The difference that turns `old` into `new`. Ids are expected to be unique in each list;
    /// a repeated id is matched once and its other occurrences count as deleted or inserted.
    @inlinable
    public static func between<ID: Hashable>(old: [ID], new: [ID]) -> ListDiff {
        let matching = old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in ListMatching(old: old, new: new) }
        }
        var diff = ListDiff(deletes: matching.deleted, inserts: matching.inserted)
        for block in matching.blocks where !block.stays {
            for offset in 0..<block.length {
                diff.moves.append(IndexMove(from: block.old &+ offset, to: block.new &+ offset))
            }
        }
        return diff
    }
}
