import BoardSync

/// Everything needed to rebuild a board in memory: the latest snapshot plus the ops after it.
public struct StoredBoard: Sendable, Equatable {
    /// The board name.
    public var name: BoardName
    /// The latest snapshot, or `nil` when none was ever written (the board starts from its
    /// initial state at version 0).
    public var snapshot: Board?
    /// The committed ops after the snapshot, in increasing version order without gaps.
    public var ops: [SequencedOp]
    /// Every id ever used on the board, deleted ones included, with what it named.
    public var usedIDs: [String: IDKind]
    /// The highest acknowledged `seq` of every client that ever had one on this board.
    public var lastSeqs: [ClientID: Int]

    /// Creates a stored board.
    public init(
        name: BoardName, snapshot: Board?, ops: [SequencedOp], usedIDs: [String: IDKind], lastSeqs: [ClientID: Int]
    ) {
        self.name = name
        self.snapshot = snapshot
        self.ops = ops
        self.usedIDs = usedIDs
        self.lastSeqs = lastSeqs
    }

    /// The board's committed version: the last op's, else the snapshot's, else 0.
    public var version: Int {
        ops.last?.version ?? snapshot?.version ?? 0
    }
}
