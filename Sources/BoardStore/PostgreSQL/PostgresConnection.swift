import CLibPQ

/// One blocking connection to a PostgreSQL server, through libpq.
///
/// Statements take `$1`, `$2`, ... parameters sent in text format and return `PostgresRows`.
/// Every session has synchronous commit on (it is switched on when the server's default is
/// off), so a COMMIT that returned is durable. libpq never reconnects by itself: after
/// `PostgresError.connectionLost`, `reset()` connects again with the same parameters.
///
/// Not thread-safe: use a connection from one thread at a time. A statement blocks until the
/// server answers or the connection is found dead (see `PostgresConnectionOptions`).
public final class PostgresConnection {
    private var handle: OpaquePointer?
    private let options: PostgresConnectionOptions
    let notices = NoticeRecorder()
    private var preparedNames: [String: String] = [:]
    private var preparedCount = 0

    /// Connects to the server named by `url`, such as `postgresql://board@127.0.0.20:5432/boards`
    /// (any URI or `key=value` string libpq accepts).
    public init(url: String, options: PostgresConnectionOptions = PostgresConnectionOptions()) throws(PostgresError) {
        let parameters = try ConnectionParameters(url: url, options: options)
        guard let connection = parameters.connect() else { throw .connectFailed("out of memory") }
        guard PQstatus(connection) == CONNECTION_OK else {
            let message = Self.errorMessage(of: connection)
            PQfinish(connection)
            throw .connectFailed(message)
        }
        self.handle = connection
        self.options = options
        notices.attach(to: connection)
        do {
            try configureSession()
        } catch {
            close()
            throw error
        }
    }

    deinit {
        close()
    }

    /// Closes the connection; every later call fails with `misuse`. Safe to call more than once.
    public func close() {
        if let handle { PQfinish(handle) }
        handle = nil
        preparedNames.removeAll()
    }

    /// Whether `close()` has not been called.
    public var isOpen: Bool { handle != nil }

    /// Whether the connection was working when last used (a broken one shows only on use).
    public var isConnected: Bool { handle.map { PQstatus($0) == CONNECTION_OK } ?? false }

    /// The process id of the server backend serving this session (0 when not connected).
    public var backendPID: Int32 { handle.map { PQbackendPID($0) } ?? 0 }

    /// The server's version as a number, such as 150018 for 15.18 (0 when not connected).
    public var serverVersion: Int { handle.map { Int(PQserverVersion($0)) } ?? 0 }

    /// Closes the broken or working session and connects again with the same parameters.
    ///
    /// Everything bound to the old session is gone: prepared statements (prepared again on
    /// use), `LISTEN` registrations, session settings other than those the options set.
    public func reset() throws(PostgresError) {
        let connection = try openHandle()
        preparedNames.removeAll()
        notices.clear()
        PQreset(connection)
        guard PQstatus(connection) == CONNECTION_OK else { throw .connectFailed(Self.errorMessage(of: connection)) }
        try configureSession()
    }

    /// Runs one statement with `parameters` bound to `$1`, `$2`, ... in order.
    @discardableResult
    public func execute(_ sql: String, _ parameters: [any PostgresBindable] = []) throws(PostgresError) -> PostgresRows
    {
        let connection = try openHandle()
        let values = try Self.texts(of: parameters)
        return try withCStringArray(values) { (values) throws(PostgresError) -> PostgresRows in
            try rows(of: PQexecParams(connection, sql, Int32(parameters.count), nil, values, nil, nil, 0))
        }
    }

    /// Runs one statement like `execute`, preparing it on first use in this session and reusing
    /// the prepared statement afterwards: the server parses and plans the SQL once.
    @discardableResult
    public func execute(
        prepared sql: String, _ parameters: [any PostgresBindable] = []
    ) throws(PostgresError)
        -> PostgresRows
    {
        let connection = try openHandle()
        let values = try Self.texts(of: parameters)
        let name = try preparedName(of: sql, on: connection)
        return try withCStringArray(values) { (values) throws(PostgresError) -> PostgresRows in
            try rows(of: PQexecPrepared(connection, name, Int32(parameters.count), values, nil, nil, 0))
        }
    }

    /// Runs several statements separated by semicolons, without parameters (a schema, say).
    ///
    /// Unless the text holds its own BEGIN and COMMIT, the statements run as one transaction.
    public func executeScript(_ sql: String) throws(PostgresError) {
        let connection = try openHandle()
        _ = try rows(of: PQexec(connection, sql))
    }

    /// The current value of the server setting `name`, such as `synchronous_commit`.
    public func setting(_ name: String) throws(PostgresError) -> String {
        try execute("SELECT current_setting($1)", [name])[0].string(0)
    }

