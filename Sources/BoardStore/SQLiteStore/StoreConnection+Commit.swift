import BoardSync
import CSQLite

extension StoreConnection {
    /// A client of one board, the key of a `lastSeq`.
    private struct BoardClient: Hashable {
        let board: BoardName
        let client: ClientID
    }

    /// What a committed batch changed that the webhook cursors in memory follow.
    struct CommitOutcome {
        /// The new head of every board the batch wrote.
        var heads: [BoardName: Int] = [:]
        /// The cursors of the boards it created, one per webhook URL.
        var cursors: [WebhookCursors.LaneKey: WebhookCursors.Cursor] = [:]
        /// Its ops as stored, by board key, in commit order, when webhooks announce them.
        var ops: [(key: String, row: OpRow)] = []
    }

    /// Writes a whole batch in one transaction (one WAL sync), in the order `CommitBatch` documents.
    ///
    /// An op writes only its own row, appended to `op_log`: the board's head is the highest op
    /// version (kept in `heads` once read) and a client's `lastSeq` includes the seqs of its
    /// retained ops, so neither `boards` nor `client_seqs` is touched per op (see `StoreSchema`).
    /// A board's logged ops are copied into `ops` before its compaction and once it has
    /// `boardMoveOps` of them; then the boards logged longest ago are copied until the log holds
    /// at most `loggedOpsLimit` uncopied, and the copies at its start are deleted (see
    /// `OpLogRows`). `heads` changes only once the transaction has committed; `log` changes as
    /// the transaction goes, and after a failed one the next commit reads it back from the file.
    /// The ops need nothing written for the webhooks: the cursors over the op log announce them
    /// (a board the batch creates gets its cursors). The same transaction first moves the
    /// cursors of `removals` (`WebhookRemovals`), so that its compactions no longer keep ops
    /// that have gone out.
    @discardableResult
    func commit(_ batch: CommitBatch, removing removals: [WebhookLane: Int64] = [:]) throws -> CommitOutcome {
        guard !batch.isEmpty else { return CommitOutcome() }
        if logIsStale {
            log = try Self.readLog(database)
            logIsStale = false
        }
        var outcome = CommitOutcome()
        do {
            try database.transaction {
                try removeDeliveries(removals)
                try write(batch, outcome: &outcome)
            }
        } catch {
            logIsStale = true
            throw error
        }
        heads.merge(outcome.heads) { _, changed in changed }
        return outcome
    }

    private func write(_ batch: CommitBatch, outcome: inout CommitOutcome) throws {
        func head(of board: BoardName) throws -> Int {
            if let known = outcome.heads[board] ?? heads[board] { return known }
            guard let stored = try readHead(of: board) else { throw StoreError.unknownBoard(board) }
            heads[board] = stored
            return stored
        }

        for name in batch.newBoards {
            try insertBoard(name)
            outcome.heads[name] = 0
            for url in webhookURLs {
                let nonce = WebhookCursors.newNonce()
                try insertCursor.run(url, name, name, 0, nonce)
                outcome.cursors[WebhookCursors.LaneKey(url: url, source: name.rawValue)] = WebhookCursors.Cursor(
                    board: name, delivered: 0, nonce: nonce)
            }
        }

        var full: Set<BoardName> = []
        for entry in batch.ops {
            let expected = try head(of: entry.board) + 1
            guard entry.op.version == expected else {
                throw StoreError.versionConflict(board: entry.board, expected: expected, found: entry.op.version)
            }
            if try write(entry, outcome: &outcome) >= Self.boardMoveOps { full.insert(entry.board) }
            outcome.heads[entry.board] = entry.op.version
        }
        var seqs: [BoardClient: Int] = [:]
        for advance in batch.seqAdvances {
            _ = try head(of: advance.board)
            let key = BoardClient(board: advance.board, client: advance.client)
            seqs[key] = max(seqs[key] ?? 0, advance.seq)
        }
        for (key, seq) in seqs {
            try upsertSeq.run(key.board, key.client, seq)
        }

        for used in batch.newIDs {
            _ = try head(of: used.board)
            try record(used)
        }

        for snapshot in batch.snapshots {
            try moveLoggedOps(of: snapshot.id.rawValue)
            try store(snapshot, head: head(of: snapshot.id))
        }
        for board in full {
            try moveLoggedOps(of: board.rawValue)
        }
        while log.count > Self.loggedOpsLimit, let board = log.oldestBoard() {
            try moveLoggedOps(of: board)
        }
        if let cut = log.cutCopies() {
            try deleteCopiedOps.run(cut)
        }
    }

    /// Moves the cursor of each lane of `removals` up to its version: its ops up to there have
    /// gone out or been given up.
    func removeDeliveries(_ removals: [WebhookLane: Int64]) throws {
        for (lane, version) in removals {
            try advanceCursor.run(lane.url, lane.key, Int(version))
        }
    }

