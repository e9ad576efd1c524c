import BoardSync

/// The outbox of the SQLite store: spans of the op log (`WebhookSpan`), whose deliveries are
/// made from the ops when read. The sender's reads go through `OutboxReader`, a connection of
/// their own, and what it is done with is recorded by the next commit (`WebhookRemovals`):
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
                    SELECT min(board) FROM webhook_spans WHERE url = ?1
                    UNION ALL
                    SELECT (SELECT min(o.board) FROM webhook_spans AS o WHERE o.url = ?1 AND o.board > lane.board)
                    FROM lane WHERE lane.board IS NOT NULL
                )
                SELECT board FROM lane WHERE board IS NOT NULL AND
                    (SELECT next_at FROM webhook_spans AS o WHERE o.url = ?1 AND o.board = lane.board
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
            let spans = try database.statement(
                """
                SELECT position, source, first_version, last_version, deliveries, done, nonce, due_at, attempts, next_at
                FROM webhook_spans WHERE url = ? AND board = ? AND position >= ? ORDER BY position LIMIT ?
                """
            ).query(lane.url, lane.board, Int(WebhookSpan.spanAndIndex(of: skipped).span), limit) { PendingSpan($0) }
            // The ops of consecutive spans under one key are read at once.
            var pending: [WebhookDelivery] = []
            var start = 0
            while start < spans.count, pending.count < limit {
                var end = start + 1
                while end < spans.count, spans[end].source == spans[start].source { end += 1 }
                let ops = try StoreConnection.ops(
                    under: spans[start].source, from: spans[start].first, through: spans[end - 1].last,
                    in: database, path: path)
                var next = ops.startIndex
                for span in spans[start..<end] where pending.count < limit {
                    while next < ops.endIndex, ops[next].version < span.first { next += 1 }
                    var past = next
                    while past < ops.endIndex, ops[past].version <= span.last { past += 1 }
                    pending += try deliveries(of: span, ops: Array(ops[next..<past]), in: lane, after: skipped)
                        .prefix(limit - pending.count)
                    next = past
                }
                start = end
            }
            return pending
        }
    }

    /// The deliveries of `span` made from its `ops`, but for those gone out (or skipped, up to
    /// place `skipped`); a span whose ops are not all in the file is a corrupt file.
    private func deliveries(
        of span: PendingSpan, ops: [SequencedOp], in lane: WebhookLane, after skipped: Int64
    ) throws -> [WebhookDelivery] {
        let groups = WebhookSpan.deliveries(of: ops)
        guard ops.count == span.last - span.first + 1, groups.count == span.deliveries else {
            throw StoreError.corrupt(
                path: path,
                message:
                    "the ops of board \(lane.board) from version \(span.first) to \(span.last) that webhook "
                    + "deliveries announce are not all in the file")
        }
        return groups.enumerated().dropFirst(span.done).compactMap { index, members in
            let place = WebhookSpan.outboxPosition(span: span.position, index: index)
            guard place > skipped, let first = members.first else { return nil }
            let due = first.committedAt ?? span.due
            let body = String(
                decoding: WireCodec.encodeWebhookBody(board: lane.board, ops: Array(members)), as: UTF8.self)
            return WebhookDelivery(
                url: lane.url, board: lane.board, version: first.version,
                id: WebhookSpan.deliveryID(nonce: span.nonce, index: index), body: body, due: due,
                attempts: index == span.done ? span.attempts : 0,
                nextAttempt: index == span.done ? span.nextAttempt : due, position: place)
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
        let (span, index) = WebhookSpan.spanAndIndex(of: delivery.position)
        try withConnection { connection in
            try Self.withoutSync(connection.database) {
                try connection.database.statement(
                    "UPDATE webhook_spans SET done = max(done, ?), attempts = ?, next_at = ? WHERE position = ?"
                ).run(index, attempts, Int(next.milliseconds), span)
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
                "SELECT url, sum(deliveries - done), min(due_at) FROM webhook_spans GROUP BY url"
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

/// A row of `webhook_spans` as the sender reads it.
private struct PendingSpan {
    let position: Int64
    let source: String
    let first: Int
    let last: Int
    let deliveries: Int
    let done: Int
    let nonce: String
    let due: CommitTime
    let attempts: Int
    let nextAttempt: CommitTime

    init(_ row: Statement) {
        position = Int64(row.int(0))
        source = row.string(1)
        first = row.int(2)
        last = row.int(3)
        deliveries = row.int(4)
        done = row.int(5)
        nonce = row.string(6)
        due = CommitTime(milliseconds: Int64(row.int(7)))
        attempts = row.int(8)
        nextAttempt = CommitTime(milliseconds: Int64(row.int(9)))
    }
}
