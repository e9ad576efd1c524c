import BoardSync

/// The writes of one `CommitBatch` inside an open transaction of `PostgreSQLBoardStore`: one
/// statement per kind of row, each sending every row of the batch as arrays, so a batch of
/// any size costs the same few round trips.
struct PostgresStoreWrites {
    let connection: PostgresConnection
    let retainedOps: Int
    /// The URLs every commit announces its ops to (the webhook outbox).
    var webhookURLs: [String] = []

    /// Locks the rows of `boards` in name order (so that transactions of several servers never
    /// deadlock) and returns their committed heads; absent boards are left out.
    func lockHeads(of boards: Set<BoardName>) throws -> [BoardName: Int] {
        guard !boards.isEmpty else { return [:] }
        var heads: [BoardName: Int] = [:]
        for row in try connection.execute(
            prepared: """
                SELECT name, head_version FROM boards WHERE name = ANY($1::text[])
                ORDER BY name COLLATE "C" FOR UPDATE
                """, [boards.sorted()])
        {
            heads[try row.boardName(0)] = try row.int(1)
        }
        return heads
    }

    /// Writes every part of `batch`, which was checked against `heads` (the locked heads; the
    /// boards it creates start at 0).
    func write(_ batch: CommitBatch, heads: [BoardName: Int]) throws {
        if !batch.newBoards.isEmpty {
            try connection.execute(
                prepared: "INSERT INTO boards (name, head_version) SELECT unnest($1::text[]), 0", [batch.newBoards])
        }
        var newHeads: [BoardName: Int] = [:]
        if !batch.ops.isEmpty {
            try insertOps(batch.ops)
            for entry in batch.ops { newHeads[entry.board] = entry.op.version }
            try insertDeliveries(batch.webhookDeliveries(to: webhookURLs))
        }
        try raiseSeqs(batch)
        try recordIDs(batch.newIDs)
        if !newHeads.isEmpty {
            let boards = newHeads.keys.sorted()
            try connection.execute(
                prepared: """
                    UPDATE boards SET head_version = w.head FROM unnest($1::text[], $2::bigint[]) AS w(name, head)
                    WHERE boards.name = w.name
                    """, [boards, boards.map { newHeads[$0]! }])
        }
        for snapshot in batch.snapshots {
            try store(snapshot, head: newHeads[snapshot.id] ?? heads[snapshot.id] ?? 0)
        }
    }

    private func insertOps(_ ops: [CommitBatch.BoardOp]) throws {
        try connection.execute(
            prepared: """
                INSERT INTO ops (board, version, client, "user", seq, op_json, committed_at, group_first, group_count,
                                 group_restores)
                SELECT * FROM unnest($1::text[], $2::bigint[], $3::text[], $4::text[], $5::bigint[], $6::text[],
                                     $7::bigint[], $8::bigint[], $9::bigint[], $10::bigint[])
                """,
            [
                ops.map(\.board), ops.map(\.op.version), ops.map(\.op.client), ops.map(\.op.user),
                ops.map(\.op.seq), ops.map { StoredJSON.text(of: $0.op.op) },
                ops.map { Int($0.committedAt.milliseconds) }, ops.map(\.op.group?.first),
                ops.map(\.op.group?.count), ops.map(\.op.group?.restores),
            ])
    }

    private func insertDeliveries(_ deliveries: [WebhookDelivery]) throws {
        guard !deliveries.isEmpty else { return }
        let due = deliveries.map { Int($0.due.milliseconds) }
        try connection.execute(
            prepared: """
                INSERT INTO webhook_outbox (url, board, version, delivery, body, due_at, next_at)
                SELECT u, b, v, d, body, due, due FROM unnest($1::text[], $2::text[], $3::bigint[], $4::text[],
                                                             $5::text[], $6::bigint[]) AS w(u, b, v, d, body, due)
                """,
            [
                deliveries.map(\.url), deliveries.map(\.board), deliveries.map(\.version), deliveries.map(\.id),
                deliveries.map(\.body), due,
            ])
    }

    /// Raises `client_seqs` to the highest seq of each client's ops and advances in the batch.
    private func raiseSeqs(_ batch: CommitBatch) throws {
        var seqs: [BoardClient: Int] = [:]
        for entry in batch.ops {
            let key = BoardClient(board: entry.board, client: entry.op.client.rawValue)
            seqs[key] = max(seqs[key] ?? 0, entry.op.seq)
        }
        for advance in batch.seqAdvances {
            let key = BoardClient(board: advance.board, client: advance.client.rawValue)
            seqs[key] = max(seqs[key] ?? 0, advance.seq)
        }
        guard !seqs.isEmpty else { return }
        let keys = seqs.keys.sorted { ($0.board, $0.client) < ($1.board, $1.client) }
        try connection.execute(
            prepared: """
                INSERT INTO client_seqs (board, client, last_seq)
                SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[])
                ON CONFLICT (board, client) DO UPDATE SET last_seq = greatest(client_seqs.last_seq, excluded.last_seq)
                """, [keys.map(\.board), keys.map(\.client), keys.map { seqs[$0]! }])
    }

    /// Records ids; an id recorded twice keeps the kind recorded last (one row per id is sent,
    /// since one statement may not update a row twice).
    private func recordIDs(_ ids: [CommitBatch.NewID]) throws {
        guard !ids.isEmpty else { return }
        var last: [BoardClient: IDKind] = [:]
        var order: [BoardClient] = []
        for used in ids {
            let key = BoardClient(board: used.board, client: used.id)
            if last.updateValue(used.kind, forKey: key) == nil { order.append(key) }
        }
        try connection.execute(
            prepared: """
                INSERT INTO used_ids (board, id, kind) SELECT * FROM unnest($1::text[], $2::text[], $3::text[])
                ON CONFLICT (board, id) DO UPDATE SET kind = excluded.kind
                """, [order.map(\.board), order.map(\.client), order.map { last[$0]!.rawValue }])
    }

    /// Stores a snapshot (replacing one of its version) and compacts the board as
    /// `BoardStore.writeSnapshot` says: the cutoff is the newest kept snapshot at or below
    /// `head - retainedOps`; the ops at or below it and the snapshots below it go.
    private func store(_ snapshot: Board, head: Int) throws {
        let board = snapshot.id
        try connection.execute(
            prepared: """
                INSERT INTO snapshots (board, version, snapshot_json) VALUES ($1, $2, $3)
                ON CONFLICT (board, version) DO UPDATE SET snapshot_json = excluded.snapshot_json
                """, [board, snapshot.version, StoredJSON.text(of: snapshot)])
        let limit = head - retainedOps
        guard limit >= 0,
            let cutoff = try connection.execute(
                prepared: "SELECT max(version) FROM snapshots WHERE board = $1 AND version <= $2", [board, limit]
            )[0].optionalInt(0)
        else { return }
        try connection.execute(prepared: "DELETE FROM snapshots WHERE board = $1 AND version < $2", [board, cutoff])
        try connection.execute(prepared: "DELETE FROM ops WHERE board = $1 AND version <= $2", [board, cutoff])
    }

    /// A pair of names keyed together: a board and a client, or a board and an id.
    private struct BoardClient: Hashable {
        let board: BoardName
        let client: String
    }
}
