/// What the server knows about an HTTP request or a WebSocket upgrade request.
public struct HTTPRequestInfo: Sendable, Equatable {
    /// Request method as sent (`GET`, `HEAD`, `POST`, ...).
    public var method: String
    /// Path without the query string, e.g. `/boards/b1`.
    public var path: String
    /// Query parameters, %-decoded; the last occurrence of a name wins.
    public var query: [String: String]
    /// The `Authorization` header, if present.
    public var authorization: String?
    /// The `Origin` header, if present.
    public var origin: String?
    /// Subprotocols offered in `Sec-WebSocket-Protocol`, in order (empty if none).
    public var offeredSubprotocols: [String]
    /// Peer IP address as text.
    public var peerAddress: String
    /// The `If-None-Match` header, if present (the entity tags a cache holds).
    public var ifNoneMatch: String?
    /// The `Host` header, if present: the server's own origin as the client reached it.
    public var host: String?
    /// The `Content-Type` header of a request with a body, if present.
    public var contentType: String?

    public init(
        method: String, path: String, query: [String: String] = [:], authorization: String? = nil,
        origin: String? = nil, offeredSubprotocols: [String] = [], peerAddress: String = "",
        ifNoneMatch: String? = nil, host: String? = nil, contentType: String? = nil
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.authorization = authorization
        self.origin = origin
        self.offeredSubprotocols = offeredSubprotocols
        self.peerAddress = peerAddress
        self.ifNoneMatch = ifNoneMatch
        self.host = host
        self.contentType = contentType
    }

    /// The `token` query parameter.
    public var token: String? { query["token"] }
}
