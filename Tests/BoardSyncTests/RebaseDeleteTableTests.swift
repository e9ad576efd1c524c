import BoardSync
import Testing

/// `delete` rebased through each of the eight kinds of committed op: only its `from` moves (rule 3).
@Suite struct RebaseDeleteTableTests {
    static let rows: [RebaseCase] = [
        RebaseCase(
            name: "insert at from shifts it",
            op: .delete(item: "c", from: at("s0", 2)), committed: Committed.insert("s0", 2),
            expected: .delete(item: "c", from: at("s0", 3))),
        RebaseCase(
            name: "insert after from leaves it",
            op: .delete(item: "c", from: at("s0", 2)), committed: Committed.insert("s0", 3),
            expected: .delete(item: "c", from: at("s0", 2))),
        RebaseCase(
            name: "insert into another section",
            op: .delete(item: "c", from: at("s0", 2)), committed: Committed.insert("s1", 0),
            expected: .delete(item: "c", from: at("s0", 2))),
        RebaseCase(
            name: "move of the same item sets from to its destination",
            op: .delete(item: "a", from: at("s0", 0)), committed: .move(item: "a", from: at("s0", 0), to: at("s1", 3)),
            expected: .delete(item: "a", from: at("s1", 3))),
        RebaseCase(
            name: "move of the same item, op not newer: the delete still follows it",
            op: .delete(item: "a", from: at("s0", 0)), committed: .move(item: "a", from: at("s0", 0), to: at("s1", 3)),
            expected: .delete(item: "a", from: at("s1", 3)), opIsNewer: false),
        RebaseCase(
            // Remove at 0 < 2 gives 1; insert at 3 is after 1.
            name: "move of another item from before from to after it",
            op: .delete(item: "c", from: at("s0", 2)), committed: .move(item: "a", from: at("s0", 0), to: at("s0", 3)),
            expected: .delete(item: "c", from: at("s0", 1))),
        RebaseCase(
            name: "move of another item into the section before from",
            op: .delete(item: "c", from: at("s0", 2)), committed: .move(item: "e", from: at("s1", 0), to: at("s0", 0)),
            expected: .delete(item: "c", from: at("s0", 3))),
        RebaseCase(
            name: "delete of the same item makes it a no-op",
            op: .delete(item: "a", from: at("s0", 0)), committed: .delete(item: "a", from: at("s0", 0)),
            expected: nil),
        RebaseCase(
            name: "delete of another item before from",
            op: .delete(item: "c", from: at("s0", 2)), committed: .delete(item: "b", from: at("s0", 1)),
            expected: .delete(item: "c", from: at("s0", 1))),
        RebaseCase(
            name: "delete of another item after from",
            op: .delete(item: "c", from: at("s0", 2)), committed: .delete(item: "d", from: at("s0", 3)),
            expected: .delete(item: "c", from: at("s0", 2))),
        RebaseCase(
            name: "update of the same item: the delete still applies",
            op: .delete(item: "a", from: at("s0", 0)), committed: Committed.updateA,
            expected: .delete(item: "a", from: at("s0", 0))),
        RebaseCase(
            name: "insertSection",
            op: .delete(item: "a", from: at("s0", 0)), committed: Committed.insertSection(at: 0),
            expected: .delete(item: "a", from: at("s0", 0))),
        RebaseCase(
            name: "moveSection of the item's section",
            op: .delete(item: "a", from: at("s0", 0)), committed: .moveSection(section: "s0", from: 0, index: 2),
            expected: .delete(item: "a", from: at("s0", 0))),
        RebaseCase(
            name: "renameSection of the item's section",
            op: .delete(item: "a", from: at("s0", 0)), committed: Committed.renameS0,
            expected: .delete(item: "a", from: at("s0", 0))),
        RebaseCase(
            name: "deleteSection of the item's section makes it a no-op",
            op: .delete(item: "e", from: at("s1", 0)), committed: .deleteSection(section: "s1", from: 1),
            expected: nil),
        RebaseCase(
            name: "deleteSection of another section",
            op: .delete(item: "a", from: at("s0", 0)), committed: .deleteSection(section: "s1", from: 1),
            expected: .delete(item: "a", from: at("s0", 0))),
    ]

    @Test(arguments: rows) func row(_ row: RebaseCase) { row.verify() }
}
