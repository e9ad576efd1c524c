import BoardSync
import Testing

/// `move` rebased through each of the eight kinds of committed op. Rule 4: the gap is counted
/// without the moving element, so an edit at `k` after the element's `from` `p` (p < k) is compared
/// with the gap as `k - 1`.
@Suite struct RebaseMoveTableTests {
    static let rows: [RebaseCase] = [
        RebaseCase(
            name: "insert at the gap in the target section: the insert keeps the slot",
            op: .move(item: "a", from: at("s0", 0), to: at("s1", 2)), committed: Committed.insert("s1", 2),
            expected: .move(item: "a", from: at("s0", 0), to: at("s1", 3))),
        RebaseCase(
            name: "insert before from in the source section shifts from only",
            op: .move(item: "b", from: at("s0", 1), to: at("s1", 0)), committed: Committed.insert("s0", 0),
            expected: .move(item: "b", from: at("s0", 2), to: at("s1", 0))),
        RebaseCase(
            // p = 0 < k = 3, so k is compared as 2 <= gap 2: the gap grows. s0 is a b c N d; a goes
            // between c and N's slot: b c N a d.
            name: "insert after from in the same list is counted as k - 1",
            op: .move(item: "a", from: at("s0", 0), to: at("s0", 2)), committed: Committed.insert("s0", 3),
            expected: .move(item: "a", from: at("s0", 0), to: at("s0", 3))),
        RebaseCase(
            // p = 3, k = 0 is not after p: 0 <= 1 grows the gap, and from moves to 4.
            name: "insert before from and before the gap in the same list",
            op: .move(item: "d", from: at("s0", 3), to: at("s0", 1)), committed: Committed.insert("s0", 0),
            expected: .move(item: "d", from: at("s0", 4), to: at("s0", 2))),
        RebaseCase(
            // p = 1, k = 4 compared as 3 > gap 1: the gap stays; from stays.
            name: "insert after from and after the gap in the same list",
            op: .move(item: "b", from: at("s0", 1), to: at("s0", 1)), committed: Committed.insert("s0", 4),
            expected: .move(item: "b", from: at("s0", 1), to: at("s0", 1))),
        RebaseCase(
            name: "a move to where the item is stays there when an insert lands before it",
            op: .move(item: "b", from: at("s0", 1), to: at("s0", 1)), committed: Committed.insert("s0", 0),
            expected: .move(item: "b", from: at("s0", 2), to: at("s0", 2))),
        RebaseCase(
            name: "the same item moved twice: the newer move wins from the committed destination",
            op: .move(item: "a", from: at("s0", 0), to: at("s1", 1)),
            committed: .move(item: "a", from: at("s0", 0), to: at("s2", 0)),
            expected: .move(item: "a", from: at("s2", 0), to: at("s1", 1))),
        RebaseCase(
            name: "the same item moved twice, op not newer: dropped",
            op: .move(item: "a", from: at("s0", 0), to: at("s1", 1)),
            committed: .move(item: "a", from: at("s0", 0), to: at("s2", 0)),
            expected: nil, opIsNewer: false),
        RebaseCase(
            name: "the same item moved twice inside its section",
            op: .move(item: "a", from: at("s0", 0), to: at("s0", 3)),
            committed: .move(item: "a", from: at("s0", 0), to: at("s0", 2)),
            expected: .move(item: "a", from: at("s0", 2), to: at("s0", 3))),
        RebaseCase(
            // The committed move took a to s1:3 (e f g a); the op's gap 1 in s1 without a is kept.
            name: "the same item already moved into the op's target section",
            op: .move(item: "a", from: at("s0", 0), to: at("s1", 1)),
            committed: .move(item: "a", from: at("s0", 0), to: at("s1", 3)),
            expected: .move(item: "a", from: at("s1", 3), to: at("s1", 1))),
        RebaseCase(
            // Remove at 3 with p = 1 < 3 is compared as 2 < gap 3: the gap shrinks to 2 (b at the end
            // of a b c).
            name: "cross-section move out of the list after from and before the gap",
            op: .move(item: "b", from: at("s0", 1), to: at("s0", 3)),
            committed: .move(item: "d", from: at("s0", 3), to: at("s1", 0)),
            expected: .move(item: "b", from: at("s0", 1), to: at("s0", 2))),
        RebaseCase(
            // Remove at 3 (p = 0 < 3, as 2, not < 2): gap 2; insert at 0 (p = 0, not < 0, as 0 <= 2):
            // gap 3; from 0 becomes 1. s0 is d a b c; without a d b c; a at 3 is after c.
            name: "within the list, the committed move crosses the gap backwards",
            op: .move(item: "a", from: at("s0", 0), to: at("s0", 2)),
            committed: .move(item: "d", from: at("s0", 3), to: at("s0", 0)),
            expected: .move(item: "a", from: at("s0", 1), to: at("s0", 3))),
        RebaseCase(
            // Remove at 0 (< 1): gap 0, from 2; insert at 3 (p = 2 < 3, as 2, not <= 0): gap 0.
            // s0 is b c d a; d at 0 of b c a.
            name: "within the list, the committed move crosses the gap forwards",
            op: .move(item: "d", from: at("s0", 3), to: at("s0", 1)),
            committed: .move(item: "a", from: at("s0", 0), to: at("s0", 3)),
            expected: .move(item: "d", from: at("s0", 2), to: at("s0", 0))),
        RebaseCase(
            // Remove at 2 (p = 0 < 2, as 1 < 2): gap 1; insert at 0 (as 0 <= 1): gap 2, from 1.
            // s0 is c a b d; without a c b d; a at 2 is still just before d.
            name: "within the list, the committed move from inside the gap span to the front",
            op: .move(item: "a", from: at("s0", 0), to: at("s0", 2)),
            committed: .move(item: "c", from: at("s0", 2), to: at("s0", 0)),
            expected: .move(item: "a", from: at("s0", 1), to: at("s0", 2))),
        RebaseCase(
            // Remove at s1:1 is not before the gap 1; insert at s0:0 <= from 0 shifts from.
            name: "cross-section moves in opposite directions",
            op: .move(item: "a", from: at("s0", 0), to: at("s1", 1)),
            committed: .move(item: "f", from: at("s1", 1), to: at("s0", 0)),
            expected: .move(item: "a", from: at("s0", 1), to: at("s1", 1))),
        RebaseCase(
            name: "delete of the moving item makes it a no-op",
            op: .move(item: "a", from: at("s0", 0), to: at("s1", 1)), committed: .delete(item: "a", from: at("s0", 0)),
            expected: nil),
        RebaseCase(
            name: "delete before from",
            op: .move(item: "c", from: at("s0", 2), to: at("s1", 0)), committed: .delete(item: "a", from: at("s0", 0)),
            expected: .move(item: "c", from: at("s0", 1), to: at("s1", 0))),
        RebaseCase(
            name: "delete before the gap in the target section",
            op: .move(item: "a", from: at("s0", 0), to: at("s1", 2)), committed: .delete(item: "e", from: at("s1", 0)),
            expected: .move(item: "a", from: at("s0", 0), to: at("s1", 1))),
        RebaseCase(
            // p = 0 < k = 2 is compared as 1 < gap 2: the gap shrinks (a b d: a goes before d).
            name: "delete after from and before the gap in the same list",
            op: .move(item: "a", from: at("s0", 0), to: at("s0", 2)), committed: .delete(item: "c", from: at("s0", 2)),
            expected: .move(item: "a", from: at("s0", 0), to: at("s0", 1))),
        RebaseCase(
            name: "update of the moving item changes no position",
            op: .move(item: "a", from: at("s0", 0), to: at("s1", 1)), committed: Committed.updateA,
            expected: .move(item: "a", from: at("s0", 0), to: at("s1", 1))),
        RebaseCase(
            name: "insertSection does not touch item lists",
            op: .move(item: "a", from: at("s0", 0), to: at("s1", 1)), committed: Committed.insertSection,
            expected: .move(item: "a", from: at("s0", 0), to: at("s1", 1))),
        RebaseCase(
            name: "moveSection of the source section",
            op: .move(item: "a", from: at("s0", 0), to: at("s1", 1)),
            committed: .moveSection(section: "s0", from: 0, index: 2),
            expected: .move(item: "a", from: at("s0", 0), to: at("s1", 1))),
        RebaseCase(
            name: "renameSection of the target section",
            op: .move(item: "a", from: at("s0", 0), to: at("s1", 1)), committed: Committed.renameS1,
            expected: .move(item: "a", from: at("s0", 0), to: at("s1", 1))),
        RebaseCase(
            name: "deleteSection of the section holding the item makes it a no-op",
            op: .move(item: "a", from: at("s0", 0), to: at("s1", 1)), committed: .deleteSection(section: "s0", from: 0),
            expected: nil),
        RebaseCase(
            name: "deleteSection of the target section makes it a no-op",
            op: .move(item: "a", from: at("s0", 0), to: at("s1", 1)), committed: .deleteSection(section: "s1", from: 1),
            expected: nil),
        RebaseCase(
            name: "deleteSection of another section",
            op: .move(item: "a", from: at("s0", 0), to: at("s1", 1)), committed: .deleteSection(section: "s2", from: 2),
            expected: .move(item: "a", from: at("s0", 0), to: at("s1", 1))),
    ]

    @Test(arguments: rows) func row(_ row: RebaseCase) { row.verify() }
}
