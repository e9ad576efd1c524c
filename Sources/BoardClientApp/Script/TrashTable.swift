import BoardSync

/// The boards in a server's trash as `trash` prints them and the picker's trash shows them: the
/// columns of `BoardTable`, then when each was deleted (as `restore-board --deleted` takes it).
///
///     NAME  VERSION  SECTIONS  TILES  DELETED
///     team     v120         3     40  2026-12-01T17:20:00.123Z
public enum TrashTable {
    /// The headings' line and one line per board; a sentence when the trash is empty.
    public static func text(_ trashed: [TrashedBoard]) -> String {
        guard !trashed.isEmpty else { return "The trash is empty." }
        let table = BoardTable(trashed.map(summary))
        let lines = trashed.map { table.row(summary($0)) + "  " + $0.deleted.rfc3339 }
        return ([table.header + "  DELETED"] + lines).joined(separator: "\n")
    }

    /// The columns `BoardTable` shows of `trashed`.
    public static func summary(_ trashed: TrashedBoard) -> BoardSummary {
        BoardSummary(id: trashed.id, version: trashed.version, sections: trashed.sections, items: trashed.items)
    }
}
