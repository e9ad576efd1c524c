/// Everything one group commit makes durable, for any number of boards, all or nothing.
///
/// A store applies the parts in this order, and the first violation rejects the whole batch:
/// board creations, ops (in array order), `seq` advances, used ids, snapshots (each followed by
/// compaction of its board). Each op also advances its client's `lastSeq`.
public struct CommitBatch: Sendable, Equatable {
    /// An op together with the board it belongs to.
    public struct BoardOp: Sendable, Equatable {
        /// The board name.
        public var board: String
        /// The committed op.
        public var op: CommittedOp
    }

    /// A `lastSeq` advance without a committed op (an acknowledged op that changed nothing).
    public struct SeqAdvance: Sendable, Equatable {
        /// The board name.
        public var board: String
        /// The client id.
        public var client: String
        /// The acknowledged `seq`; a lower value than the stored one leaves it unchanged.
        public var seq: Int
    }

    /// An id newly used on a board.
    public struct UsedId: Sendable, Equatable {
        /// The board name.
        public var board: String
        /// The item or section id.
        public var id: String
        /// What the id names.
        public var kind: IdKind
    }

    /// A snapshot of one board.
    public struct BoardSnapshotRecord: Sendable, Equatable {
        /// The board name.
        public var board: String
        /// The snapshot.
        public var snapshot: BoardSnapshot
    }

    /// Boards created by this batch, at version 0.
    public private(set) var newBoards: [String] = []
    /// New ops; per board their versions must continue the board's version without a gap.
    public private(set) var ops: [BoardOp] = []
    /// `lastSeq` advances that come without an op.
    public private(set) var seqAdvances: [SeqAdvance] = []
    /// Ids used for the first time.
    public private(set) var usedIds: [UsedId] = []
    /// Snapshots to store; each must not be ahead of its board's version.
    public private(set) var snapshots: [BoardSnapshotRecord] = []

    /// Creates an empty batch.
    public init() {}

    /// Whether the batch holds nothing to commit.
    public var isEmpty: Bool {
        newBoards.isEmpty && ops.isEmpty && seqAdvances.isEmpty && usedIds.isEmpty && snapshots.isEmpty
    }

    /// Appends every part of `other` after this batch's: committing the result is the same as
    /// committing this batch, then `other` (each part is applied in the documented order, and
    /// later snapshots, seq advances and ids only add to earlier ones).
    public mutating func append(contentsOf other: CommitBatch) {
        newBoards += other.newBoards
        ops += other.ops
        seqAdvances += other.seqAdvances
        usedIds += other.usedIds
        snapshots += other.snapshots
    }

    /// Creates the board `name` at version 0.
    public mutating func createBoard(_ name: String) {
        newBoards.append(name)
    }

    /// Appends a committed op of `board`.
    public mutating func append(_ op: CommittedOp, to board: String) {
        ops.append(BoardOp(board: board, op: op))
    }

    /// Raises `client`'s `lastSeq` on `board` to `seq` without an op.
    public mutating func advanceSeq(of client: String, on board: String, to seq: Int) {
        seqAdvances.append(SeqAdvance(board: board, client: client, seq: seq))
    }

    /// Records that `id` is used on `board`. The store does not refuse an id recorded twice (the
    /// caller checks `StoredBoard.usedIds`); the kind recorded last wins.
    public mutating func useId(_ id: String, kind: IdKind, on board: String) {
        usedIds.append(UsedId(board: board, id: id, kind: kind))
    }

    /// Stores a snapshot of `board`, which allows compacting the ops it covers.
    public mutating func addSnapshot(_ snapshot: BoardSnapshot, of board: String) {
        snapshots.append(BoardSnapshotRecord(board: board, snapshot: snapshot))
    }
}
