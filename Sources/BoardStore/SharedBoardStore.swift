import BoardSync

/// A store that several servers share, each sequencing the boards it serves: PostgreSQL, and
/// the in-memory store for tests that run several servers in one process.
///
/// A server commits its turns optimistically: its ops continue the head it knows, which
/// another server may have moved meanwhile. `commitContinuing` then keeps what it can (the
/// boards whose heads it continues) and returns, for the others, the ops it missed, so that
/// the server rebases its turns on top of them and tries again.
public protocol SharedBoardStore: BoardStore {
    /// Commits in one transaction every part of `batch` of the boards whose ops continue their
    /// stored heads, creating the boards it creates unless another server already did. The
    /// parts of every other board are left out (another server committed its next version
    /// first); the ops stored above the version each of them continued are read, in version
    /// order.
    ///
    /// When some board was left out and `rebase` is given, it is called once, inside the
    /// transaction and while the boards' heads stay locked, with those ops; the batch it answers
    /// (the left-out boards' turns worked out again on top of them) is written in the same
    /// transaction where it continues the heads. So a race lost to another server costs one
    /// round trip to the caller, and no other server can move the heads meanwhile. The boards
    /// still left out come back in `newer`, each with the ops above the version its last
    /// offered ops continued. Any other violation of the batches' rules rejects all of it, as
    /// `commit` does.
    func commitContinuing(
        _ batch: CommitBatch, rebase: ((_ newer: [BoardName: [SequencedOp]]) -> CommitBatch)?
    ) throws(StoreError) -> ContinuedCommit

    /// The boards of `batch` whose first op is stored at its version with the same client and
    /// seq, for a commit whose outcome is unknown. The commit was one transaction: when any is,
    /// the commit happened, its other boards with ops lost their race, and its parts without
    /// ops are stored too; when none is, nothing of it happened (committing a batch without
    /// ops again changes nothing).
    func storedBoards(of batch: CommitBatch) throws(StoreError) -> Set<BoardName>

    /// The committed heads of those of `boards` that exist.
    func headVersions(of boards: [BoardName]) throws(StoreError) -> [BoardName: Int]

    /// For each board of `versions`, up to `limit` retained ops above its version, in version
    /// order (boards without any are left out).
    func opsAfter(_ versions: [BoardName: Int], limit: Int) throws(StoreError) -> [BoardName: [SequencedOp]]
}

/// What `SharedBoardStore.commitContinuing` stored and left out.
public struct ContinuedCommit: Equatable, Sendable {
    /// The boards left out, each with the ops stored above the version its ops continued.
    public var newer: [BoardName: [SequencedOp]]
    /// The part of the rebase's batch that was written with the rest (empty when there was no
    /// rebase, or none of it continued the heads).
    public var rebased: CommitBatch

    public init(newer: [BoardName: [SequencedOp]] = [:], rebased: CommitBatch = CommitBatch()) {
        self.newer = newer
        self.rebased = rebased
    }
}

extension ContinuedCommit {
    /// What a commit came to whose boards `leftOut` (with the ops they missed) were rebased into
    /// `offered` (a `rebaseOffer`), of which the boards of `leftOutAgain` did not continue their
    /// heads either (with the ops above what their offered ops continued).
    init(leftOut: [BoardName: [SequencedOp]], offered: CommitBatch, leftOutAgain: [BoardName: [SequencedOp]]) {
        var newer = leftOut.filter { offered.continuedVersions[$0.key] == nil }
        newer.merge(leftOutAgain) { _, again in again }
        self.init(newer: newer, rebased: offered.excluding(Set(leftOutAgain.keys)))
    }
}

extension CommitBatch {
    /// What of a rebase's answer may be written: its parts of the boards `leftOut` (those that
    /// lost their race), without board creations.
    func rebaseOffer(for leftOut: some Sequence<BoardName>) -> CommitBatch {
        excluding(boards.subtracting(leftOut), withoutCreations: true)
    }
}

extension SharedBoardStore {
    /// `commitContinuing` without a rebase: the boards left out and the ops they missed.
    public func commitContinuing(_ batch: CommitBatch) throws(StoreError) -> [BoardName: [SequencedOp]] {
        try commitContinuing(batch, rebase: nil).newer
    }
}

extension CommitBatch {
    /// The first op of each board in the batch.
    public var firstOps: [BoardName: SequencedOp] {
        var first: [BoardName: SequencedOp] = [:]
        for entry in ops where first[entry.board] == nil { first[entry.board] = entry.op }
        return first
    }

    /// The version each board's first op in the batch continues (one below that op's).
    public var continuedVersions: [BoardName: Int] {
        var versions: [BoardName: Int] = [:]
        for entry in ops where versions[entry.board] == nil { versions[entry.board] = entry.op.version - 1 }
        return versions
    }

    /// The batch without any part of `boards`, and without board creations when
    /// `withoutCreations` is set.
    func excluding(_ boards: Set<BoardName>, withoutCreations: Bool = false) -> CommitBatch {
        var kept = CommitBatch()
        if !withoutCreations {
            for name in newBoards where !boards.contains(name) { kept.createBoard(name) }
        }
        for entry in ops where !boards.contains(entry.board) { kept.append(entry) }
        for advance in seqAdvances where !boards.contains(advance.board) {
            kept.advanceSeq(of: advance.client, on: advance.board, to: advance.seq)
        }
        for used in newIDs where !boards.contains(used.board) { kept.useID(used.id, kind: used.kind, on: used.board) }
        for snapshot in snapshots where !boards.contains(snapshot.id) { kept.addSnapshot(snapshot) }
        return kept
    }
}
