import BoardSync

/// The outbox of the SQLite store. The sender's reads go through `OutboxReader`, a connection of
/// their own, and the rows it is done with are deleted by the next commit (`WebhookRemovals`):
/// a sender thread, running at a lower priority, does not hold the lock the commits take, but
/// for a failed attempt's postponement and, about once a second, the removals no commit has
/// made yet (`webhookBacklog`).
extension SQLiteBoardStore: WebhookOutbox {
    public func dueWebhookLanes(of urls: [String], now: CommitTime) throws(StoreError) -> [WebhookLane] {
        try withOutboxReader { database in
            // Each URL's boards are found through the index, one step per board (a skip scan),
            // rather than by reading every pending row; a lane is due when its first delivery
            // is (only the first is ever postponed). A lane whose rows are all done but not yet
            // deleted is reported too, and its worker finds nothing to send.
            let lanes = try database.statement(
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
                    WebhookLane(url: url, board: try StoreConnection.boardName(board, in: path))
                }
            }
        }
    }

    public func claimWebhookLane(_ lane: WebhookLane, holder: String, seconds: Double) throws(StoreError) -> Bool {
        true
    }

    public func pendingWebhookDeliveries(of lane: WebhookLane, limit: Int) throws(StoreError) -> [WebhookDelivery] {
        // Read before the rows: a removal forgotten in between has been committed by then.
        let skipped = webhookRemovals.withLock { $0.skipped(lane) }
        return try withOutboxReader { database in
            try database.statement(
                """
                SELECT position, version, delivery, body, due_at, attempts, next_at FROM webhook_outbox
                WHERE url = ? AND board = ? AND position > ? ORDER BY position LIMIT ?
                """
            ).query(lane.url, lane.board, Int(skipped), limit) { row in
                WebhookDelivery(
                    url: lane.url, board: lane.board, version: row.int(1), id: row.string(2), body: row.string(3),
                    due: CommitTime(milliseconds: Int64(row.int(4))), attempts: row.int(5),
                    nextAttempt: CommitTime(milliseconds: Int64(row.int(6))), position: Int64(row.int(0)))
            }
        }
    }

    public func removeWebhookDeliveries(of lane: WebhookLane, through position: Int64) throws(StoreError) {
        webhookRemovals.withLock { $0.record(lane, through: position) }
    }

    /// Deletes the rows of the removals recorded so far in a transaction of its own, without the
    /// fsync of `synchronous = FULL` (the next commit's makes it durable).
    func removeFinishedDeliveries(_ connection: StoreConnection) throws {
        let removals = webhookRemovals.withLock { $0.through }
        guard !removals.isEmpty else { return }
        try Self.withoutSync(connection.database) {
            try connection.database.transaction { try connection.removeDeliveries(removals) }
        }
        webhookRemovals.withLock { $0.removed(removals) }
    }

    /// Runs `body` without the fsync of `synchronous = FULL`: what it writes is as durable as the
    /// next commit makes the write-ahead log, which the sender's bookkeeping can wait for. Lost
    /// in a crash, a removal sends its deliveries again and a postponement tries again sooner,
    /// both allowed (at least once); an fsync of its own for each would hold the lock commits
    /// wait for, and the disk. Should `synchronous = FULL` fail to come back, the database is
    /// closed rather than left to acknowledge commits without an fsync.
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

    /// Counts what the file holds once the rows the sender is done with are deleted: when no
    /// commit has deleted them, this does, under the commits' lock, about once a second.
    public func webhookBacklog(of urls: [String]) throws(StoreError) -> WebhookBacklog {
        if !webhookRemovals.withLock({ $0.through.isEmpty }) {
            try withConnection { try removeFinishedDeliveries($0) }
        }
        let wanted = Set(urls)
        let rows = try withOutboxReader { database in
            try database.statement(
                "SELECT url, count(*), min(due_at) FROM webhook_outbox GROUP BY url"
            ).query { (url: $0.string(0), count: $0.int(1), oldest: Int64($0.int(2))) }
        }.filter { wanted.contains($0.url) }
        return WebhookBacklog(
            pending: rows.reduce(0) { $0 + $1.count },
            oldestDue: rows.map(\.oldest).min().map { CommitTime(milliseconds: $0) })
    }

    private func withOutboxReader<Result>(
        _ body: (Database) throws -> Result
    ) throws(StoreError) -> Result {
        do {
            return try outboxReader.withLock { reader in try reader.read(path: path, body) }
        } catch {
            throw StoreError(error)
        }
    }
}
