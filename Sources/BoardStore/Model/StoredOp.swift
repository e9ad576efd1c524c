import BoardSync

/// One committed op as a store keeps it: the op exactly as the sequencer committed it (its
/// version, author and `seq`) and when it was committed.
public struct StoredOp: Sendable, Hashable {
    /// The committed op: the version it made, the client and user that submitted it, their `seq`.
    public var sequenced: SequencedOp
    /// When it was committed, in milliseconds since the Unix epoch (supplied by the caller).
    public var committedAt: Int

    /// Creates a stored op.
    public init(_ sequenced: SequencedOp, committedAt: Int) {
        self.sequenced = sequenced
        self.committedAt = committedAt
    }

    /// The board version the op produced (the first op of a board has version 1).
    public var version: Int { sequenced.version }
}
