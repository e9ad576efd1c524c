/// The `--allowed-origin` list: which browser origins may open WebSocket connections.
/// A request without an `Origin` header comes from a non-browser client and is allowed.
public struct OriginPolicy: Hashable, Sendable {
    private let allowed: Set<String>

    /// An empty list allows every origin.
    public init(allowed: [String]) {
        self.allowed = Set(allowed.map(Self.normalized))
    }

    public func allows(_ origin: String?) -> Bool {
        guard !allowed.isEmpty, let origin else { return true }
        return allowed.contains(Self.normalized(origin))
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
