import BoardSync

extension PostgreSQLBoardStore: WebhookOutbox {
    public func dueWebhookLanes(of urls: [String], now: CommitTime) throws(StoreError) -> [WebhookLane] {
        // Only a lane's first delivery is ever postponed, and the others' next attempt is their
        // commit time, so the lane is due when its latest next attempt is.
        try sendWebhooks { connection in
            try connection.execute(
                prepared: """
                    SELECT url, board FROM webhook_outbox WHERE url = ANY($1::text[])
                    GROUP BY url, board HAVING max(next_at) <= $2
                    """, [urls, Int(now.milliseconds)]
            ).map { WebhookLane(url: try $0.string(0), board: try $0.boardName(1)) }
        }
    }

    public func claimWebhookLane(_ lane: WebhookLane, holder: String, seconds: Double) throws(StoreError) -> Bool {
        try sendWebhooks { connection in
            try connection.execute(
                prepared: """
                    INSERT INTO webhook_leases (url, board, holder, until)
                    VALUES ($1, $2, $3, now() + make_interval(secs => $4::double precision))
                    ON CONFLICT (url, board) DO UPDATE SET holder = excluded.holder, until = excluded.until
                    WHERE webhook_leases.until < now() OR webhook_leases.holder = excluded.holder
                    """, [lane.url, lane.board, holder, String(seconds)]
            ).affectedRows == 1
        }
    }

    public func pendingWebhookDeliveries(of lane: WebhookLane, limit: Int) throws(StoreError) -> [WebhookDelivery] {
        try sendWebhooks { connection in
            try connection.execute(
                prepared: """
                    SELECT position, version, delivery, body, due_at, attempts, next_at FROM webhook_outbox
                    WHERE url = $1 AND board = $2 ORDER BY position LIMIT $3
                    """, [lane.url, lane.board, limit]
            ).map { row in
                WebhookDelivery(
                    url: lane.url, board: lane.board, version: try row.int(1), id: try row.string(2),
                    body: try row.string(3), due: CommitTime(milliseconds: Int64(try row.int(4))),
                    attempts: try row.int(5), nextAttempt: CommitTime(milliseconds: Int64(try row.int(6))),
                    position: Int64(try row.int(0)))
            }
        }
    }

    public func removeWebhookDeliveries(of lane: WebhookLane, through position: Int64) throws(StoreError) {
        try sendWebhooks { connection in
            _ = try connection.execute(
                prepared: "DELETE FROM webhook_outbox WHERE url = $1 AND board = $2 AND position <= $3",
                [lane.url, lane.board, position])
        }
    }

    public func postponeWebhookDelivery(
        _ delivery: WebhookDelivery, attempts: Int, until next: CommitTime
    )
        throws(StoreError)
    {
        try sendWebhooks { connection in
            _ = try connection.execute(
                prepared: "UPDATE webhook_outbox SET attempts = $1, next_at = $2 WHERE position = $3",
                [attempts, Int(next.milliseconds), delivery.position])
        }
    }

    public func webhookBacklog(of urls: [String]) throws(StoreError) -> WebhookBacklog {
        try sendWebhooks { connection in
            let row = try connection.execute(
                prepared: "SELECT count(*), min(due_at) FROM webhook_outbox WHERE url = ANY($1::text[])", [urls])[0]
            return WebhookBacklog(
                pending: try row.int(0), oldestDue: try row.optionalInt(1).map { CommitTime(milliseconds: Int64($0)) })
        }
    }

    private func sendWebhooks<Result: Sendable>(
        _ body: (PostgresConnection) throws -> Result
    ) throws(StoreError) -> Result {
        try webhooks.withLock { (session: inout PostgresStoreSession) throws(StoreError) -> Result in
            try session.run(retryOnLoss: true) { try body($0) }
        }
    }
}
