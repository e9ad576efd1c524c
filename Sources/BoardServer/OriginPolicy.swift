/// Which browser origins may open WebSocket connections and change boards (`POST`, `DELETE`):
/// the server's own, as the request's `Host` header names it, and those of the
/// `--allowed-origin` list. A request without an `Origin` header comes from a non-browser client
/// and is allowed.
public struct OriginPolicy: Hashable, Sendable {
    private let allowed: Set<String>
    /// The scheme the server's own origin has: `https` with TLS, else `http`.
    private let scheme: String

    public init(allowed: [String], tls: Bool = false) {
        self.allowed = Set(allowed.map(Self.normalized))
        self.scheme = tls ? "https" : "http"
    }

    /// Whether a request from `origin` that reached the server as `host` may go on.
    public func allows(_ origin: String?, host: String?) -> Bool {
        guard let origin else { return true }
        let presented = Self.normalized(origin)
        if let host, presented == Self.normalized("\(scheme)://\(host)") { return true }
        return allowed.contains(presented)
    }

    /// `scheme://host[:port]`, as browsers send it.
    public static func isValidOrigin(_ text: String) -> Bool {
        guard let separator = text.range(of: "://") else { return false }
        let scheme = text[..<separator.lowerBound]
        let rest = text[separator.upperBound...]
        return !scheme.isEmpty && !rest.isEmpty && !rest.dropLast(rest.hasSuffix("/") ? 1 : 0).contains("/")
            && text.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }
    }

    /// Scheme and host are case-insensitive; a trailing `/` is not part of an origin.
    private static func normalized(_ origin: String) -> String {
        var text = origin.lowercased()
        if text.hasSuffix("/") { text.removeLast() }
        return text
    }
}
