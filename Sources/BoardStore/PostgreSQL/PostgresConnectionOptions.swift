/// How a `PostgresConnection` connects and detects a dead peer, beyond what its URL says.
///
/// The timeouts become libpq connection parameters; a parameter the URL sets itself
/// (`?connect_timeout=10`) wins over the value here. The statement timeout is set on the session
/// after every connect and reset.
public struct PostgresConnectionOptions: Sendable, Equatable {
    /// TCP keepalive probing of an idle connection: a silent peer is declared dead after
    /// `idle + interval × count`.
    public struct Keepalive: Sendable, Equatable {
        /// Idle time before the first probe.
        public var idle: Duration
        /// Time between unanswered probes.
        public var interval: Duration
        /// Unanswered probes after which the connection is dead.
        public var count: Int

        public init(idle: Duration, interval: Duration, count: Int) {
            self.idle = idle
            self.interval = interval
            self.count = count
        }
    }

    /// How long one connection attempt may take (libpq rounds up to whole seconds, at least 2).
    public var connectTimeout: Duration
    /// Keepalive probing, or `nil` for the operating system's defaults (two hours on Linux).
    public var keepalive: Keepalive?
    /// How long sent data may stay unacknowledged before the connection is dropped (Linux
    /// `TCP_USER_TIMEOUT`), or `nil` for the system's retransmission limit (about 15 minutes).
    public var unacknowledgedDataTimeout: Duration?
    /// The server-side limit on one statement (`statement_timeout`), or `nil` for none.
    public var statementTimeout: Duration?
    /// The name the session shows in `pg_stat_activity`.
    public var applicationName: String?
    /// The schemas unqualified names resolve in (`search_path`), kept across resets; `nil` for
    /// the server's default. Names are sent as given: pass plain lowercase identifiers.
    public var searchPath: [String]?

    /// Creates options; the defaults find a dead server within about ten seconds.
    public init(
        connectTimeout: Duration = .seconds(5),
        keepalive: Keepalive? = Keepalive(idle: .seconds(5), interval: .seconds(1), count: 3),
        unacknowledgedDataTimeout: Duration? = .seconds(8),
        statementTimeout: Duration? = nil,
        applicationName: String? = nil,
        searchPath: [String]? = nil
    ) {
        self.connectTimeout = connectTimeout
        self.keepalive = keepalive
        self.unacknowledgedDataTimeout = unacknowledgedDataTimeout
        self.statementTimeout = statementTimeout
        self.applicationName = applicationName
        self.searchPath = searchPath
    }

    /// The libpq connection parameters these options stand for.
    var connectionParameters: [(keyword: String, value: String)] {
        var parameters = [("connect_timeout", String(max(2, Self.wholeSeconds(connectTimeout))))]
        if let keepalive {
            parameters += [
                ("keepalives", "1"),
                ("keepalives_idle", String(max(1, Self.wholeSeconds(keepalive.idle)))),
                ("keepalives_interval", String(max(1, Self.wholeSeconds(keepalive.interval)))),
                ("keepalives_count", String(max(1, keepalive.count))),
            ]
        }
        if let unacknowledgedDataTimeout {
            parameters.append(("tcp_user_timeout", String(max(1, Self.milliseconds(unacknowledgedDataTimeout)))))
        }
        if let applicationName {
            parameters.append(("application_name", applicationName))
        }
        if let searchPath {
            parameters.append(("options", "-c search_path=" + searchPath.joined(separator: ",")))
        }
        return parameters
    }

    /// A duration in whole seconds, rounded up.
    static func wholeSeconds(_ duration: Duration) -> Int {
        (milliseconds(duration) + 999) / 1000
    }

    /// A duration in whole milliseconds, rounded up.
    static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        let fraction = (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int(seconds) * 1000 + Int(fraction)
    }
}
