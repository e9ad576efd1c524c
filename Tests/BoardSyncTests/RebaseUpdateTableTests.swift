import BoardSync
import Testing

/// `update` rebased through each of the eight kinds of committed op: it has no position, so only a
/// deletion or a concurrent update of the same item matters.
@Suite struct RebaseUpdateTableTests {
    static let mine = Op.update(item: "a", label: "Mine")

    static let rows: [RebaseCase] = [
        RebaseCase(name: "insert", op: mine, committed: Committed.insert("s0", 0), expected: mine),
        RebaseCase(
            name: "move of the same item", op: mine,
            committed: .move(item: "a", from: at("s0", 0), to: at("s1", 1)), expected: mine),
        RebaseCase(
            name: "delete of the same item makes it a no-op", op: mine,
            committed: .delete(item: "a", from: at("s0", 0)), expected: nil),
        RebaseCase(
            name: "delete of another item", op: mine, committed: .delete(item: "b", from: at("s0", 1)), expected: mine),
        RebaseCase(
            name: "update of the same item: the newer update wins", op: mine, committed: Committed.updateA,
            expected: mine),
        RebaseCase(
            name: "update of the same item, op not newer: dropped", op: mine, committed: Committed.updateA,
            expected: nil, opIsNewer: false),
        RebaseCase(
            name: "update of another item", op: mine, committed: .update(item: "b", label: "Other"), expected: mine),
        RebaseCase(
            name: "update of another item, op not newer", op: mine, committed: .update(item: "b", label: "Other"),
            expected: mine, opIsNewer: false),
        RebaseCase(name: "insertSection", op: mine, committed: Committed.insertSection, expected: mine),
        RebaseCase(
            name: "moveSection of the item's section", op: mine,
            committed: .moveSection(section: "s0", from: 0, index: 2), expected: mine),
        RebaseCase(
            name: "renameSection of the item's section", op: mine, committed: Committed.renameS0, expected: mine),
        RebaseCase(
            // The op names no section, so rebasing (which has no board) keeps it; the checks then
            // find the item deleted with its section and make it a no-op (rule 5).
            name: "deleteSection of the item's section: kept by rebase, a no-op by the checks",
            op: mine, committed: .deleteSection(section: "s0", from: 0), expected: mine, expectedCheck: .noop),
        RebaseCase(
            name: "deleteSection of another section", op: mine, committed: .deleteSection(section: "s1", from: 1),
            expected: mine),
    ]

    @Test(arguments: rows) func row(_ row: RebaseCase) { row.verify() }
}
