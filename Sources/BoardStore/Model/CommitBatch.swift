import BoardSync

/// Everything one group commit makes durable, for any number of boards, all or nothing.
///
/// A store applies the parts in this order, and the first violation rejects the whole batch:
/// board creations, ops (in array order), `seq` advances, used ids, snapshots (each followed by
/// compaction of its board). Each op also advances its client's `lastSeq`.
public struct CommitBatch: Sendable, Equatable {
    /// An op together with the board it belongs to.
    public struct BoardOp: Sendable, Equatable {
        /// The board name.
        public private(set) var board: BoardName
        /// The committed op, stamped with `committedAt`.
        public private(set) var op: SequencedOp
        /// When it was committed.
        public let committedAt: CommitTime

        init(board: BoardName, op: SequencedOp, committedAt: CommitTime) {
            self.board = board
            self.op = op
            self.op.committedAt = committedAt
            self.committedAt = committedAt
        }
    }

    /// A `lastSeq` advance without a committed op (an acknowledged op that changed nothing).
    public struct SeqAdvance: Sendable, Equatable {
        /// The board name.
        public var board: BoardName
        /// The client id.
        public var client: ClientID
        /// The acknowledged `seq`; a lower value than the stored one leaves it unchanged.
        public var seq: Int
    }

    /// An id newly used on a board.
    public struct NewID: Sendable, Equatable {
        /// The board name.
        public var board: BoardName
        /// The item or section id.
        public var id: String
        /// What the id names.
        public var kind: IDKind
    }

    /// Boards created by this batch, at version 0.
    public private(set) var newBoards: [BoardName] = []
    /// New ops; per board their versions must continue the board's version without a gap.
    public private(set) var ops: [BoardOp] = []
    /// `lastSeq` advances that come without an op.
    public private(set) var seqAdvances: [SeqAdvance] = []
    /// Ids used for the first time.
    public private(set) var newIDs: [NewID] = []
    /// Snapshots to store, each of the board named by its `id`; none may be ahead of its board's
    /// version.
    public private(set) var snapshots: [Board] = []

    /// Creates an empty batch.
    public init() {}

    /// Whether the batch holds nothing to commit.
    public var isEmpty: Bool {
        newBoards.isEmpty && ops.isEmpty && seqAdvances.isEmpty && newIDs.isEmpty && snapshots.isEmpty
    }

    /// Appends every part of `other` after this batch's: committing the result is the same as
    /// committing this batch, then `other` (each part is applied in the documented order, and
    /// later snapshots, seq advances and ids only add to earlier ones).
    public mutating func append(contentsOf other: CommitBatch) {
        newBoards += other.newBoards
        ops += other.ops
        seqAdvances += other.seqAdvances
        newIDs += other.newIDs
        snapshots += other.snapshots
    }

    /// Creates the board `name` at version 0.
    public mutating func createBoard(_ name: BoardName) {
        newBoards.append(name)
    }

    /// Appends an op committed on `board` at `committedAt` (whatever time the op carries).
    public mutating func append(_ op: SequencedOp, committedAt: CommitTime, to board: BoardName) {
        ops.append(BoardOp(board: board, op: op, committedAt: committedAt))
    }

    /// Appends an op of another batch.
    mutating func append(_ entry: BoardOp) {
        ops.append(entry)
    }

    /// Raises `client`'s `lastSeq` on `board` to `seq` without an op.
    public mutating func advanceSeq(of client: ClientID, on board: BoardName, to seq: Int) {
        seqAdvances.append(SeqAdvance(board: board, client: client, seq: seq))
    }

    /// Records that `id` is used on `board`. The store does not refuse an id recorded twice (the
    /// caller checks `StoredBoard.usedIDs`); the kind recorded last wins.
    public mutating func useID(_ id: String, kind: IDKind, on board: BoardName) {
        newIDs.append(NewID(board: board, id: id, kind: kind))
    }

    /// Stores `snapshot` as the state of the board `snapshot.id` at `snapshot.version`, then
    /// compacts the board (see `BoardStore.writeSnapshot`).
    public mutating func addSnapshot(_ snapshot: Board) {
        snapshots.append(snapshot)
    }
}
