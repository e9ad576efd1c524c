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
}
