/// The read-only connection through which the webhook sender reads a `SQLiteBoardStore`'s
/// outbox: in WAL mode a reader neither waits for the writer nor makes it wait, and sees every
/// committed row. Used under a lock of its own, never the one the commits take.
struct OutboxReader {
    /// How much of the file the reader maps.
    static let mappedBytes = 1 << 30
    private var database: Database?
    private var closed = false

    /// Runs `body` with the connection to the file at `path`, opening it on first use.
    mutating func read<Result>(path: String, _ body: (Database) throws -> Result) throws -> Result {
        guard !closed else { throw SQLiteError.closed }
        if let database { return try body(database) }
        let opened = try Database(path: path, mode: .readOnly)
        try opened.setBusyTimeout(milliseconds: StoreOpener.busyTimeoutMilliseconds)
        // Pages read through a mapping instead of a copy each: every commit empties a reader's
        // page cache, and the sender reads the newest ops again and again.
        try opened.execute("PRAGMA mmap_size = \(Self.mappedBytes)")
        database = opened
        return try body(opened)
    }

    /// Closes the connection for good: later reads throw.
    mutating func close() {
        database?.close()
        database = nil
        closed = true
    }
}
