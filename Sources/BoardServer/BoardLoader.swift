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
        let replayed = try stored.ops.filter { $0.version > board.version }.map { record in
            (record, try decode(record, board: stored.name))
        }
        // The stored ids include those that the ops after the snapshot introduced; they were new
        // when those ops were checked, so they must be new again while the ops are replayed.
        let introduced = Set(replayed.compactMap { $0.1.introducedID })
        var usedIDs: [String: IDKind] = [:]
        for (id, kind) in stored.usedIds where !introduced.contains(id) {
            usedIDs[id] = kind == .item ? .item : .section
        }
        var state = BoardState(board: board, usedIDs: usedIDs)
        for (record, op) in replayed {
            guard record.version == state.version + 1, state.check(op, limits: unlimited) == .apply else {
                throw CorruptBoard(board: stored.name, reason: "op \(record.version) does not apply")
            }
            state.commit(op)
        }
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

extension Op {
    /// The id of the item or section this op creates, if it creates one.
    fileprivate var introducedID: String? {
        switch self {
        case .insert(let item, _): item.id
        case .insertSection(let section, _): section.id
        default: nil
        }
    }
}
