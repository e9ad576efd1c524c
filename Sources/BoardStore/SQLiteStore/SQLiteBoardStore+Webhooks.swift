import BoardSync

extension SQLiteBoardStore: WebhookOutbox {
    public func dueWebhookLanes(of urls: [String], now: CommitTime) throws(StoreError) -> [WebhookLane] {
        try withConnection { connection in
            // Each URL's boards are found through the index, one step per board (a skip scan),
            // rather than by reading every pending row; a lane is due when its first delivery
            // is (only the first is ever postponed).
            let lanes = try connection.database.statement(
                """
                WITH RECURSIVE lane(board) AS (
                    SELECT min(board) FROM webhook_outbox WHERE url = ?1
                    UNION ALL
                    SELECT (SELECT min(o.board) FROM webhook_outbox AS o WHERE o.url = ?1 AND o.board > lane.board)
                    FROM lane WHERE lane.board IS NOT NULL
                )
                SELECT board FROM lane WHERE board IS NOT NULL AND
                    (SELECT next_at FROM webhook_outbox AS o WHERE o.url = ?1 AND o.board = lane.board
                     ORDER BY o.position LIMIT 1) <= ?2
                """)
            return try urls.flatMap { url in
                try lanes.query(url, Int(now.milliseconds)) { $0.string(0) }.map { board in
                    WebhookLane(url: url, board: try connection.boardName(board))
                }
            }
        }
    }

    public func claimWebhookLane(_ lane: WebhookLane, holder: String, seconds: Double) throws(StoreError) -> Bool {
        true
    }

    public func pendingWebhookDeliveries(of lane: WebhookLane, limit: Int) throws(StoreError) -> [WebhookDelivery] {
        try withConnection { connection in
            try connection.database.statement(
                """
                SELECT position, version, delivery, body, due_at, attempts, next_at FROM webhook_outbox
                WHERE url = ? AND board = ? ORDER BY position LIMIT ?
                """
            ).query(lane.url, lane.board, limit) { row in
                WebhookDelivery(
                    url: lane.url, board: lane.board, version: row.int(1), id: row.string(2), body: row.string(3),
                    due: CommitTime(milliseconds: Int64(row.int(4))), attempts: row.int(5),
                    nextAttempt: CommitTime(milliseconds: Int64(row.int(6))), position: Int64(row.int(0)))
            }
        }
    }

    public func removeWebhookDeliveries(of lane: WebhookLane, through position: Int64) throws(StoreError) {
        try withConnection { connection in
            try Self.withoutSync(connection.database) {
                try connection.database.statement(
                    "DELETE FROM webhook_outbox WHERE url = ? AND board = ? AND position <= ?"
                ).run(lane.url, lane.board, position)
            }
        }
    }

    /// Runs `body` without the fsync of `synchronous = FULL`: what it writes is as durable as the
    /// next commit makes the write-ahead log, which the sender's bookkeeping can wait for. Lost
    /// in a crash, a removal sends its deliveries again and a postponement tries again sooner,
    /// both allowed (at least once); an fsync of its own for each would hold the lock commits
    /// wait for, and the disk, for every few deliveries. Should `synchronous = FULL` fail to come
    /// back, the database is closed rather than left to acknowledge commits without an fsync.
    private static func withoutSync(_ database: Database, _ body: () throws -> Void) throws {
        try database.execute("PRAGMA synchronous = OFF")
        let result = Result { try body() }
        do {
            try database.execute("PRAGMA synchronous = FULL")
        } catch {
            database.close()
            throw error
        }
        try result.get()
    }

    public func postponeWebhookDelivery(
        _ delivery: WebhookDelivery, attempts: Int, until next: CommitTime
    )
        throws(StoreError)
    {
        try withConnection { connection in
            try Self.withoutSync(connection.database) {
                try connection.database.statement(
                    "UPDATE webhook_outbox SET attempts = ?, next_at = ? WHERE position = ?"
                ).run(attempts, Int(next.milliseconds), delivery.position)
            }
        }
    }

    public func webhookBacklog(of urls: [String]) throws(StoreError) -> WebhookBacklog {
        let wanted = Set(urls)
        let rows = try withConnection { connection in
            try connection.database.statement(
                "SELECT url, count(*), min(due_at) FROM webhook_outbox GROUP BY url"
            ).query { (url: $0.string(0), count: $0.int(1), oldest: Int64($0.int(2))) }
        }.filter { wanted.contains($0.url) }
        return WebhookBacklog(
            pending: rows.reduce(0) { $0 + $1.count },
            oldestDue: rows.map(\.oldest).min().map { CommitTime(milliseconds: $0) })
    }
}
