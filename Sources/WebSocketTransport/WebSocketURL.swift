import ServerTransport

/// A parsed `ws://` or `wss://` URL.
public struct WebSocketURL: Sendable, Equatable {
    public var isSecure: Bool
    /// Host name or IP address (IPv6 without brackets).
    public var host: String
    public var port: Int
    /// Path and query, e.g. `/boards/b1?token=abc`.
    public var pathAndQuery: String

    /// Parses `ws://HOST[:PORT][/path][?query]` and the `wss` form; nil if malformed.
    public init?(_ text: String) {
        let secure: Bool
        let rest: Substring
        if text.hasPrefix("ws://") {
            secure = false
            rest = text.dropFirst(5)
        } else if text.hasPrefix("wss://") {
            secure = true
            rest = text.dropFirst(6)
        } else {
            return nil
        }
        guard let authority = URLAuthority(afterScheme: rest) else { return nil }
        self.isSecure = secure
        self.host = authority.host
        self.port = authority.port ?? (secure ? 443 : 80)
        self.pathAndQuery = authority.pathAndQuery
    }

    /// Value for the `Host` header.
    var hostHeader: String {
        URLAuthority.hostHeader(host: host, port: port, defaultPort: isSecure ? 443 : 80)
    }
}
