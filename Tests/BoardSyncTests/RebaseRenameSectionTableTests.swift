import BoardSync
import Testing

/// `renameSection` rebased through each of the eight kinds of committed op.
@Suite struct RebaseRenameSectionTableTests {
    static let mine = Op.renameSection(section: "s0", title: "Mine")

    static let rows: [RebaseCase] = [
        RebaseCase(name: "insert into the section", op: mine, committed: Committed.insert("s0", 0), expected: mine),
        RebaseCase(
            name: "move out of the section", op: mine,
            committed: .move(item: "a", from: at("s0", 0), to: at("s1", 1)), expected: mine),
        RebaseCase(name: "delete", op: mine, committed: .delete(item: "a", from: at("s0", 0)), expected: mine),
        RebaseCase(name: "update", op: mine, committed: Committed.updateA, expected: mine),
        RebaseCase(name: "insertSection", op: mine, committed: Committed.insertSection(at: 0), expected: mine),
        RebaseCase(
            name: "moveSection of the same section", op: mine,
            committed: .moveSection(section: "s0", from: 0, index: 2), expected: mine),
        RebaseCase(
            name: "renameSection of the same section: the newer rename wins", op: mine,
            committed: Committed.renameS0, expected: mine),
        RebaseCase(
            name: "renameSection of the same section, op not newer: dropped", op: mine,
            committed: Committed.renameS0, expected: nil, opIsNewer: false),
        RebaseCase(
            name: "renameSection of another section, op not newer", op: mine, committed: Committed.renameS1,
            expected: mine, opIsNewer: false),
        RebaseCase(
            name: "deleteSection of the same section makes it a no-op", op: mine,
            committed: .deleteSection(section: "s0", from: 0), expected: nil),
        RebaseCase(
            name: "deleteSection of another section", op: mine, committed: .deleteSection(section: "s1", from: 1),
            expected: mine),
    ]

    @Test(arguments: rows) func row(_ row: RebaseCase) { row.verify() }
}