    private func insertBoard(_ name: BoardName) throws {
        do {
            try database.statement("INSERT INTO boards (name, head_version) VALUES (?, 0)").run(name)
        } catch let error where error.code == bs_sqlite_constraint_primarykey() {
            throw StoreError.boardAlreadyExists(name)
        }
    }

    /// Logs `stored`; returns the number of ops of `board` in the log not yet copied.
    private func write(_ stored: CommitBatch.BoardOp, outcome: inout CommitOutcome) throws -> Int {
        let op = stored.op
        let (row, logged) = log.append(stored.board.rawValue)
        let json = StoredJSON.text(of: op.op)
        try insertOp.run(
            row, stored.board, op.version, op.client, op.user, op.seq, json, Int(stored.committedAt.milliseconds),
            op.group?.first, op.group?.count, op.group?.restores)
        if !webhookURLs.isEmpty {
            outcome.ops.append(
                (
                    stored.board.rawValue,
                    OpRow(
                        version: op.version, client: op.client, user: op.user, seq: op.seq, json: json,
                        committedAt: Int(stored.committedAt.milliseconds), group: op.group)
                ))
        }
        return logged
    }

    /// Copies the logged ops of `board` (a board's name, or the key of a board in the trash, whose
    /// rows the log holds under it) into `ops` by their row ids, `rowsPerMove` at a time (0,
    /// which no row has, fills the last list); a transaction writes each page it dirtied to the
    /// WAL once, whatever the order of the rows. The rows stay in the log, skipped by readers,
    /// until the log is cut below them.
    private func moveLoggedOps(of board: String) throws {
        let rows = log.remove(board)
        var start = 0
        while start < rows.count {
            var list = Array(rows[start..<min(start + Self.rowsPerMove, rows.count)])
            list += repeatElement(0, count: Self.rowsPerMove - list.count)
            try moveLoggedOp.run(list: list)
            start += Self.rowsPerMove
        }
    }

    private func record(_ used: CommitBatch.NewID) throws {
        try insertUsedId.run(used.board, used.id, used.kind.rawValue)
    }

    /// Stores a snapshot and compacts the board as `BoardStore.writeSnapshot` says: the cutoff
    /// is the newest snapshot at or below `head - retainedOps` and below the first version a
    /// webhook cursor has not passed; ops up to it and older snapshots go. The board's logged ops have been copied into `ops` by then; their copies in the log up
    /// to the cutoff go first, so that none is read as an op again once `ops` no longer has it.
    /// Before ops go, their clients' highest seqs move into `client_seqs` and the head into
    /// `boards.head_version`, so neither is lost with them.
    private func store(_ snapshot: Board, head: Int) throws {
        let board = snapshot.id
        let version = snapshot.version
        guard version >= 0 else {
            throw StoreError.invalidArgument("snapshot version \(version) of board \(board)")
        }
        guard version <= head else {
            throw StoreError.snapshotAheadOfBoard(board: board, version: version, head: head)
        }
        try database.statement("INSERT OR REPLACE INTO snapshots (board, version, snapshot_json) VALUES (?, ?, ?)")
            .run(board, version, StoredJSON.text(of: snapshot))
        let newestAllowed = min(head - retainedOps, try firstUnsentVersion(of: board) - 1)
        guard newestAllowed >= 0,
            let cutoff = try database.statement(
                "SELECT max(version) FROM snapshots WHERE board = ? AND version <= ?"
            ).queryOne(board, newestAllowed, row: { $0.isNull(0) ? nil : $0.int(0) }) ?? nil
        else { return }
        try database.statement("DELETE FROM snapshots WHERE board = ? AND version < ?").run(board, cutoff)
        try database.statement("DELETE FROM op_log WHERE board = ? AND version <= ?").run(board, cutoff)
        try database.statement("UPDATE boards SET head_version = ? WHERE name = ?").run(head, board)
        try database.statement(
            """
            INSERT INTO client_seqs (board, client, last_seq)
            SELECT board, client, max(seq) FROM ops WHERE board = ? AND version <= ? GROUP BY client
            ON CONFLICT (board, client) DO UPDATE SET last_seq = max(last_seq, excluded.last_seq)
            """
        ).run(board, cutoff)
        try database.statement("DELETE FROM ops WHERE board = ? AND version <= ?").run(board, cutoff)
    }

    /// The first version of `board` a cursor of a configured webhook URL has not yet passed
    /// (`Int.max` when none): a compaction keeps it and the ops after it, which the deliveries
    /// are made from. A URL no longer configured holds nothing back.
    private func firstUnsentVersion(of board: BoardName) throws -> Int {
        guard !webhookURLs.isEmpty else { return Int.max }
        let configured = Set(webhookURLs)
        let cursors = try database.statement("SELECT url, delivered FROM webhook_cursors WHERE source = ?").query(
            board
        ) { (url: $0.string(0), delivered: $0.int(1)) }
        return cursors.filter { configured.contains($0.url) }.map { $0.delivered + 1 }.min() ?? Int.max
    }
}
