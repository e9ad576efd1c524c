import BoardSync
import Testing

/// `insertSection` rebased through each of the eight kinds of committed op: its gap is in the
/// section list, which only section ops edit.
@Suite struct RebaseInsertSectionTableTests {
    static let mine = Op.insertSection(section: newSection, index: 1)

    static func mine(at index: Int) -> Op { .insertSection(section: newSection, index: index) }

    static let rows: [RebaseCase] = [
        RebaseCase(name: "insert", op: mine, committed: Committed.insert("s0", 0), expected: mine),
        RebaseCase(
            name: "move", op: mine, committed: .move(item: "a", from: at("s0", 0), to: at("s1", 1)), expected: mine),
        RebaseCase(name: "delete", op: mine, committed: .delete(item: "a", from: at("s0", 0)), expected: mine),
        RebaseCase(name: "update", op: mine, committed: Committed.updateA, expected: mine),
        RebaseCase(
            name: "insertSection at the same slot: the op committed first keeps it", op: mine,
            committed: Committed.insertSection(at: 1), expected: mine(at: 2)),
        RebaseCase(
            name: "insertSection at the same slot, op not newer: it keeps the slot", op: mine,
            committed: Committed.insertSection(at: 1), expected: mine(at: 1), opIsNewer: false),
        RebaseCase(
            name: "insertSection before the gap", op: mine, committed: Committed.insertSection(at: 0),
            expected: mine(at: 2)),
        RebaseCase(
            name: "insertSection after the gap", op: mine, committed: Committed.insertSection(at: 2),
            expected: mine(at: 1)),
        RebaseCase(
            // Remove at 0 < 1: gap 0; insert at 2 is after it. Sections s1 s2 s0: still before s1.
            name: "moveSection from before the gap to after it", op: mine,
            committed: .moveSection(section: "s0", from: 0, index: 2), expected: mine(at: 0)),
        RebaseCase(
            // Remove at 2 is after the gap; insert at 0 <= 1: gap 2. Sections s2 s0 s1: still
            // between s0 and s1.
            name: "moveSection from after the gap to before it", op: mine,
            committed: .moveSection(section: "s2", from: 2, index: 0), expected: mine(at: 2)),
        RebaseCase(name: "renameSection", op: mine, committed: Committed.renameS0, expected: mine),
        RebaseCase(
            name: "deleteSection before the gap", op: mine(at: 2), committed: .deleteSection(section: "s0", from: 0),
            expected: mine(at: 1)),
        RebaseCase(
            name: "deleteSection right after the gap", op: mine(at: 2),
            committed: .deleteSection(section: "s2", from: 2), expected: mine(at: 2)),
    ]

    @Test(arguments: rows) func row(_ row: RebaseCase) { row.verify() }
}
