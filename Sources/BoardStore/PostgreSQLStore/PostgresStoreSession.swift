/// One connection of a `PostgreSQLBoardStore`, connected on first use and again after it
/// broke. Used under its owner's lock only.
final class PostgresStoreSession {
    private let url: String
    private let options: PostgresConnectionOptions
    private var connection: PostgresConnection?

    init(url: String, options: PostgresConnectionOptions) {
        self.url = url
        self.options = options
    }

    /// Runs `body` on a working connection. A connection found broken when used is connected
    /// again and `body` run once more when `retryOnLoss` says the call may be repeated (reads,
    /// and writes that fail before their COMMIT); failures come back as `StoreError`.
    func run<Result>(retryOnLoss: Bool, _ body: (PostgresConnection) throws -> Result) throws(StoreError) -> Result {
        var attempts = 0
        while true {
            attempts += 1
            do {
                return try body(try connected())
            } catch let error as PostgresError {
                if case .connectionLost = error, retryOnLoss, attempts == 1 { continue }
                throw StoreError(postgres: error)
            } catch {
                throw StoreError(error)
            }
        }
    }

    /// Closes the connection; the next call connects again.
    func close() {
        connection?.close()
        connection = nil
    }

    private func connected() throws(PostgresError) -> PostgresConnection {
        if let connection, connection.isConnected { return connection }
        if let connection {
            try connection.reset()
            return connection
        }
        let opened = try PostgresConnection(url: url, options: options)
        connection = opened
        return opened
    }
}
