import BoardSync
import Locking

/// A `BoardStore` in a PostgreSQL database, in a schema of its own, shared by any number of
/// servers: every node started on the same database and schema serves the same boards.
///
/// Every session commits synchronously, so a commit that returned is durable. A commit locks
/// the rows of its boards (`boards.head_version`), so the commits of several servers on one
/// board take turns, and one whose op does not continue the head it finds fails with
/// `versionConflict`: the caller reads the newer ops, rebases and tries again.
///
/// Opening creates the schema (or checks its version) and throws `StoreError` instead of ever
/// using tables it does not know. Reads and commits have a connection each, each behind its own
/// lock, so a commit under way never holds up a read. A connection found broken is connected
/// again on the next call; a call that cannot reach the server throws `unreachable`.
public final class PostgreSQLBoardStore: BoardStore {
    public let retainedOps: Int
    /// The schema holding the tables.
    public let schema: String
    /// The URLs every commit announces its ops to (`WebhookOutbox`).
    public let webhookURLs: [String]
    private let reader: Locked<PostgresStoreSession>
    private let writer: Locked<PostgresStoreSession>
    /// The webhook sender's connection, so that its reads and writes never wait for a commit.
    let webhooks: Locked<PostgresStoreSession>
    private let place: String

    /// The schema the server uses unless told otherwise.
    public static let defaultSchema = "board_sync"

    /// Opens the store in `schema` of the database at `url` (created when missing), keeping at
    /// least `retainedOps` recent ops per board; every commit writes the deliveries of its ops
    /// to each of `webhookURLs`. `schema` must be a plain lowercase identifier.
    public init(
        url: String, schema: String = defaultSchema, retainedOps: Int = 10_000, webhookURLs: [String] = [],
        options: PostgresConnectionOptions = PostgresConnectionOptions(applicationName: "board-server")
    ) throws(StoreError) {
        guard Self.isPlainIdentifier(schema) else {
            throw .invalidArgument("schema \(schema) is not a lowercase identifier")
        }
        var sessionOptions = options
        sessionOptions.searchPath = [schema]
        self.schema = schema
        self.retainedOps = max(0, retainedOps)
        self.webhookURLs = webhookURLs
        self.place = "PostgreSQL schema \(schema)"
        let setup = PostgresStoreSession(url: url, options: options)
        try setup.run(retryOnLoss: true) { try PostgresStoreMigration.prepare($0, schema: schema) }
        setup.close()
        reader = Locked(PostgresStoreSession(url: url, options: sessionOptions))
        writer = Locked(PostgresStoreSession(url: url, options: sessionOptions))
        webhooks = Locked(PostgresStoreSession(url: url, options: sessionOptions))
    }

    deinit {
        close()
    }

    /// Closes both connections; a later call connects again.
    public func close() {
        reader.withLock { $0.close() }
        writer.withLock { $0.close() }
        webhooks.withLock { $0.close() }
    }

    public func loadBoard(_ name: BoardName) throws(StoreError) -> StoredBoard? {
        try read { try $0.loadBoard(name) }
    }

    public func boardExists(_ name: BoardName) throws(StoreError) -> Bool {
        try read { try $0.headVersion(of: name) != nil }
    }

    public func listBoards() throws(StoreError) -> [BoardName] {
        try read { try $0.listBoards() }
    }

    public func headVersion(of board: BoardName) throws(StoreError) -> Int? {
        try read { try $0.headVersion(of: board) }
    }

    public func opsAfter(_ board: BoardName, version: Int, limit: Int) throws(StoreError) -> [SequencedOp] {
        guard version >= 0, limit >= 0 else {
            throw .invalidArgument("opsAfter needs a version and a limit of at least 0")
        }
        return try read { try $0.opsAfter(board, version: version, limit: limit) }
    }

    public func opsBefore(_ board: BoardName, version: Int, limit: Int) throws(StoreError) -> [SequencedOp] {
        guard version >= 0, limit >= 0 else {
            throw .invalidArgument("opsBefore needs a version and a limit of at least 0")
        }
        return try read { try $0.opsBefore(board, version: version, limit: limit) }
    }

