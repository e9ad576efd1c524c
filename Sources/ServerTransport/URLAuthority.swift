/// The part of an `http://` or `ws://` URL after its scheme, read once for the WebSocket
/// client's URLs and the server's webhook URLs: the host (an IPv6 address without its
/// brackets), the port when one is given, and the path with its query (`/` when empty).
public struct URLAuthority: Sendable, Equatable {
    public var host: String
    public var port: Int?
    /// Path and query, such as `/boards/b1?token=abc`.
    public var pathAndQuery: String

    /// Reads `HOST[:PORT][/path][?query]`; nil when the host is empty, a bracket is not closed
    /// or the port is not a number from 1 to 65535.
    public init?(afterScheme rest: Substring) {
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        var path = String(rest[authorityEnd...])
        if path.isEmpty { path = "/" } else if path.hasPrefix("?") { path = "/" + path }
        var host = authority
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
        }
        guard !host.isEmpty else { return nil }
        if let portText {
            guard let value = Int(portText), (1...65_535).contains(value) else { return nil }
            port = value
        }
        self.host = String(host)
        pathAndQuery = path
    }

    /// The `Host` header for a connection to `port`: the host, bracketed when it is an IPv6
    /// address, with the port unless it is the scheme's `defaultPort`.
    public static func hostHeader(host: String, port: Int, defaultPort: Int) -> String {
        let name = host.contains(":") ? "[\(host)]" : host
        return port == defaultPort ? name : "\(name):\(port)"
    }
}
