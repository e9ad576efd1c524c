import ServerTransport

/// The parts of a webhook's `http://` URL that a request needs: the host to connect to, the
/// port (80 unless given) and the path with its query (`/` when empty). No user part, no
/// fragment; an IPv6 host is written in brackets.
struct WebhookURL: Hashable, Sendable {
    let host: String
    let port: Int
    let path: String
    /// The `Host` header: the host, with the port when it is not 80.
    var hostHeader: String { URLAuthority.hostHeader(host: host, port: port, defaultPort: 80) }

    init?(_ text: String) {
        guard text.hasPrefix("http://"), !text.contains("#"), !text.contains(" "),
            let authority = URLAuthority(afterScheme: text.dropFirst("http://".count)),
            !authority.host.contains("@")
        else { return nil }
        host = authority.host
        port = authority.port ?? 80
        path = authority.pathAndQuery
    }
}
