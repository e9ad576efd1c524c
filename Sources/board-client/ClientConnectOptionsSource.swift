import BoardClientApp
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

    /// Why the client context could not be made, in words.
    static func contextFailure(_ error: any Error) -> String {
        if case ClientConnectError.failed(let text)? = error as? ClientConnectError {
            return "cannot start the network library: \(text)"
        }
        return "cannot start the network library"
    }
}
