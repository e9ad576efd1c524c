/// Chooses among equally minimal moves. A list's moves are the entries outside a longest
/// sequence that keeps its order; when several such sequences exist (a tile swapped with its
/// neighbour: either of the two moved), the batch names one of them. The entry the person
/// really moved is preferred, so a shell marks exactly what they did.
enum EquivalentMoves {
    /// Makes each staying entry for which `isNamed` holds (by new index) a move instead of an
    /// interchangeable one of `moves` (new index to old index, within this list), updating the
    /// arrangement `slots` and `moves` alike.
    static func preferMoving(named isNamed: (Int) -> Bool, slots: inout [Int?], moves: inout [Int: Int]) {
        guard !moves.isEmpty else { return }
        for index in slots.indices where slots[index] != nil && isNamed(index) {
            var candidates: [(new: Int, old: Int)] = []
            for (new, old) in moves { candidates.append((new, old)) }
            candidates = candidates.stablySorted { $0.new < $1.new }
            guard let origin = slots[index], let swap = exchange(for: index, slots: slots, candidates: candidates)
            else { continue }
            moves[swap.new] = nil
            slots[swap.new] = swap.old
            slots[index] = nil
            moves[index] = origin
        }
    }

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
