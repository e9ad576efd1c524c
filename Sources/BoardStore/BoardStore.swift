import BoardSync

/// Durable storage of boards, in the model's terms: committed ops (`SequencedOp`), each client's
/// `lastSeq`, used ids and snapshots (`Board`). How a store encodes them is its own business
/// (`StoredJSON` for those that keep text). Every method either succeeds completely or throws
/// and changes nothing.
///
/// A new store is a new type plus `StoreFactory` entry in the store tests: the conformance suite
/// there runs every check against every factory. A store shared by several servers reports a
/// commit that lost the race for a board's next version as `StoreError.versionConflict`, which
/// tells its caller to read the newer ops and try again.
///
/// Threading: the server drives its store from one thread (its loop) and its committer's
/// queue. Implementations serialize calls with a lock, so handing a store to another thread is
/// safe, but calls never run concurrently.
public protocol BoardStore: AnyObject, Sendable {
    /// How many of the most recent ops of each board compaction always keeps for catch-up.
    var retainedOps: Int { get }

    /// Loads a board: latest snapshot, ops after it, used ids, `lastSeq`s; `nil` if it does not exist.
    func loadBoard(_ name: BoardName) throws(StoreError) -> StoredBoard?

    /// Whether the board exists.
    func boardExists(_ name: BoardName) throws(StoreError) -> Bool

    /// The names of all boards, sorted.
    func listBoards() throws(StoreError) -> [BoardName]

    /// The committed version of a board, or `nil` if it does not exist.
    func headVersion(of board: BoardName) throws(StoreError) -> Int?

    /// Makes a whole batch durable in one transaction, or nothing of it.
    func commit(_ batch: CommitBatch) throws(StoreError)

    /// Up to `limit` retained ops of `board` with a version above `version`, in version order.
    func opsAfter(_ board: BoardName, version: Int, limit: Int) throws(StoreError) -> [SequencedOp]

    /// The lowest version among the retained ops of `board`; `nil` when none is retained.
    ///
    /// Catch-up from `since` is complete when `since >= head` or `since + 1 >= oldest`.
    func oldestRetainedVersion(_ board: BoardName) throws(StoreError) -> Int?

    /// Up to `limit` retained ops of `board` with a version below `version`, newest first: one
    /// page of the board's history (`version` above the head means from the newest op). Empty
    /// for a board that does not exist; a negative version or limit is `invalidArgument`.
    func opsBefore(_ board: BoardName, version: Int, limit: Int) throws(StoreError) -> [SequencedOp]

    /// The newest kept snapshot of `board` at or below `version`, or `nil` (no such snapshot or
    /// no such board; a negative version is `invalidArgument`). The board as it was at `version`
    /// is that snapshot with the retained ops after it, up to `version`, applied.
    ///
    /// Which snapshots are kept is part of compaction (see `writeSnapshot`): every version from
    /// the oldest kept snapshot to the head can be rebuilt this way.
    func snapshot(_ board: BoardName, atOrBelow version: Int) throws(StoreError) -> Board?

    /// Stores `snapshot` for the board `snapshot.id` (replacing one of the same version), then
    /// compacts the board. Compaction keeps history rebuildable: its cutoff is the newest kept
    /// snapshot at or below `head - retainedOps`; the ops at or below the cutoff and the
    /// snapshots below it are deleted, everything else is kept. With none at or below, nothing
    /// is deleted. So at least the newest `retainedOps` ops stay, and every version from the
    /// cutoff to the head is a kept snapshot plus retained ops.
    func writeSnapshot(_ snapshot: Board) throws(StoreError)

    /// The highest acknowledged `seq` of `client` on `board` (0 if none).
    func lastSeq(_ board: BoardName, client: ClientID) throws(StoreError) -> Int

    /// The retained op that `client` committed with `seq` on `board`, if any (the store does not
    /// enforce unique seqs; were one repeated, the lowest version is returned). Rare and not
    /// indexed: it scans the board's retained ops.
    func committedOp(_ board: BoardName, client: ClientID, seq: Int) throws(StoreError) -> SequencedOp?

    /// Moves the board `entry.id` to the trash with everything it holds, recorded as `entry`
    /// (its size and the time it was deleted); its name is then free for a new board. When the
    /// trash already holds a board of that name deleted at that millisecond, the later one is
    /// recorded a millisecond later. Answers the entry as recorded, or nil when the board does
    /// not exist.
    func moveToTrash(_ entry: TrashedBoard) throws(StoreError) -> TrashedBoard?

    /// Every board in the trash, by name, then by the time it was deleted.
    func trashedBoards() throws(StoreError) -> [TrashedBoard]

    /// Brings the board `name` back from the trash under its name, with every op, snapshot,
    /// used id and seq it had: the one deleted at `deleted`, or the one deleted last when
    /// `deleted` is nil.
    func restoreFromTrash(_ name: BoardName, deleted: CommitTime?) throws(StoreError) -> TrashRestore

    /// Removes for good every board of the trash deleted before `cutoff`; answers them.
    func purgeTrash(deletedBefore cutoff: CommitTime) throws(StoreError) -> [TrashedBoard]
}

extension BoardStore {
    public func writeSnapshot(_ snapshot: Board) throws(StoreError) {
        var batch = CommitBatch()
        batch.addSnapshot(snapshot)
        try commit(batch)
    }
}
