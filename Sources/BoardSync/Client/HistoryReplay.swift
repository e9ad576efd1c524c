/// History entries replayed in version order onto the board below the oldest, for their words
/// (see `OpDescription.describe(_:startingFrom:)`) and, for the first member of each group, the
/// board just before it.
struct HistoryReplay {
    /// The words found, and where in `wordsFound` each version's are. Dictionaries from versions
    /// to positions rather than to the words and boards themselves: the page's WebAssembly module
    /// has a dictionary of integers already, and one of boards or of strings would cost it more.
    private var wordsFound: [String] = []
    private var wordsOfVersion: [Int: Int] = [:]
    private var boardsFound: [Board] = []
    private var boardOfVersion: [Int: Int] = [:]

    /// The board words are found on when nothing earlier is known: empty, its name never shown.
    static let nothingKnown = Board(id: BoardName("unknown")!, version: 0, sections: [])

    init(_ entries: [SequencedOp], startingFrom board: Board?) {
        let ordered = entries.stablySorted { $0.version < $1.version }
        var state = board.map { BoardState(board: $0) }
        var lastKnown = board ?? Self.nothingKnown
        // The groups met so far: a page holds few, so a list searched in order (the page's
        // WebAssembly module then needs no set of groups).
        var seenGroups: [GroupSpan] = []
        for entry in ordered {
            let before = state?.board ?? lastKnown
            wordsOfVersion[entry.version] = wordsFound.count
            wordsFound.append(OpDescription.describe(entry.op, by: entry.user, on: before))
            if let group = entry.group, !seenGroups.contains(group) {
                seenGroups.append(group)
                boardOfVersion[entry.version] = boardsFound.count
                boardsFound.append(before)
            }
            if var replayed = state, replayed.replay(entry.op, committedAt: entry.version) {
                state = replayed
                lastKnown = replayed.board
            } else {
                state = nil
            }
        }
    }

    /// The words of the entry of `version`, or nothing when there was none.
    func words(_ version: Int) -> String {
        wordsOfVersion[version].map { wordsFound[$0] } ?? ""
    }

    /// The board just before the group member of `version` that came first in version order, or
    /// nil when it is no such member.
    func boardBefore(_ version: Int) -> Board? {
        boardOfVersion[version].map { boardsFound[$0] }
    }
}
