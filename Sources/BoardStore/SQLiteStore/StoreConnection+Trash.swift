import BoardSync

extension StoreConnection {
    /// The tables whose rows belong to a board by its `board` column.
    private static let boardTables = ["ops", "op_log", "client_seqs", "used_ids", "snapshots"]

    /// The key a deleted board's rows are kept under: its name and the millisecond it was
    /// deleted, joined by `@`, which no board name holds.
    static func trashKey(of entry: TrashedBoard) -> String {
        "\(entry.id)@\(entry.deleted.milliseconds)"
    }

    /// Moves the board's rows under its trash key and records it in `trash`, in one transaction.
    func moveToTrash(_ entry: TrashedBoard) throws -> TrashedBoard? {
        guard let head = try headVersion(of: entry.id) else { return nil }
        let recorded = try trashedBoards().recordable(entry)
        let key = Self.trashKey(of: recorded)
        try changingRows {
            try moveRows(from: entry.id.rawValue, to: key)
            try database.statement("DELETE FROM boards WHERE name = ?").run(entry.id)
            try database.statement(
                """
                INSERT INTO trash (stored_as, name, deleted_at, head_version, sections, items)
                VALUES (?, ?, ?, ?, ?, ?)
                """
            ).run(key, recorded.id, recorded.deleted.milliseconds, head, recorded.sections, recorded.items)
        }
        heads[entry.id] = nil
        return TrashedBoard(
            id: recorded.id, version: head, sections: recorded.sections, items: recorded.items,
            deleted: recorded.deleted)
    }

    func trashedBoards() throws -> [TrashedBoard] {
        try database.statement(
            "SELECT name, head_version, sections, items, deleted_at FROM trash ORDER BY name, deleted_at"
        ).query {
            (
                name: $0.string(0), version: $0.int(1), sections: $0.int(2), items: $0.int(3),
                deleted: CommitTime(milliseconds: Int64($0.int(4)))
            )
        }.map {
            TrashedBoard(
                id: try boardName($0.name), version: $0.version, sections: $0.sections, items: $0.items,
                deleted: $0.deleted)
        }
    }

    /// Moves the entry's rows back under its name, in one transaction.
    func restoreFromTrash(_ name: BoardName, deleted: CommitTime?) throws -> TrashRestore {
        guard let entry = try trashedBoards().entry(named: name, deleted: deleted) else { return .notInTrash }
        guard try headVersion(of: name) == nil else { return .nameTaken }
        let key = Self.trashKey(of: entry)
        try changingRows {
            try moveRows(from: key, to: name.rawValue)
            try database.statement("INSERT INTO boards (name, head_version) VALUES (?, ?)").run(name, entry.version)
            try database.statement("DELETE FROM trash WHERE stored_as = ?").run(key)
        }
        heads[name] = nil
        return .restored(entry)
    }

    /// Deletes the rows of every entry deleted before `cutoff`, in one transaction; an entry whose
    /// ops a configured webhook URL has not announced yet waits for a later purge, once they
    /// have gone out or been given up.
    func purgeTrash(deletedBefore cutoff: CommitTime) throws -> [TrashedBoard] {
        let configured = Set(webhookURLs)
        let behind = try database.statement(
            """
            SELECT c.url, c.source FROM webhook_cursors AS c JOIN trash AS t ON t.stored_as = c.source
            WHERE c.delivered < t.head_version
            """
        ).query { (url: $0.string(0), source: $0.string(1)) }
        let announcing = Set(behind.filter { configured.contains($0.url) }.map(\.source))
        let old = try trashedBoards().filter { $0.deleted < cutoff && !announcing.contains(Self.trashKey(of: $0)) }
        guard !old.isEmpty else { return [] }
        try changingRows {
            for entry in old {
                let key = Self.trashKey(of: entry)
                for table in Self.boardTables {
                    try database.statement("DELETE FROM \(table) WHERE board = ?").run(key)
                }
                try database.statement("DELETE FROM webhook_cursors WHERE source = ?").run(key)
                try database.statement("DELETE FROM trash WHERE stored_as = ?").run(key)
            }
        }
        return old
    }

    /// Moves the rows of key `old` under `new`, and the webhook cursors over their ops with them
    /// (a cursor keeps the board's name).
    private func moveRows(from old: String, to new: String) throws {
        for table in Self.boardTables {
            try database.statement("UPDATE \(table) SET board = ? WHERE board = ?").run(new, old)
        }
        try database.statement("UPDATE webhook_cursors SET source = ? WHERE source = ?").run(new, old)
    }

    /// Runs `body` in a transaction that renames or deletes rows of `op_log`, then reads the
    /// log's rows back, since they now belong to other keys (or are gone).
    private func changingRows(_ body: () throws -> Void) throws {
        do {
            try database.transaction(body)
        } catch {
            logIsStale = true
            throw error
        }
        log = try Self.readLog(database)
        logIsStale = false
    }
}
