import BoardSync
import CSQLite

extension StoreConnection {
    /// A client of one board, the key of a `lastSeq`.
    private struct BoardClient: Hashable {
        let board: String
        let client: String
    }

    /// Writes a whole batch in one transaction (one WAL sync), in the order `CommitBatch` documents.
    ///
    /// An op writes only its own row, appended to `op_log`: the board's head is the highest op
    /// version (kept in `heads` once read) and a client's `lastSeq` includes the seqs of its
    /// retained ops, so neither `boards` nor `client_seqs` is touched per op (see `StoreSchema`).
    /// The log is moved into `ops` before any compaction and once it reaches
    /// `logFoldThreshold`. `heads` and `loggedOps` change only once the transaction has committed.
    func commit(_ batch: CommitBatch) throws {
        guard !batch.isEmpty else { return }
        var changedHeads: [String: Int] = [:]
        var logged = loggedOps
        try database.transaction {
            func head(of board: String) throws -> Int {
                if let known = changedHeads[board] ?? heads[board] { return known }
                guard let stored = try readHead(of: board) else { throw StoreError.unknownBoard(board) }
                heads[board] = stored
                return stored
            }

            for name in batch.newBoards {
                try insertBoard(name)
                changedHeads[name] = 0
            }

            for entry in batch.ops {
                let expected = try head(of: entry.board) + 1
                guard entry.op.version == expected else {
                    throw StoreError.versionConflict(board: entry.board, expected: expected, found: entry.op.version)
                }
                try write(entry.op, board: entry.board)
                changedHeads[entry.board] = entry.op.version
                logged += 1
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

            if !batch.snapshots.isEmpty, logged > 0 {
                try foldLog()
                logged = 0
            }
            for snapshot in batch.snapshots {
                try store(snapshot, head: head(of: snapshot.id))
            }
            if logged >= Self.logFoldThreshold {
                try foldLog()
                logged = 0
            }
        }
        loggedOps = logged
        heads.merge(changedHeads) { _, changed in changed }
    }

    private func insertBoard(_ name: String) throws {
        do {
            try database.statement("INSERT INTO boards (name, head_version) VALUES (?, 0)").run(name)
        } catch let error where error.code == bs_sqlite_constraint_primarykey() {
            throw StoreError.boardAlreadyExists(name)
        }
    }

    private func write(_ stored: StoredOp, board: String) throws {
        let op = stored.sequenced
        try insertOp.run(
            board, op.version, op.client, op.user, op.seq, StoredJSON.text(of: op.op), stored.committedAt)
    }

    /// Moves every op of `op_log` into `ops`. A transaction writes each page it dirtied to the
    /// WAL once, whatever the order of the rows; sorting them by key first cost more
    /// instructions than the inserts saved.
    private func foldLog() throws {
        try database.statement(
            """
            INSERT INTO ops (board, version, client, user, seq, op_json, committed_at)
            SELECT board, version, client, user, seq, op_json, committed_at FROM op_log
            """
        ).run()
        try database.statement("DELETE FROM op_log").run()
    }

    private func record(_ used: CommitBatch.NewID) throws {
        try insertUsedId.run(used.board, used.id, used.kind.rawValue)
    }

    /// Stores a snapshot and compacts the board as `BoardStore.writeSnapshot` says: the cutoff
    /// is the newest snapshot at or below `head - retainedOps`; ops up to it and older snapshots
    /// go. The log is empty by then, so every op is in `ops`. Before ops go, their clients'
    /// highest seqs move into `client_seqs` and the head into `boards.head_version`, so neither
    /// is lost with them.
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
        let newestAllowed = head - retainedOps
        guard newestAllowed >= 0,
            let cutoff = try database.statement(
                "SELECT max(version) FROM snapshots WHERE board = ? AND version <= ?"
            ).queryOne(board, newestAllowed, row: { $0.isNull(0) ? nil : $0.int(0) }) ?? nil
        else { return }
        try database.statement("DELETE FROM snapshots WHERE board = ? AND version < ?").run(board, cutoff)
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
}
