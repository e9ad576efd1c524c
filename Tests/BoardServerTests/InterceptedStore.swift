import BoardStore
import BoardSync

/// An in-memory store whose commits first pass through `intercept`, which may throw instead
/// (a failing disk) or wait (a slow one); every other call goes straight to the store.
final class InterceptedStore: BoardStore, @unchecked Sendable {
    let inner = InMemoryBoardStore()
    /// Runs on the committing thread before each commit.
    let intercept: @Sendable (CommitBatch) throws(StoreError) -> Void

    init(intercept: @escaping @Sendable (CommitBatch) throws(StoreError) -> Void) {
        self.intercept = intercept
    }

    var retainedOps: Int { inner.retainedOps }

    func commit(_ batch: CommitBatch) throws(StoreError) {
        try intercept(batch)
        try inner.commit(batch)
    }

    func loadBoard(_ name: BoardName) throws(StoreError) -> StoredBoard? { try inner.loadBoard(name) }
    func boardExists(_ name: BoardName) throws(StoreError) -> Bool { try inner.boardExists(name) }
    func listBoards() throws(StoreError) -> [BoardName] { try inner.listBoards() }
    func headVersion(of board: BoardName) throws(StoreError) -> Int? { try inner.headVersion(of: board) }
    func opsAfter(_ board: BoardName, version: Int, limit: Int) throws(StoreError) -> [SequencedOp] {
        try inner.opsAfter(board, version: version, limit: limit)
    }
    func opsBefore(_ board: BoardName, version: Int, limit: Int) throws(StoreError) -> [SequencedOp] {
        try inner.opsBefore(board, version: version, limit: limit)
    }
    func snapshot(_ board: BoardName, atOrBelow version: Int) throws(StoreError) -> Board? {
        try inner.snapshot(board, atOrBelow: version)
    }
    func oldestRetainedVersion(_ board: BoardName) throws(StoreError) -> Int? {
        try inner.oldestRetainedVersion(board)
    }
    func lastSeq(_ board: BoardName, client: ClientID) throws(StoreError) -> Int {
        try inner.lastSeq(board, client: client)
    }
    func committedOp(_ board: BoardName, client: ClientID, seq: Int) throws(StoreError) -> SequencedOp? {
        try inner.committedOp(board, client: client, seq: seq)
    }
    func moveToTrash(_ entry: TrashedBoard) throws(StoreError) -> TrashedBoard? { try inner.moveToTrash(entry) }
    func trashedBoards() throws(StoreError) -> [TrashedBoard] { try inner.trashedBoards() }
    func restoreFromTrash(_ name: BoardName, deleted: CommitTime?) throws(StoreError) -> TrashRestore {
        try inner.restoreFromTrash(name, deleted: deleted)
    }
    func purgeTrash(deletedBefore cutoff: CommitTime) throws(StoreError) -> [TrashedBoard] {
        try inner.purgeTrash(deletedBefore: cutoff)
    }
}
