/// The parts of a webhook's `http://` URL that a request needs: the host to connect to, the
/// port (80 unless given) and the path with its query (`/` when empty). No user part, no
/// fragment; an IPv6 host is written in brackets.
struct WebhookURL: Hashable, Sendable {
    let host: String
    let port: Int
    let path: String
    /// The `Host` header: the host, with the port when it is not 80.
    var hostHeader: String {
        let bracketed = host.contains(":") ? "[\(host)]" : host
        return port == 80 ? bracketed : "\(bracketed):\(port)"
    }

    init?(_ text: String) {
        guard text.hasPrefix("http://"), !text.contains("#"), !text.contains(" ") else { return nil }
        let rest = text.dropFirst("http://".count)
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        var target = String(rest[authorityEnd...])
        if target.isEmpty { target = "/" } else if target.hasPrefix("?") { target = "/" + target }
        guard !authority.isEmpty, !authority.contains("@") else { return nil }
        var hostPart = authority
        var portText: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            hostPart = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { return nil }
                portText = after.dropFirst()
            }
        } else if let colon = authority.lastIndex(of: ":") {
            hostPart = authority[..<colon]
            portText = authority[authority.index(after: colon)...]
        }
        guard !hostPart.isEmpty else { return nil }
        var port = 80
        if let portText {
            guard let number = Int(portText), (1...65_535).contains(number) else { return nil }
            port = number
        }
        host = String(hostPart)
        self.port = port
        path = target
    }
}
