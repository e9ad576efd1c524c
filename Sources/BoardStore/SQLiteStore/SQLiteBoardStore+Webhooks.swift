import BoardSync

/// The outbox of the SQLite store: cursors over the op log (`WebhookCursors`). A commit writes
/// nothing for its webhooks (but the cursors of a board it creates); the sender finds its due
/// lanes in memory, reads the ops after a cursor through `OutboxReader`, a read-only connection
/// of its own, and makes the deliveries from them; the cursors it moves are written by the next
/// commit (`WebhookRemovals`). A sender thread, running at a lower priority, takes the lock the
/// commits take only for a failed attempt's postponement and, about once a second, for the
/// cursors no commit has written yet (`webhookBacklog`).
extension SQLiteBoardStore: WebhookOutbox {
    public func dueWebhookLanes(of urls: [String], now: CommitTime) throws(StoreError) -> [WebhookLane] {
        let wanted = Set(urls)
        return webhookCursors.withLock { $0.dueLanes(of: wanted, now: now) }
    }

    public func claimWebhookLane(_ lane: WebhookLane, holder: String, seconds: Double) throws(StoreError) -> Bool {
        true
    }

    /// The deliveries after the lane's cursor, made from its ops as stored (no op is decoded):
    /// each op committed alone, and each group whole (read on until its last member);
    /// `position` is the version of a delivery's last op, which its removal moves the cursor to.
    public func pendingWebhookDeliveries(of lane: WebhookLane, limit: Int) throws(StoreError) -> [WebhookDelivery] {
        let (found, held) = webhookCursors.withLock { cursors in
            let cursor = cursors.cursor(of: lane)
            return (cursor, cursor.flatMap { cursors.recentOps(under: lane.key, after: $0.delivered, limit: limit) })
        }
        guard let cursor = found, limit > 0 else { return [] }
        if let held { return Self.deliveries(of: held, in: lane, cursor: cursor, limit: limit) }
        return try withOutboxReader { database in
            var rows = try StoreConnection.opRows(under: lane.key, after: cursor.delivered, limit: limit, in: database)
            if let last = rows.last, let group = last.group, last.version < group.first + group.count - 1 {
                rows += try StoreConnection.opRows(
                    under: lane.key, after: last.version, limit: group.first + group.count - 1 - last.version,
                    in: database)
            }
            return Self.deliveries(of: rows, in: lane, cursor: cursor, limit: limit)
        }
    }

    /// The deliveries `rows` (the ops after the lane's cursor, as stored) make, up to `limit`;
    /// a group whose last members are not among them waits, unless it is the first.
    private static func deliveries(
        of rows: [StoreConnection.OpRow], in lane: WebhookLane, cursor: WebhookCursors.Cursor, limit: Int
    ) -> [WebhookDelivery] {
        var deliveries = WebhookCursors.deliveries(of: rows, group: \.group)
        if deliveries.count > 1, let last = deliveries.last?.last, let group = last.group,
            last.version < group.first + group.count - 1
        {
            deliveries.removeLast()
        }
        return deliveries.prefix(limit).compactMap { members in
            guard let first = members.first, let last = members.last else { return nil }
            let due = CommitTime(milliseconds: Int64(first.committedAt))
            let isNext = first.version == cursor.attempted
            let head = WebhookBodyHead(
                board: lane.board, version: first.version, client: first.client, user: first.user,
                committedAt: due, group: first.group)
            let body = WireCodec.encodeWebhookBody(head: head, encodedOps: members.map { Array($0.json.utf8) })
            return WebhookDelivery(
                url: lane.url, board: lane.board, version: first.version,
                id: WebhookCursors.deliveryID(nonce: cursor.nonce, version: first.version),
                body: String(decoding: body, as: UTF8.self), due: due, attempts: isNext ? cursor.attempts : 0,
                nextAttempt: isNext ? max(cursor.nextAttempt, due) : due, position: Int64(last.version),
                source: lane.source)
        }
    }

    public func removeWebhookDeliveries(of lane: WebhookLane, through position: Int64) throws(StoreError) {
        webhookCursors.withLock { $0.advance(lane, through: Int(position)) }
        webhookRemovals.withLock { $0.record(lane, through: position) }
    }

    /// Writes the cursors recorded so far in a transaction of its own, without the fsync of
    /// `synchronous = FULL` (the next commit's makes it durable).
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
    /// in a crash, a cursor's move sends its deliveries again and a postponement tries again
    /// sooner, both allowed (at least once); an fsync of its own for each would hold the lock
    /// commits wait for, and the disk. Should `synchronous = FULL` fail to come back, the
    /// database is closed rather than left to acknowledge commits without an fsync.
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
        let lane = delivery.lane
        webhookCursors.withLock { $0.postpone(lane, version: delivery.version, attempts: attempts, until: next) }
        try withConnection { connection in
            try Self.withoutSync(connection.database) {
                try connection.database.statement(
                    "UPDATE webhook_cursors SET attempted = ?, attempts = ?, next_at = ? WHERE url = ? AND source = ?"
                ).run(delivery.version, attempts, Int(next.milliseconds), lane.url, lane.key)
            }
        }
    }

    /// Counts the deliveries after each cursor of `urls` (an op alone or a group each) and finds
    /// the commit time of the oldest; writes first, under the commits' lock, the cursors no
    /// commit has written yet, about once a second.
    public func webhookBacklog(of urls: [String]) throws(StoreError) -> WebhookBacklog {
        if !webhookRemovals.withLock({ $0.through.isEmpty }) {
            try withConnection { try removeFinishedDeliveries($0) }
        }
        var pending = 0
        var oldest: Int64?
        let unheld = webhookCursors.withLock { cursors in
            cursors.pendingLanes(of: Set(urls)).filter { lane in
                guard let held = cursors.heldBacklog(under: lane.key.source, after: lane.cursor.delivered) else {
                    return true
                }
                pending += held.deliveries
                if let first = held.oldest { oldest = min(oldest ?? first, first) }
                return false
            }
        }
        guard !unheld.isEmpty else {
            return WebhookBacklog(pending: pending, oldestDue: oldest.map { CommitTime(milliseconds: $0) })
        }
        return try withOutboxReader { database in
            let count = try database.statement(
                """
                SELECT count(*), min(committed_at) FROM all_ops
                WHERE board = ? AND version > ? AND (group_first IS NULL OR group_first = version)
                """)
            for lane in unheld {
                let (deliveries, first) =
                    try count.queryOne(lane.key.source, lane.cursor.delivered) {
                        ($0.int(0), $0.isNull(1) ? nil : Int64($0.int(1)))
                    } ?? (0, nil)
                pending += deliveries
                if let first { oldest = min(oldest ?? first, first) }
            }
            return WebhookBacklog(pending: pending, oldestDue: oldest.map { CommitTime(milliseconds: $0) })
        }
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
