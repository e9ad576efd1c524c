import BoardSync

/// Durable storage of boards, in the model's terms: committed ops (`StoredOp`), each client's
/// `lastSeq`, used ids and snapshots (`Board`). How a store encodes them is its own business
/// (`StoredJSON` for those that keep text). Every method either succeeds completely or throws
/// and changes nothing.
///
/// A new store is a new type plus `StoreFactory` entry in the store tests: the conformance suite
/// there runs every check against every factory. A store shared by several servers reports a
/// commit that lost the race for a board's next version as `StoreError.versionConflict`, which
/// tells its caller to read the newer ops and try again.
///
/// Threading: the server drives its store from one thread (its loop) and the group committer's
/// queue. Implementations serialize calls with a lock, so handing a store to another thread is
/// safe, but calls never run concurrently.
public protocol BoardStore: AnyObject, Sendable {
    /// How many of the most recent ops of each board compaction always keeps for catch-up.
    var retainedOps: Int { get }

    /// Loads a board: latest snapshot, ops after it, used ids, `lastSeq`s; `nil` if it does not exist.
    func loadBoard(_ name: String) throws(StoreError) -> StoredBoard?

    /// Whether the board exists.
    func boardExists(_ name: String) throws(StoreError) -> Bool

    /// The names of all boards, sorted.
    func listBoards() throws(StoreError) -> [String]

    /// The committed version of a board, or `nil` if it does not exist.
    func headVersion(of board: String) throws(StoreError) -> Int?

    /// Makes a whole batch durable in one transaction, or nothing of it.
    func commit(_ batch: CommitBatch) throws(StoreError)

    /// Up to `limit` retained ops of `board` with a version above `version`, in version order.
    func opsAfter(_ board: String, version: Int, limit: Int) throws(StoreError) -> [StoredOp]

    /// The lowest version among the retained ops of `board`; `nil` when none is retained.
    ///
    /// Catch-up from `since` is complete when `since >= head` or `since + 1 >= oldest`.
    func oldestRetainedVersion(_ board: String) throws(StoreError) -> Int?

    /// Stores `snapshot` for the board `snapshot.id` and compacts the ops it covers (keeping
    /// `retainedOps`).
    func writeSnapshot(_ snapshot: Board) throws(StoreError)

    /// The highest acknowledged `seq` of `client` on `board` (0 if none).
    func lastSeq(_ board: String, client: String) throws(StoreError) -> Int

    /// The retained op that `client` committed with `seq` on `board`, if any (the store does not
    /// enforce unique seqs; were one repeated, the lowest version is returned). Rare and not
    /// indexed: it scans the board's retained ops.
    func committedOp(_ board: String, client: String, seq: Int) throws(StoreError) -> StoredOp?
}

extension BoardStore {
    public func writeSnapshot(_ snapshot: Board) throws(StoreError) {
        var batch = CommitBatch()
        batch.addSnapshot(snapshot)
        try commit(batch)
    }
}
