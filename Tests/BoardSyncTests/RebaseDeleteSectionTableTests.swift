import BoardSync
import Testing

/// `deleteSection` rebased through each of the eight kinds of committed op: only its `from` moves.
@Suite struct RebaseDeleteSectionTableTests {
    static let mine = Op.deleteSection(section: "s1", from: 1)

    static let rows: [RebaseCase] = [
        RebaseCase(
            name: "insert into the section: the deletion takes the new item too", op: mine,
            committed: Committed.insert("s1", 0), expected: mine),
        RebaseCase(
            name: "move out of the section", op: mine,
            committed: .move(item: "e", from: at("s1", 0), to: at("s0", 0)), expected: mine),
        RebaseCase(
            name: "delete in the section", op: mine, committed: .delete(item: "e", from: at("s1", 0)), expected: mine),
        RebaseCase(name: "update in the section", op: mine, committed: .update(item: "e", label: "x"), expected: mine),
        RebaseCase(
            name: "insertSection at from shifts it", op: mine, committed: Committed.insertSection(at: 1),
            expected: .deleteSection(section: "s1", from: 2)),
        RebaseCase(
            name: "insertSection after from", op: mine, committed: Committed.insertSection(at: 2), expected: mine),
        RebaseCase(
            name: "moveSection of the same section sets from to its destination",
            op: .deleteSection(section: "s0", from: 0), committed: .moveSection(section: "s0", from: 0, index: 2),
            expected: .deleteSection(section: "s0", from: 2)),
        RebaseCase(
            name: "moveSection of the same section, op not newer: the deletion still follows it",
            op: .deleteSection(section: "s0", from: 0), committed: .moveSection(section: "s0", from: 0, index: 2),
            expected: .deleteSection(section: "s0", from: 2), opIsNewer: false),
        RebaseCase(
            // Remove at 0 < 1 gives 0; insert at 2 is after it.
            name: "moveSection of another section over from", op: mine,
            committed: .moveSection(section: "s0", from: 0, index: 2), expected: .deleteSection(section: "s1", from: 0)),
        RebaseCase(name: "renameSection of the same section", op: mine, committed: Committed.renameS1, expected: mine),
        RebaseCase(
            name: "deleteSection of the same section makes it a no-op", op: mine,
            committed: .deleteSection(section: "s1", from: 1), expected: nil),
        RebaseCase(
            name: "deleteSection of another section before from",
            op: .deleteSection(section: "s2", from: 2), committed: .deleteSection(section: "s0", from: 0),
            expected: .deleteSection(section: "s2", from: 1)),
    ]

    @Test(arguments: rows) func row(_ row: RebaseCase) { row.verify() }
}
