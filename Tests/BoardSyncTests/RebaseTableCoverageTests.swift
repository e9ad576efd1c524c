import BoardSync
import Testing

/// The rebase tables together cover every ordered pair of the eight op kinds.
@Suite struct RebaseTableCoverageTests {
    static let allRows =
        RebaseInsertTableTests.rows + RebaseMoveTableTests.rows + RebaseDeleteTableTests.rows
        + RebaseUpdateTableTests.rows + RebaseInsertSectionTableTests.rows + RebaseMoveSectionTableTests.rows
        + RebaseRenameSectionTableTests.rows + RebaseDeleteSectionTableTests.rows

    @Test func everyOrderedPairOfKindsHasARow() {
        let kinds = [
            "insert", "move", "delete", "update", "insertSection", "moveSection", "renameSection", "deleteSection",
        ]
        let covered = Set(Self.allRows.map { "\($0.op.kind) through \($0.committed.kind)" })
        for op in kinds {
            for committed in kinds {
                #expect(covered.contains("\(op) through \(committed)"), "no row for \(op) through \(committed)")
            }
        }
    }

    @Test func rowNamesAreUniqueInsideEachTable() {
        let tables = [
            RebaseInsertTableTests.rows, RebaseMoveTableTests.rows, RebaseDeleteTableTests.rows,
            RebaseUpdateTableTests.rows, RebaseInsertSectionTableTests.rows, RebaseMoveSectionTableTests.rows,
            RebaseRenameSectionTableTests.rows, RebaseDeleteSectionTableTests.rows,
        ]
        for table in tables {
            #expect(Set(table.map(\.name)).count == table.count)
        }
    }
}
