extension ClientSession {
    /// The question to ask before deleting a section: how many tiles go with it, counting every
    /// tile of the section on the board the person sees (those someone is holding included, which
    /// a view shows as placeholders), and who is holding one. Nil when the section is not there.
    @inline(never)
    public func deletionQuestion(section id: SectionID) -> String? {
        guard let board = machine.optimistic?.board, let index = board.index(ofSection: id) else { return nil }
        let section = board.sections[index]
        var holders: [String] = []
        for item in section.items {
            guard let drag = machine.remoteDrags[item.id], !holders.contains(where: { ExactText.same($0, drag.user) })
            else { continue }
            holders.append(drag.user)
        }
        return SessionWords.deleteSection(
            section.title, tiles: section.items.count, holders: holders.stablySorted(by: ExactText.precedes))
    }

    /// The question to ask before quitting while edits are not acknowledged yet (they would be
    /// lost); nil when nothing is waiting.
    public var quitQuestion: String? {
        machine.pendingCount > 0 ? SessionWords.quitWithUnsentEdits(machine.pendingCount) : nil
    }

    /// What to say before putting the board back as it was at `board.version` (the board the
    /// server answered for that version): the question naming what changes ("Restore the board
    /// to version 42? 3 tiles move, 2 come back, 1 goes."), or why there is nothing to ask.
    @inline(never)
    public func restoreQuestion(to board: Board) -> RestoreQuestion {
        guard machine.role == .editor else {
            return RestoreQuestion(text: SessionWords.viewOnlyRestore, canRestore: false)
        }
        let summary = restoreSummary(to: board)
        guard !summary.isEmpty else {
            return RestoreQuestion(text: SessionWords.alreadyAsAt(board.version), canRestore: false)
        }
        return RestoreQuestion(
            text: SessionWords.restoreQuestion(version: board.version, summary.sentence), canRestore: true)
    }
}

/// What a client says before restoring a version: the words, and whether a restore can follow.
public struct RestoreQuestion: Hashable, Sendable {
    public var text: String
    public var canRestore: Bool
}
