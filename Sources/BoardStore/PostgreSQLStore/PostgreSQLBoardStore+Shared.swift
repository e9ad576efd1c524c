import BoardSync

extension PostgreSQLBoardStore: SharedBoardStore {
    public func commitContinuing(
        _ batch: CommitBatch, rebase: (([BoardName: [SequencedOp]]) -> CommitBatch)?
    ) throws(StoreError) -> ContinuedCommit {
        guard !batch.isEmpty else { return ContinuedCommit() }
        var rebased: CommitBatch?
        return try write { writes, reads in
            try writes.connection.transaction { () throws -> ContinuedCommit in
                if !batch.newBoards.isEmpty {
                    try writes.connection.execute(
                        prepared: """
                            INSERT INTO boards (name, head_version) SELECT unnest($1::text[]), 0
                            ON CONFLICT (name) DO NOTHING
                            """, [Array(Set(batch.newBoards)).sorted()])
                }
                let heads = try writes.lockHeads(of: batch.boards)
                let newer = try writeContinuing(batch, heads: heads, writes: writes, reads: reads)
                guard !newer.isEmpty, let rebase else { return ContinuedCommit(newer: newer) }
                // The transaction runs again on a new connection if this one breaks before its
                // COMMIT: the rebase is asked once, and its batch offered again.
                let proposal = rebased ?? rebase(newer)
                rebased = proposal
                let offered = proposal.rebaseOffer(for: newer.keys)
                var headsAfter = heads
                for (board, ops) in newer { if let last = ops.last { headsAfter[board] = last.version } }
                let newerAgain = try writeContinuing(offered, heads: headsAfter, writes: writes, reads: reads)
                return ContinuedCommit(leftOut: newer, offered: offered, leftOutAgain: newerAgain)
            }
        }
    }

    /// Writes the parts of `batch` whose ops continue `heads` (locked by the transaction); answers
    /// the ops above the continued version of each board left out.
    private func writeContinuing(
        _ batch: CommitBatch, heads: [BoardName: Int], writes: PostgresStoreWrites, reads: PostgresStoreReads
    ) throws -> [BoardName: [SequencedOp]] {
        let continued = batch.continuedVersions
        let behind = Set(continued.filter { heads[$0.key] != $0.value }.keys)
        let kept = batch.excluding(behind, withoutCreations: true)
        var check = CommitBatchCheck()
        try check.check(kept) { heads[$0] }
        try writes.write(kept, heads: heads)
        guard !behind.isEmpty else { return [:] }
        var newer = try reads.opsAfter(continued.filter { behind.contains($0.key) }, limit: Int(Int64.max))
        for board in behind where newer[board] == nil { newer[board] = [] }
        return newer
    }

    public func storedBoards(of batch: CommitBatch) throws(StoreError) -> Set<BoardName> {
        let firstOps = batch.firstOps
        guard !firstOps.isEmpty else { return [] }
        let boards = firstOps.keys.sorted()
        return try read { reads in
            let rows = try reads.connection.execute(
                prepared: """
                    SELECT w.board FROM unnest($1::text[], $2::bigint[], $3::text[], $4::bigint[])
                        AS w(board, version, client, seq)
                    JOIN ops ON ops.board = w.board AND ops.version = w.version AND ops.client = w.client
                        AND ops.seq = w.seq
                    """,
                [
                    boards, boards.map { firstOps[$0]!.version }, boards.map { firstOps[$0]!.client },
                    boards.map { firstOps[$0]!.seq },
                ])
            return Set(try rows.map { try $0.boardName(0) })
        }
    }

    public func headVersions(of boards: [BoardName]) throws(StoreError) -> [BoardName: Int] {
        guard !boards.isEmpty else { return [:] }
        return try read { reads in
            var heads: [BoardName: Int] = [:]
            for row in try reads.connection.execute(
                prepared: "SELECT name, head_version FROM boards WHERE name = ANY($1::text[])", [boards])
            {
                heads[try row.boardName(0)] = try row.int(1)
            }
            return heads
        }
    }

    public func opsAfter(_ versions: [BoardName: Int], limit: Int) throws(StoreError) -> [BoardName: [SequencedOp]] {
        guard limit >= 0, versions.values.allSatisfy({ $0 >= 0 }) else {
            throw .invalidArgument("opsAfter needs versions and a limit of at least 0")
        }
        guard !versions.isEmpty else { return [:] }
        return try read { try $0.opsAfter(versions, limit: limit) }
    }
}

extension PostgresStoreReads {
    /// Up to `limit` ops above each board's version, in one statement.
    func opsAfter(_ versions: [BoardName: Int], limit: Int) throws -> [BoardName: [SequencedOp]] {
        let boards = versions.keys.sorted()
        var found: [BoardName: [SequencedOp]] = [:]
        for row in try connection.execute(
            prepared: """
                SELECT o.version, o.client, o."user", o.seq, o.op_json, o.committed_at, o.group_first, o.group_count,
                       o.group_restores, w.board
                FROM unnest($1::text[], $2::bigint[]) AS w(board, after)
                CROSS JOIN LATERAL (
                    SELECT * FROM ops WHERE ops.board = w.board AND ops.version > w.after ORDER BY version LIMIT $3
                ) AS o
                ORDER BY w.board, o.version
                """, [boards, boards.map { versions[$0]! }, limit])
        {
            let board = try row.boardName(9)
            found[board, default: []].append(try storedOp(row, board: board))
        }
        return found
    }
}
