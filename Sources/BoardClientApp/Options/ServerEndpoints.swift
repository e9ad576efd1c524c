import BoardSync

/// Where the client finds a server: the `ws://HOST:PORT` (or `wss://`) part of the URL it was
/// given, with the query that came with it (such as `?token=`), from which it makes the
/// WebSocket URL of any board and the URLs of the HTTP endpoints (protocol section 8), which
/// the shell fetches on the same host, port and TLS settings.
public struct ServerEndpoints: Hashable, Sendable {
    /// `ws://HOST:PORT` or `wss://HOST[:PORT]`, without a path.
    public let base: String
    /// The URL's query without its `?`, sent along with every request; nil without one.
    public let query: String?

    public init(base: String, query: String? = nil) {
        self.base = base
        self.query = query
    }

    /// Reads `ws[s]://HOST[:PORT]` with an optional `/`, or `ws[s]://HOST[:PORT]/boards/NAME`,
    /// either with an optional query: the endpoints and the board named, if any. Nil for any other
    /// URL.
    public static func parse(_ url: String) -> (endpoints: ServerEndpoints, board: BoardName?)? {
        let scheme = url.hasPrefix("ws://") ? "ws://" : url.hasPrefix("wss://") ? "wss://" : nil
        guard let scheme else { return nil }
        var rest = url.dropFirst(scheme.count)
        var query: String?
        if let mark = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: mark)...])
            rest = rest[..<mark]
        }
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        guard slash != rest.startIndex else { return nil }
        let endpoints = ServerEndpoints(
            base: scheme + String(rest[..<slash]), query: query?.isEmpty == true ? nil : query)
        let path = rest[slash...]
        if path.isEmpty || path == "/" { return (endpoints, nil) }
        guard path.hasPrefix("/boards/") else { return nil }
        guard let name = BoardName(String(path.dropFirst("/boards/".count))) else { return nil }
        return (endpoints, name)
    }

    /// The host and port, as a status line names the server.
    public var displayName: String {
        String(base.drop { $0 != "/" }.dropFirst(2))
    }

    /// Whether the server is reached over TLS (`wss://`).
    public var isSecure: Bool { base.hasPrefix("wss://") }

    /// The host (an IPv6 address without its brackets) and the port connections go to: the
    /// URL's, or 80 (443 for `wss://`) when it names none.
    public var hostAndPort: (host: String, port: Int) {
        let name = displayName
        let fallback = isSecure ? 443 : 80
        if name.hasPrefix("["), let close = name.firstIndex(of: "]") {
            let host = String(name[name.index(after: name.startIndex)..<close])
            let rest = name[name.index(after: close)...]
            return (host, rest.hasPrefix(":") ? Int(rest.dropFirst()) ?? fallback : fallback)
        }
        if let colon = name.lastIndex(of: ":") {
            return (String(name[..<colon]), Int(name[name.index(after: colon)...]) ?? fallback)
        }
        return (name, fallback)
    }

    /// The WebSocket URL of board `name`.
    public func boardURL(_ name: BoardName) -> String {
        base + "/boards/" + name.rawValue + (query.map { "?" + $0 } ?? "")
    }

    /// The URL (with the WebSocket scheme, which says whether TLS is used) of what `fetch` asks.
    public func url(of fetch: AppFetch) -> String {
        var parameters = fetch.parameters
        if let query { parameters.append(query) }
        return base + fetch.path + (parameters.isEmpty ? "" : "?" + parameters.joined(separator: "&"))
    }
}
