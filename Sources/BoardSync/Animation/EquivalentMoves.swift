/// Chooses among equally minimal moves. A list's moves are the entries outside a longest
/// sequence that keeps its order; when several such sequences exist (a tile swapped with its
/// neighbour: either of the two moved), the batch names one of them. The entry the person
/// really moved is preferred, so a shell marks exactly what they did.
enum EquivalentMoves {
    /// A move of `candidates` (new and old index of a move within the same list) that can stay
    /// in place instead of the staying entry at new index `subject`, leaving the number of moves
    /// unchanged: the staying entries without `subject`, plus the candidate, still keep their
    /// order. `slots` gives for each new index the old index of the entry staying there.
    static func exchange(
        for subject: Int, slots: [Int?], candidates: [(new: Int, old: Int)]
    ) -> (new: Int, old: Int)? {
        guard subject >= 0, subject < slots.count, slots[subject] != nil else { return nil }
        for candidate in candidates {
            var earlierInNew = 0
            var earlierInOld = 0
            for (index, origin) in slots.enumerated() where index != subject {
                guard let origin else { continue }
                if index < candidate.new { earlierInNew += 1 }
                if origin < candidate.old { earlierInOld += 1 }
            }
            if earlierInNew == earlierInOld { return candidate }
        }
        return nil
    }
}
