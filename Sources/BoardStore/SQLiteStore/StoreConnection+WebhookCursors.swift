import BoardSync

extension StoreConnection {
    /// Makes every URL of `webhookURLs` the file has not announced to yet a configured one, in one
    /// transaction: each board, and each board in the trash, gets its cursor at its head, so that
    /// the URL announces only the ops committed from now on.
    func registerWebhookURLs() throws {
        let registered = Set(try database.statement("SELECT url FROM webhook_urls").query { $0.string(0) })
        let new = webhookURLs.filter { !registered.contains($0) }
        guard !new.isEmpty else { return }
        try database.transaction {
            var keys: [(source: String, board: BoardName, head: Int)] = []
            for name in try listBoards() {
                keys.append((name.rawValue, name, try readHead(of: name) ?? 0))
            }
            let trashed = try database.statement("SELECT stored_as, name, head_version FROM trash").query {
                (source: $0.string(0), name: $0.string(1), head: $0.int(2))
            }
            for entry in trashed { keys.append((entry.source, try boardName(entry.name), entry.head)) }
            for url in new {
                try database.statement("INSERT INTO webhook_urls (url) VALUES (?)").run(url)
                for key in keys {
                    try insertCursor.run(url, key.source, key.board, key.head, WebhookCursors.newNonce())
                }
            }
        }
    }

    /// Every cursor in the file and the head of every board key they follow.
    func readWebhookCursors() throws -> WebhookCursors {
        let rows = try database.statement(
            "SELECT url, source, board, delivered, nonce, attempted, attempts, next_at FROM webhook_cursors"
        ).query { row in
            (
                key: WebhookCursors.LaneKey(url: row.string(0), source: row.string(1)), board: row.string(2),
                delivered: row.int(3), nonce: row.string(4), attempted: row.int(5), attempts: row.int(6),
                next: Int64(row.int(7))
            )
        }
        var cursors: [WebhookCursors.LaneKey: WebhookCursors.Cursor] = [:]
        var heads: [String: Int] = [:]
        let trashHeads = Dictionary(
            try database.statement("SELECT stored_as, head_version FROM trash").query { ($0.string(0), $0.int(1)) },
            uniquingKeysWith: max)
        for row in rows {
            let board = try boardName(row.board)
            cursors[row.key] = WebhookCursors.Cursor(
                board: board, delivered: row.delivered, nonce: row.nonce, attempted: row.attempted,
                attempts: row.attempts,
                nextAttempt: CommitTime(milliseconds: row.next))
            if heads[row.key.source] == nil {
                heads[row.key.source] =
                    if let trashed = trashHeads[row.key.source] { trashed } else { try headVersion(of: board) ?? 0 }
            }
        }
        return WebhookCursors(cursors: cursors, heads: heads, announcing: Set(webhookURLs))
    }
}