    public func snapshot(_ board: BoardName, atOrBelow version: Int) throws(StoreError) -> Board? {
        guard version >= 0 else { throw .invalidArgument("snapshot needs a version of at least 0") }
        return try read { try $0.snapshot(board, atOrBelow: version) }
    }

    public func oldestRetainedVersion(_ board: BoardName) throws(StoreError) -> Int? {
        try read { try $0.oldestRetainedVersion(board) }
    }

    public func lastSeq(_ board: BoardName, client: ClientID) throws(StoreError) -> Int {
        try read { try $0.lastSeq(board, client: client) }
    }

    public func committedOp(_ board: BoardName, client: ClientID, seq: Int) throws(StoreError) -> SequencedOp? {
        try read { try $0.committedOp(board, client: client, seq: seq) }
    }

    public func commit(_ batch: CommitBatch) throws(StoreError) {
        guard !batch.isEmpty else { return }
        try write { writes, _ in
            do {
                try writes.connection.transaction {
                    let heads = try writes.lockHeads(of: batch.boards)
                    var check = CommitBatchCheck()
                    try check.check(batch) { heads[$0] }
                    try writes.write(batch, heads: heads)
                }
            } catch PostgresError.uniqueViolation(let error) where error.table == "boards" && !batch.newBoards.isEmpty {
                throw StoreError.boardAlreadyExists(batch.newBoards[0])
            }
        }
    }

    /// Runs `body` with the commit connection (its writes, and reads on the same session).
    func write<Result: Sendable>(
        _ body: (PostgresStoreWrites, PostgresStoreReads) throws -> Result
    ) throws(StoreError) -> Result {
        let retainedOps = retainedOps
        let webhookURLs = webhookURLs
        let place = place
        return try writer.withLock { (session: inout PostgresStoreSession) throws(StoreError) -> Result in
            try session.run(retryOnLoss: true) { connection in
                try body(
                    PostgresStoreWrites(connection: connection, retainedOps: retainedOps, webhookURLs: webhookURLs),
                    PostgresStoreReads(connection: connection, place: place))
            }
        }
    }

    func read<Result: Sendable>(_ body: (PostgresStoreReads) throws -> Result) throws(StoreError) -> Result {
        let place = place
        return try reader.withLock { (session: inout PostgresStoreSession) throws(StoreError) -> Result in
            try session.run(retryOnLoss: true) { try body(PostgresStoreReads(connection: $0, place: place)) }
        }
    }

    private static func isPlainIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, ("a"..."z").contains(first) || first == "_" else { return false }
        return name.unicodeScalars.count <= 63
            && name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
    }
}

extension CommitBatch {
    /// Every board the batch names.
    var boards: Set<BoardName> {
        var names = Set(newBoards)
        for entry in ops { names.insert(entry.board) }
        for advance in seqAdvances { names.insert(advance.board) }
        for used in newIDs { names.insert(used.board) }
        for snapshot in snapshots { names.insert(snapshot.id) }
        return names
    }
}

extension PostgreSQLBoardStore {
    public func moveToTrash(_ entry: TrashedBoard) throws(StoreError) -> TrashedBoard? {
        try write { writes, _ in try PostgresStoreTrash(connection: writes.connection).moveToTrash(entry) }
    }

    public func trashedBoards() throws(StoreError) -> [TrashedBoard] {
        try read { try PostgresStoreTrash(connection: $0.connection).trashedBoards() }
    }

    public func restoreFromTrash(_ name: BoardName, deleted: CommitTime?) throws(StoreError) -> TrashRestore {
        try write { writes, _ in
            try PostgresStoreTrash(connection: writes.connection).restoreFromTrash(name, deleted: deleted)
        }
    }

    public func purgeTrash(deletedBefore cutoff: CommitTime) throws(StoreError) -> [TrashedBoard] {
        try write { writes, _ in try PostgresStoreTrash(connection: writes.connection).purgeTrash(deletedBefore: cutoff)
        }
    }
}
