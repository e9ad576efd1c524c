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
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        var path = String(rest[authorityEnd...])
        if path.isEmpty { path = "/" } else if path.hasPrefix("?") { path = "/" + path }

        var host: Substring
        var portText: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            host = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { return nil }
                portText = after.dropFirst()
            }
        } else if let colon = authority.lastIndex(of: ":") {
            host = authority[..<colon]
            portText = authority[authority.index(after: colon)...]
        } else {
            host = authority
        }
        guard !host.isEmpty else { return nil }
        var port = secure ? 443 : 80
        if let portText {
            guard let value = Int(portText), (1...65_535).contains(value) else { return nil }
            port = value
        }
        self.isSecure = secure
        self.host = String(host)
        self.port = port
        self.pathAndQuery = path
    }

    /// Value for the `Host` header.
    var hostHeader: String {
        let name = host.contains(":") ? "[\(host)]" : host
        let defaultPort = isSecure ? 443 : 80
        return port == defaultPort ? name : "\(name):\(port)"
    }
}
