import BoardStore
import BoardSync

/// Rebuilds a board's sequencer from what its store kept: the latest snapshot, the ops after
/// it, the used ids and every client's `lastSeq`.
enum BoardLoader {
    /// Why a stored board could not be rebuilt.
    struct CorruptBoard: Error, CustomStringConvertible {
        let board: BoardName
        let reason: String
        var description: String { "board \(board) cannot be loaded: \(reason)" }
    }

    static func load(_ stored: StoredBoard, store: any BoardStore, config: SequencerConfig) throws -> Sequencer {
        let board = try replay(stored.ops, onto: stored.snapshot ?? .initial(id: stored.name))
        let state = BoardState(board: board, usedIDs: stored.usedIDs)
        let first = max(0, state.version - config.windowSize)
        let recent = try store.opsAfter(stored.name, version: first, limit: config.windowSize)
        return Sequencer(state: state, recentOps: recent, lastSeqs: stored.lastSeqs, config: config)
    }

    /// `board` with the `ops` after its version applied in order: the board as the last of them
    /// left it. Replay checks against the board's own ids only (the stored used ids already hold
    /// the ids these ops created, which would make every replayed insert look like a reused id)
    /// and without limits (`BoardState.replay`).
    static func replay(_ ops: [SequencedOp], onto board: Board) throws(CorruptBoard) -> Board {
        var replay = BoardState(board: board)
        for committed in ops where committed.version > replay.version {
            guard replay.replay(committed.op, committedAt: committed.version) else {
                throw CorruptBoard(board: board.id, reason: "op \(committed.version) does not apply")
            }
        }
        return replay.board
    }
}
