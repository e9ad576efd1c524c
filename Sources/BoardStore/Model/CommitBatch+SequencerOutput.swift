import BoardSync

extension CommitBatch {
    /// Adds everything durable that one turn of `board`'s sequencer produced: its committed ops
    /// (stamped `committedAt`), the `lastSeq` advances and the ids used for the first time.
    public mutating func append(_ output: SequencerOutput, of board: BoardName, committedAt: CommitTime) {
        for committed in output.commits {
            append(committed, committedAt: committedAt, to: board)
        }
        for update in output.lastSeqUpdates {
            advanceSeq(of: update.client, on: board, to: update.seq)
        }
        for used in output.newIDs {
            useID(used.id, kind: used.kind, on: board)
        }
    }
}
