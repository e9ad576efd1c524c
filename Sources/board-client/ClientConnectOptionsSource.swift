import BoardClientApp
import BoardSync
import WebSocketTransport

/// The WebSocket settings of every connection: the protocol's subprotocol, the token header and
/// the certificate checks.
struct ClientConnectOptionsSource {
    var options: ConnectionOptions

    var connectOptions: ClientConnectOptions {
        var headers: [String: String] = [:]
        if let token = options.token { headers["Authorization"] = "Bearer \(token)" }
        return ClientConnectOptions(
            subprotocols: ["boardsync.v1"], headers: headers, allowsInsecureTLS: options.trust.isInsecure)
    }

    /// The client context's settings; libwebsockets' own log stays quiet, since its lines would
    /// land in the middle of the screen or of a script's one-line error.
    var contextConfiguration: ClientContextConfiguration {
        ClientContextConfiguration(
            caFilePath: options.trust.authorityFilePath, libraryLogLevel: 0,
            enablesTLS: WebSocketURL(options.url)?.isSecure ?? false)
    }

    /// A failed attempt as the client session takes it: a refusal with its HTTP status, or a
    /// reason in words.
    static func failure(_ error: ClientConnectError) -> ConnectionFailure {
        if case .refused(let status) = error { return .refused(httpStatus: status) }
        return .unreachable(describe(error))
    }

    /// A short reason for a failed attempt, for the status line.
    static func describe(_ error: ClientConnectError) -> String {
        switch error {
        case .untrustedCertificate: "certificate not trusted (see --ca)"
        case .refused(let status): "refused by the server (HTTP \(status))"
        case .failed: "cannot connect"
        case .timedOut: "no answer"
        case .invalidURL: "invalid URL"
        case .contextClosed: "shutting down"
        }
    }
}
