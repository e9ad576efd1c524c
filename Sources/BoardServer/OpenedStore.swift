import BoardStore

/// The store a command line asks for: the SQLite file of `--data`, or the PostgreSQL database of
/// `--store`; closed when the server stops.
struct OpenedStore {
    let store: any BoardStore
    /// The same store when other servers may share it (PostgreSQL).
    let shared: (any SharedBoardStore)?
    /// The same store as the outbox of the webhook deliveries its commits write.
    let outbox: any WebhookOutbox
    /// How the servers sharing the store reach each other (LISTEN/NOTIFY in the same database).
    let channel: (any ClusterChannel)?
    /// Where the boards are, for the log (a URL without its password).
    let description: String
    let close: () -> Void

    init(options: ServerOptions) throws(StoreError) {
        if let url = options.storeURL {
            let store = try PostgreSQLBoardStore(
                url: url, retainedOps: options.retainedOps, webhookURLs: options.webhookURLs)
            self.store = store
            shared = store
            outbox = store
            channel = PostgresClusterChannel(url: url, schema: store.schema)
            description = Self.withoutPassword(url)
            close = { store.close() }
        } else {
            let store = try SQLiteBoardStore(
                path: options.dataPath, retainedOps: options.retainedOps, webhookURLs: options.webhookURLs)
            self.store = store
            shared = nil
            outbox = store
            channel = nil
            description = options.dataPath
            close = { store.close() }
        }
    }

    /// `url` with the password of its user part, if any, replaced by `***`.
    static func withoutPassword(_ url: String) -> String {
        guard let scheme = url.range(of: "://"), let at = url[scheme.upperBound...].firstIndex(of: "@"),
            let colon = url[scheme.upperBound..<at].firstIndex(of: ":")
        else { return url }
        return String(url[..<url.index(after: colon)]) + "***" + String(url[at...])
    }
}
