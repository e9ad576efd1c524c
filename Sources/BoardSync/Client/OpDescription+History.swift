extension OpDescription {
    /// The words of each history entry, in the order given, each described on the board as it
    /// was just before it ("bob moved Photos to Done"), the same words a status line shows for a
    /// remote op. `board` is the board at the version just below the oldest entry, when known:
    /// the entries are replayed onto it in version order. Where that is not possible (no such
    /// board, a gap between the entries) the entries from there on are described on the last
    /// board that was known, naming what it does not hold by id.
    public static func describe(_ entries: [SequencedOp], startingFrom board: Board?) -> [String] {
        let ordered = entries.sorted { $0.version < $1.version }
        var state = board.map { BoardState(board: $0) }
        var lastKnown = board ?? Board(id: "", version: 0, sections: [])
        var words: [Int: String] = [:]
        for entry in ordered {
            let before = state?.board ?? lastKnown
            words[entry.version] = describe(entry.op, by: entry.user, on: before)
            if var replayed = state, replayed.replay(entry.op, committedAt: entry.version) {
                state = replayed
                lastKnown = replayed.board
            } else {
                state = nil
            }
        }
        return entries.map { words[$0.version] ?? "" }
    }
}
