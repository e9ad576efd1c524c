/// History entries replayed in version order onto the board below the oldest, for their words
/// (see `OpDescription.describe(_:startingFrom:)`) and, for the first member of each group, the
/// board just before it.
struct HistoryReplay {
    var words: [Int: String] = [:]
    var boardsBefore: [Int: Board] = [:]

    /// The board words are found on when nothing earlier is known: empty, its name never shown.
    static let nothingKnown = Board(id: BoardName("unknown")!, version: 0, sections: [])

    init(_ entries: [SequencedOp], startingFrom board: Board?) {
        let ordered = entries.stablySorted { $0.version < $1.version }
        var state = board.map { BoardState(board: $0) }
        var lastKnown = board ?? Self.nothingKnown
        var seenGroups: Set<GroupSpan> = []
        for entry in ordered {
            let before = state?.board ?? lastKnown
            words[entry.version] = OpDescription.describe(entry.op, by: entry.user, on: before)
            if let group = entry.group, seenGroups.insert(group).inserted { boardsBefore[entry.version] = before }
            if var replayed = state, replayed.replay(entry.op, committedAt: entry.version) {
                state = replayed
                lastKnown = replayed.board
            } else {
                state = nil
            }
        }
    }
}
