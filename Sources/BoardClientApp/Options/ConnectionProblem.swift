import BoardSync

/// Why the client could not reach the server, in the words a person reads: on the status line
/// while the client retries, and after "cannot reach HOST:PORT: " in a script's error line.
public enum ConnectionProblem: Error, Hashable, Sendable {
    /// Nothing listens on the port (the host answered with a reset).
    case refused
    /// The host did not answer in time.
    case noAnswer
    /// No route to the host or its network.
    case noRoute
    /// The host name does not resolve.
    case unknownHost
    /// The port answers, but in plain HTTP, to a `wss://` URL.
    case notTLS
    /// The TLS handshake failed for another reason.
    case tlsFailed
    /// The server's certificate did not verify, and `--insecure` was not given.
    case untrustedCertificate
    /// The server ended the connection before the WebSocket was open.
    case closedDuringHandshake
    /// The server answered the upgrade with this HTTP status.
    case refusedByServer(httpStatus: Int)
    /// Anything else, in the networking library's words.
    case other(String)

    /// The problem in words: "connection refused", "the server does not speak TLS on this port".
    public var words: String {
        switch self {
        case .refused: "connection refused"
        case .noAnswer: "no answer"
        case .noRoute: "no route to the host"
        case .unknownHost: "the host name is not known"
        case .notTLS: "the server does not speak TLS on this port"
        case .tlsFailed: "the TLS handshake failed"
        case .untrustedCertificate: "certificate not trusted (see --ca)"
        case .closedDuringHandshake: "the server closed the connection during the handshake"
        case .refusedByServer(let status): "refused by the server (HTTP \(status))"
        case .other(let text): text
        }
    }

    /// The problem as the client session takes it: a refusal with its HTTP status, which may end
    /// the session for good, or a reason in words worth trying again after.
    public var failure: ConnectionFailure {
        if case .refusedByServer(let status) = self { return .refused(httpStatus: status) }
        return .unreachable(words)
    }

    /// "cannot reach 127.0.0.1:9999: connection refused".
    public func sentence(reaching endpoints: ServerEndpoints) -> String {
        "cannot reach \(endpoints.displayName): \(words)"
    }

    /// The problem as far as the library's own description of a failed attempt tells it (a
    /// probe of the port tells more, see the shell's diagnosis): a failed TLS handshake, a
    /// connection closed early, or nothing known.
    public static func classify(libraryText text: String) -> ConnectionProblem? {
        let lowered = text.lowercased()
        if lowered.contains("ssl") || lowered.contains("tls") { return .tlsFailed }
        if lowered.contains("hung up") || lowered.contains("closed during the handshake") {
            return .closedDuringHandshake
        }
        return nil
    }
}
