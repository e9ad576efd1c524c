import BoardStore
import BoardSync

/// Rebuilds boards from storage: the latest snapshot, the ops after it, used ids and `lastSeq`s.
enum BoardLoader {
    /// Why a stored board could not be rebuilt.
    struct CorruptBoard: Error, CustomStringConvertible {
        let board: String
        let reason: String
        var description: String { "board \(board) cannot be loaded: \(reason)" }
    }

    static func load(
        _ stored: StoredBoard, store: any BoardStore, config: SequencerConfig
    ) throws -> (sequencer: Sequencer, opsSinceSnapshot: Int) {
        var board = Board.initial(id: stored.name)
        if let snapshot = stored.snapshot {
            do {
                board = try WireCodec.decodeBoard(Array(snapshot.json.utf8))
            } catch {
                throw CorruptBoard(board: stored.name, reason: "snapshot: \(error)")
            }
            board.version = snapshot.version
        }
        var usedIDs: [String: IDKind] = [:]
        for (id, kind) in stored.usedIds { usedIDs[id] = kind == .item ? .item : .section }
        // Replay against the snapshot's own ids: the stored used ids already hold the ids these
        // ops created, which would make every replayed insert look like a reused id.
        var replay = BoardState(board: board)
        for record in stored.ops where record.version > replay.version {
            let op = try decode(record, board: stored.name)
            guard record.version == replay.version + 1, replay.check(op, limits: unlimited) == .apply else {
                throw CorruptBoard(board: stored.name, reason: "op \(record.version) does not apply")
            }
            replay.commit(op)
        }
        let state = BoardState(board: replay.board, usedIDs: usedIDs)
        let first = max(0, state.version - config.windowSize)
        let recent = try store.opsAfter(stored.name, version: first, limit: config.windowSize).map { record in
            SequencedOp(
                version: record.version, client: record.client, user: record.user, seq: record.seq,
                op: try decode(record, board: stored.name))
        }
        let sequencer = Sequencer(state: state, recentOps: recent, lastSeqs: stored.lastSeqs, config: config)
        return (sequencer, stored.ops.count)
    }

    /// Stored ops were checked when they were committed; limits may have been lowered since.
    private static let unlimited = Limits(maxItems: .max, maxSections: .max, maxTextLength: .max)

    private static func decode(_ record: CommittedOp, board: String) throws -> Op {
        do {
            return try WireCodec.decodeOp(Array(record.opJSON.utf8))
        } catch {
            throw CorruptBoard(board: board, reason: "op \(record.version): \(error)")
        }
    }
}
