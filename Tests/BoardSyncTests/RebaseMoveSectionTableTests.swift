import BoardSync
import Testing

/// `moveSection` rebased through each of the eight kinds of committed op, with rule 4 in the
/// section list.
@Suite struct RebaseMoveSectionTableTests {
    static let mine = Op.moveSection(section: "s0", from: 0, index: 2)

    static let rows: [RebaseCase] = [
        RebaseCase(name: "insert into the section", op: mine, committed: Committed.insert("s0", 0), expected: mine),
        RebaseCase(
            name: "move out of the section", op: mine,
            committed: .move(item: "a", from: at("s0", 0), to: at("s1", 1)), expected: mine),
        RebaseCase(
            name: "delete in the section", op: mine, committed: .delete(item: "a", from: at("s0", 0)), expected: mine),
        RebaseCase(name: "update", op: mine, committed: Committed.updateA, expected: mine),
        RebaseCase(
            // p = 0 < k = 1, compared as 0 <= 2: the gap grows to 3 (t s1 s2 s0).
            name: "insertSection after from", op: mine, committed: Committed.insertSection(at: 1),
            expected: .moveSection(section: "s0", from: 0, index: 3)),
        RebaseCase(
            // p = 0 < k = 2, compared as 1 <= 1: the new section keeps the contested slot (s1 t s0 s2).
            name: "insertSection at the gap, counted without the moving section",
            op: .moveSection(section: "s0", from: 0, index: 1), committed: Committed.insertSection(at: 2),
            expected: .moveSection(section: "s0", from: 0, index: 2)),
        RebaseCase(
            // k = 0 is not after p = 2: 0 <= 0 grows the gap; from becomes 3 (t s2 s0 s1).
            name: "insertSection before from and at the gap",
            op: .moveSection(section: "s2", from: 2, index: 0), committed: Committed.insertSection(at: 0),
            expected: .moveSection(section: "s2", from: 3, index: 1)),
        RebaseCase(
            name: "moveSection of the same section: the newer move wins from the committed destination",
            op: mine, committed: .moveSection(section: "s0", from: 0, index: 1),
            expected: .moveSection(section: "s0", from: 1, index: 2)),
        RebaseCase(
            name: "moveSection of the same section, op not newer: dropped",
            op: mine, committed: .moveSection(section: "s0", from: 0, index: 1), expected: nil, opIsNewer: false),
        RebaseCase(
            // Remove at 2 (p = 0 < 2, as 1, not < 1): gap 1; insert at 0 (as 0 <= 1): gap 2, from 1.
            // Sections s2 s0 s1; s0 goes after s1.
            name: "moveSection of another section across the gap",
            op: .moveSection(section: "s0", from: 0, index: 1),
            committed: .moveSection(section: "s2", from: 2, index: 0),
            expected: .moveSection(section: "s0", from: 1, index: 2)),
        RebaseCase(name: "renameSection of the same section", op: mine, committed: Committed.renameS0, expected: mine),
        RebaseCase(
            name: "deleteSection of the same section makes it a no-op",
            op: mine, committed: .deleteSection(section: "s0", from: 0), expected: nil),
        RebaseCase(
            name: "deleteSection before from",
            op: .moveSection(section: "s2", from: 2, index: 0), committed: .deleteSection(section: "s0", from: 0),
            expected: .moveSection(section: "s2", from: 1, index: 0)),
        RebaseCase(
            // p = 0 < k = 2, compared as 1 < 2: the gap shrinks to 1 (s1 s0).
            name: "deleteSection after from and before the gap",
            op: mine, committed: .deleteSection(section: "s2", from: 2),
            expected: .moveSection(section: "s0", from: 0, index: 1)),
    ]

    @Test(arguments: rows) func row(_ row: RebaseCase) { row.verify() }
}