    /// Sends a notification on `channel` to every session listening there, when the current
    /// transaction commits (at once outside a transaction). The payload must be under 8,000 bytes.
    public func notify(channel: String, payload: String) throws(PostgresError) {
        try execute(prepared: "SELECT pg_notify($1, $2)", [channel, payload])
    }

    /// `name` quoted as an SQL identifier, for the statements that take no parameter there.
    public func quotedIdentifier(_ name: String) throws(PostgresError) -> String {
        let connection = try openHandle()
        let length = name.utf8.count
        guard let quoted = PQescapeIdentifier(connection, name, length) else {
            throw .invalidValue("cannot quote \(name): \(Self.errorMessage(of: connection))")
        }
        defer { PQfreemem(quoted) }
        return String(cString: quoted)
    }

    /// The libpq connection, for the listener that shares this type's error handling.
    func openHandle() throws(PostgresError) -> OpaquePointer {
        guard let handle else { throw .misuse("the connection is closed") }
        return handle
    }

    /// The error a call failed with when libpq gave no result: a lost connection or a misuse.
    func failure(of connection: OpaquePointer) -> PostgresError {
        let message = Self.errorMessage(of: connection)
        return PQstatus(connection) == CONNECTION_BAD ? .connectionLost(lossReason(message)) : .misuse(message)
    }

    /// The libpq error message joined into one line, prefixed by the server's parting notice.
    func lossReason(_ message: String) -> String {
        guard let notice = notices.lastNotice, !message.contains(notice) else { return message }
        return "\(notice); \(message)"
    }

    private func configureSession() throws(PostgresError) {
        if try setting("synchronous_commit") == "off" {
            try execute("SET synchronous_commit TO on")
        }
        if let timeout = options.statementTimeout {
            try execute("SET statement_timeout TO \(PostgresConnectionOptions.milliseconds(timeout))")
        }
    }

    private func preparedName(of sql: String, on connection: OpaquePointer) throws(PostgresError) -> String {
        if let name = preparedNames[sql] { return name }
        preparedCount += 1
        let name = "board_sync_\(preparedCount)"
        _ = try rows(of: PQprepare(connection, name, sql, 0, nil))
        preparedNames[sql] = name
        return name
    }

    /// Takes ownership of a statement's result: its rows, or the error it stands for.
    private func rows(of result: OpaquePointer?) throws(PostgresError) -> PostgresRows {
        let connection = try openHandle()
        guard let result else { throw failure(of: connection) }
        let status = PQresultStatus(result)
        switch status {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY:
            return PostgresRows(taking: result)
        case PGRES_FATAL_ERROR, PGRES_NONFATAL_ERROR:
            let error = Self.serverError(of: result)
            let message = Self.oneLine(String(cString: PQresultErrorMessage(result)))
            PQclear(result)
            if PQstatus(connection) == CONNECTION_BAD { throw .connectionLost(lossReason(message)) }
            guard let error else { throw .misuse(message) }
            throw PostgresError(error)
        default:
            let name = String(cString: PQresStatus(status))
            PQclear(result)
            throw .misuse("statements returning \(name) (COPY) are not supported")
        }
    }

    private static func texts(of parameters: [any PostgresBindable]) throws(PostgresError) -> [String?] {
        var texts: [String?] = []
        for (index, parameter) in parameters.enumerated() {
            let text = parameter.postgresText
            if let text, text.utf8.contains(0) {
                throw .invalidValue("parameter $\(index + 1) holds a NUL character, which PostgreSQL text cannot")
            }
            texts.append(text)
        }
        return texts
    }

    private static func serverError(of result: OpaquePointer) -> PostgresServerError? {
        func field(_ code: Int32) -> String? {
            PQresultErrorField(result, code).map { String(cString: $0) }
        }
        guard let code = field(bs_pq_diag_sqlstate()) else { return nil }
        return PostgresServerError(
            sqlState: SQLState(rawValue: code), severity: field(bs_pq_diag_severity()) ?? "ERROR",
            message: field(bs_pq_diag_message_primary()) ?? "", detail: field(bs_pq_diag_message_detail()),
            hint: field(bs_pq_diag_message_hint()), constraint: field(bs_pq_diag_constraint_name()),
            table: field(bs_pq_diag_table_name()))
    }

    static func errorMessage(of connection: OpaquePointer) -> String {
        oneLine(PQerrorMessage(connection).map { String(cString: $0) } ?? "unknown error")
    }

    /// libpq's multi-line messages as one line: lines trimmed and joined by spaces.
    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline)
            .map { $0.trimmingPrefix(while: \.isWhitespace) }
            .filter { !$0.isEmpty }
            .joined(separator: " ")
            .trimmingTrailingWhitespace()
    }
}

extension String {
    fileprivate func trimmingTrailingWhitespace() -> String {
        var text = self
        while text.last?.isWhitespace == true { text.removeLast() }
        return text
    }
}
