import BoardSync
import Testing

/// `insert` rebased through each of the eight kinds of committed op.
@Suite struct RebaseInsertTableTests {
    static let rows: [RebaseCase] = [
        RebaseCase(
            name: "insert before the gap shifts it",
            op: .insert(item: newItem("n1"), to: at("s0", 3)), committed: Committed.insert("s0", 1),
            expected: .insert(item: newItem("n1"), to: at("s0", 4))),
        RebaseCase(
            name: "insert at the same slot: the op committed first keeps it",
            op: .insert(item: newItem("n1"), to: at("s0", 2)), committed: Committed.insert("s0", 2),
            expected: .insert(item: newItem("n1"), to: at("s0", 3))),
        RebaseCase(
            name: "insert at the same slot, op not newer: it keeps the slot",
            op: .insert(item: newItem("n1"), to: at("s0", 2)), committed: Committed.insert("s0", 2),
            expected: .insert(item: newItem("n1"), to: at("s0", 2)), opIsNewer: false),
        RebaseCase(
            name: "insert after the gap leaves it",
            op: .insert(item: newItem("n1"), to: at("s0", 1)), committed: Committed.insert("s0", 3),
            expected: .insert(item: newItem("n1"), to: at("s0", 1))),
        RebaseCase(
            name: "insert into another section leaves the gap",
            op: .insert(item: newItem("n1"), to: at("s1", 1)), committed: Committed.insert("s0", 0),
            expected: .insert(item: newItem("n1"), to: at("s1", 1))),
        RebaseCase(
            // The remove at s0:0 is before the gap 2; the insert goes to another list.
            name: "move out of the list from before the gap",
            op: .insert(item: newItem("n1"), to: at("s0", 2)),
            committed: .move(item: "a", from: at("s0", 0), to: at("s1", 1)),
            expected: .insert(item: newItem("n1"), to: at("s0", 1))),
        RebaseCase(
            // Remove at 3 is after the gap 2; insert at 0 <= 2: s0 becomes d a b c, the gap (between
            // b and c) is 3.
            name: "move inside the list from after the gap to before it",
            op: .insert(item: newItem("n1"), to: at("s0", 2)),
            committed: .move(item: "d", from: at("s0", 3), to: at("s0", 0)),
            expected: .insert(item: newItem("n1"), to: at("s0", 3))),
        RebaseCase(
            name: "move into the list at the gap: the committed move keeps the slot",
            op: .insert(item: newItem("n1"), to: at("s1", 1)),
            committed: .move(item: "a", from: at("s0", 0), to: at("s1", 1)),
            expected: .insert(item: newItem("n1"), to: at("s1", 2))),
        RebaseCase(
            name: "delete before the gap",
            op: .insert(item: newItem("n1"), to: at("s0", 2)), committed: .delete(item: "a", from: at("s0", 0)),
            expected: .insert(item: newItem("n1"), to: at("s0", 1))),
        RebaseCase(
            // Remove at k = g is not k < g: the gap stays before d.
            name: "delete right after the gap leaves it",
            op: .insert(item: newItem("n1"), to: at("s0", 2)), committed: .delete(item: "c", from: at("s0", 2)),
            expected: .insert(item: newItem("n1"), to: at("s0", 2))),
        RebaseCase(
            name: "update changes no position",
            op: .insert(item: newItem("n1"), to: at("s0", 2)), committed: Committed.updateA,
            expected: .insert(item: newItem("n1"), to: at("s0", 2))),
        RebaseCase(
            name: "insertSection does not touch item lists",
            op: .insert(item: newItem("n1"), to: at("s1", 1)), committed: Committed.insertSection(at: 0),
            expected: .insert(item: newItem("n1"), to: at("s1", 1))),
        RebaseCase(
            name: "moveSection of the target section: items are placed by section id",
            op: .insert(item: newItem("n1"), to: at("s1", 1)),
            committed: .moveSection(section: "s1", from: 1, index: 0),
            expected: .insert(item: newItem("n1"), to: at("s1", 1))),
        RebaseCase(
            name: "renameSection of the target section",
            op: .insert(item: newItem("n1"), to: at("s1", 1)), committed: Committed.renameS1,
            expected: .insert(item: newItem("n1"), to: at("s1", 1))),
        RebaseCase(
            name: "deleteSection of the target section makes it a no-op",
            op: .insert(item: newItem("n1"), to: at("s1", 1)), committed: .deleteSection(section: "s1", from: 1),
            expected: nil),
        RebaseCase(
            name: "deleteSection of another section",
            op: .insert(item: newItem("n1"), to: at("s1", 1)), committed: .deleteSection(section: "s0", from: 0),
            expected: .insert(item: newItem("n1"), to: at("s1", 1))),
    ]

    @Test(arguments: rows) func row(_ row: RebaseCase) { row.verify() }
}
