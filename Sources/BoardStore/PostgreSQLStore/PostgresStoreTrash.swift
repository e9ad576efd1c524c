import BoardSync

/// The trash of `PostgreSQLBoardStore` on its commit connection: a deleted board's rows move
/// under its trash key (its name and the millisecond it was deleted, joined by `@`, which no
/// board name holds) in one transaction that holds the board's row locked, so that no other
/// server commits to it meanwhile.
struct PostgresStoreTrash {
    let connection: PostgresConnection

    /// The tables whose rows belong to a board by its `board` column.
    private static let boardTables = ["ops", "client_seqs", "used_ids", "snapshots"]

    private static func key(of entry: TrashedBoard) -> String {
        "\(entry.id)@\(entry.deleted.milliseconds)"
    }

    func moveToTrash(_ entry: TrashedBoard) throws -> TrashedBoard? {
        try connection.transaction { () throws -> TrashedBoard? in
            let heads = try connection.execute(
                "SELECT head_version FROM boards WHERE name = $1 FOR UPDATE", [entry.id])
            guard let head = try heads.first?.int(0) else { return nil }
            var recorded = try trashedBoards().recordable(entry)
            recorded.version = head
            let key = Self.key(of: recorded)
            try moveRows(from: entry.id.rawValue, to: key)
            try connection.execute("DELETE FROM leases WHERE board = $1", [entry.id])
            try connection.execute("DELETE FROM boards WHERE name = $1", [entry.id])
            try connection.execute(
                """
                INSERT INTO trash (stored_as, name, deleted_at, head_version, sections, items)
                VALUES ($1, $2, $3, $4, $5, $6)
                """, [key, recorded.id, recorded.deleted.milliseconds, head, recorded.sections, recorded.items])
            return recorded
        }
    }

    func trashedBoards() throws -> [TrashedBoard] {
        try connection.execute(
            "SELECT name, head_version, sections, items, deleted_at FROM trash ORDER BY name COLLATE \"C\", deleted_at"
        ).map {
            TrashedBoard(
                id: try $0.boardName(0), version: try $0.int(1), sections: try $0.int(2), items: try $0.int(3),
                deleted: CommitTime(milliseconds: Int64(try $0.int(4))))
        }
    }

    func restoreFromTrash(_ name: BoardName, deleted: CommitTime?) throws -> TrashRestore {
        try connection.transaction { () throws -> TrashRestore in
            try connection.execute("LOCK TABLE trash IN SHARE ROW EXCLUSIVE MODE")
            guard let entry = try trashedBoards().entry(named: name, deleted: deleted) else { return .notInTrash }
            let inserted = try connection.execute(
                "INSERT INTO boards (name, head_version) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING RETURNING name",
                [name, entry.version])
            guard !inserted.isEmpty else { return .nameTaken }
            try moveRows(from: Self.key(of: entry), to: name.rawValue)
            try connection.execute("DELETE FROM trash WHERE stored_as = $1", [Self.key(of: entry)])
            return .restored(entry)
        }
    }

    func purgeTrash(deletedBefore cutoff: CommitTime) throws -> [TrashedBoard] {
        try connection.transaction { () throws -> [TrashedBoard] in
            try connection.execute("LOCK TABLE trash IN SHARE ROW EXCLUSIVE MODE")
            let old = try trashedBoards().filter { $0.deleted < cutoff }
            for entry in old {
                let key = Self.key(of: entry)
                for table in Self.boardTables {
                    try connection.execute("DELETE FROM \(table) WHERE board = $1", [key])
                }
                try connection.execute("DELETE FROM trash WHERE stored_as = $1", [key])
            }
            return old
        }
    }

    private func moveRows(from old: String, to new: String) throws {
        for table in Self.boardTables {
            try connection.execute("UPDATE \(table) SET board = $1 WHERE board = $2", [new, old])
        }
    }
}
