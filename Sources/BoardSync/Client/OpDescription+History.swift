extension OpDescription {
    /// The words of each history entry, in the order given, each described on the board as it
    /// was just before it ("bob moved Photos to Done"), the same words a status line shows for a
    /// remote op. `board` is the board at the version just below the oldest entry, when known:
    /// the entries are replayed onto it in version order. Where that is not possible (no such
    /// board, a gap between the entries) the entries from there on are described on the last
    /// board that was known, naming what it does not hold by id.
    public static func describe(_ entries: [SequencedOp], startingFrom board: Board?) -> [String] {
        let replay = HistoryReplay(entries, startingFrom: board)
        return entries.map { replay.words($0.version) }
    }

    /// The changes of a history, in the order of their first entry given: each op alone, and the
    /// members of a group (the entries that share its span) together, described as one change the
    /// way a remote group is ("bob moved 5 tiles to Done", "bob restored the board to version
    /// 42") on the board just before its first member given, with each member's own words.
    public static func changes(_ entries: [SequencedOp], startingFrom board: Board?) -> [HistoryChange] {
        let replay = HistoryReplay(entries, startingFrom: board)
        var changes: [HistoryChange] = []
        // Each group's change, by its position in `changes`: a page holds few groups, so a list
        // searched in order (the page's WebAssembly module then needs no dictionary of groups).
        var positions: [(group: GroupSpan, position: Int)] = []
        for entry in entries {
            let words = replay.words(entry.version)
            guard let group = entry.group else {
                changes.append(HistoryChange(entries: [entry], words: words, memberWords: []))
                continue
            }
            if let position = positions.first(where: { $0.group == group })?.position {
                changes[position].entries.append(entry)
                changes[position].memberWords.append(words)
            } else {
                positions.append((group, changes.count))
                changes.append(HistoryChange(entries: [entry], words: "", memberWords: [words]))
            }
        }
        for (group, position) in positions {
            let entries = changes[position].entries
            let memberWords = changes[position].memberWords
            let order = StableOrder.indices(count: entries.count) { entries[$0].version < entries[$1].version }
            changes[position].entries = order.map { entries[$0] }
            changes[position].memberWords = order.map { memberWords[$0] }
            let first = changes[position].entries[0]
            let before = replay.boardBefore(first.version) ?? HistoryReplay.nothingKnown
            changes[position].words = describe(
                group: changes[position].entries.map { $0.op }, by: first.user, on: before, restores: group.restores)
        }
        return changes
    }
}
