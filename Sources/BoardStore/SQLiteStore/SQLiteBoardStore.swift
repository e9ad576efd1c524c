import BoardSync
import Locking

/// A `BoardStore` in one SQLite database file, in WAL mode with `synchronous = FULL`: a
/// committed batch survives the process being killed at any moment.
///
/// Opening checks the file (`PRAGMA quick_check`, schema version) and throws `StoreError`
/// instead of ever starting empty over a bad file; a missing file and its directory are
/// created. Calls are serialized by a lock (see `BoardStore` on threading); only one store
/// should open a given file at a time. The webhook sender reads the outbox through a read-only
/// connection of its own, never waiting for that lock (see `SQLiteBoardStore+Webhooks`).
public final class SQLiteBoardStore: BoardStore {
    public let retainedOps: Int
    /// The database file.
    public let path: String
    private let connection: Locked<StoreConnection?>
    /// The cursors the sender has moved and the file not yet, moved by the next commit.
    let webhookRemovals = Locked(WebhookRemovals())
    /// The webhook cursors and heads, as the sender reads them (`SQLiteBoardStore+Webhooks`).
    let webhookCursors: Locked<WebhookCursors>
    /// The read-only connection of the webhook sender's reads, opened on the first of them.
    let outboxReader = Locked(OutboxReader())

    /// Opens or creates the store at `path`, keeping at least `retainedOps` recent ops per board;
    /// its ops are announced to each of `webhookURLs` (`WebhookOutbox`), a URL new to the file
    /// from the ops committed after this opening.
    public init(path: String, retainedOps: Int = 10_000, webhookURLs: [String] = []) throws(StoreError) {
        let database = try StoreOpener.open(path: path)
        let opened: StoreConnection
        let cursors: WebhookCursors
        do {
            opened = try StoreConnection(database: database, path: path, retainedOps: max(0, retainedOps))
            opened.webhookURLs = webhookURLs
            try opened.registerWebhookURLs()
            cursors = try opened.readWebhookCursors()
        } catch {
            database.close()
            throw StoreError(error)
        }
        self.path = path
        self.retainedOps = max(0, retainedOps)
        connection = Locked(opened)
        webhookCursors = Locked(cursors)
    }

    /// Closes the database, moving first the cursors the sender moved; later calls
    /// throw `StoreError.database`. Closing twice is harmless.
    public func close() {
        connection.withLock { connection in
            // The reader goes first, so that the writer, closing last, checkpoints the log.
            outboxReader.withLock { $0.close() }
            if let open = connection {
                try? removeFinishedDeliveries(open)
                open.database.close()
            }
            connection = nil
        }
    }

    public func loadBoard(_ name: BoardName) throws(StoreError) -> StoredBoard? {
        try withConnection { try $0.loadBoard(name) }
    }

    public func boardExists(_ name: BoardName) throws(StoreError) -> Bool {
        try withConnection { try $0.headVersion(of: name) != nil }
    }

    public func listBoards() throws(StoreError) -> [BoardName] {
        try withConnection { try $0.listBoards() }
    }

    public func headVersion(of board: BoardName) throws(StoreError) -> Int? {
        try withConnection { try $0.headVersion(of: board) }
    }

    public func commit(_ batch: CommitBatch) throws(StoreError) {
        try withConnection { connection in
            let removals: [WebhookLane: Int64] = batch.isEmpty ? [:] : webhookRemovals.withLock { $0.through }
            let outcome = try connection.commit(batch, removing: removals)
            if !removals.isEmpty { webhookRemovals.withLock { $0.removed(removals) } }
            webhookCursors.withLock { $0.committed(outcome) }
        }
    }

    public func opsAfter(_ board: BoardName, version: Int, limit: Int) throws(StoreError) -> [SequencedOp] {
        guard version >= 0, limit >= 0 else {
            throw .invalidArgument("opsAfter needs a version and a limit of at least 0")
        }
        return try withConnection { try $0.opsAfter(board, version: version, limit: limit) }
    }

    public func opsBefore(_ board: BoardName, version: Int, limit: Int) throws(StoreError) -> [SequencedOp] {
        guard version >= 0, limit >= 0 else {
            throw .invalidArgument("opsBefore needs a version and a limit of at least 0")
        }
        return try withConnection { try $0.opsBefore(board, version: version, limit: limit) }
    }

    public func snapshot(_ board: BoardName, atOrBelow version: Int) throws(StoreError) -> Board? {
        guard version >= 0 else { throw .invalidArgument("snapshot needs a version of at least 0") }
        return try withConnection { try $0.snapshot(board, atOrBelow: version) }
    }

    public func oldestRetainedVersion(_ board: BoardName) throws(StoreError) -> Int? {
        try withConnection { try $0.oldestRetainedVersion(board) }
    }

    public func lastSeq(_ board: BoardName, client: ClientID) throws(StoreError) -> Int {
        try withConnection { try $0.lastSeq(board, client: client) }
    }

    public func committedOp(_ board: BoardName, client: ClientID, seq: Int) throws(StoreError) -> SequencedOp? {
        try withConnection { try $0.committedOp(board, client: client, seq: seq) }
    }

    func withConnection<Result: Sendable>(
        _ body: (StoreConnection) throws -> Result
    ) throws(StoreError) -> Result {
        do {
            return try connection.withLock { connection in
                guard let connection else { throw SQLiteError.closed }
                return try body(connection)
            }
        } catch {
            throw StoreError(error)
        }
    }
}

extension SQLiteBoardStore {
    public func moveToTrash(_ entry: TrashedBoard) throws(StoreError) -> TrashedBoard? {
        try withConnection { connection in
            try changingWebhookCursors(connection) { try connection.moveToTrash(entry) }
        }
    }

    public func trashedBoards() throws(StoreError) -> [TrashedBoard] {
        try withConnection { try $0.trashedBoards() }
    }

    public func restoreFromTrash(_ name: BoardName, deleted: CommitTime?) throws(StoreError) -> TrashRestore {
        try withConnection { connection in
            try changingWebhookCursors(connection) { try connection.restoreFromTrash(name, deleted: deleted) }
        }
    }

    public func purgeTrash(deletedBefore cutoff: CommitTime) throws(StoreError) -> [TrashedBoard] {
        try withConnection { connection in
            try changingWebhookCursors(connection) { try connection.purgeTrash(deletedBefore: cutoff) }
        }
    }

    /// Runs `body`, which renames or deletes board keys, with the cursors the sender moved in the
    /// file first, then reads the cursors back.
    private func changingWebhookCursors<Result>(
        _ connection: StoreConnection, _ body: () throws -> Result
    ) throws -> Result {
        try removeFinishedDeliveries(connection)
        let result = try body()
        let cursors = try connection.readWebhookCursors()
        webhookCursors.withLock { $0 = cursors }
        return result
    }
}
