/// Settings shared by every connection of a `ClientContext`.
public struct ClientContextConfiguration: Sendable {
    /// PEM file of trusted CAs for `wss://` (nil: system default).
    public var caFilePath: String?
    /// How long `shutdown` waits for close handshakes.
    public var shutdownGracePeriod: Double
    /// libwebsockets log level bit mask (`LLL_ERR` = 1, `LLL_WARN` = 2, ...).
    public var libraryLogLevel: Int32
    /// Offer permessage-deflate on every connection.
    public var enablesCompression: Bool
    /// Whether the context can open `wss://` connections. libwebsockets 4.1.6 re-registers
    /// OpenSSL's per-connection data slots for every TLS context it creates, so a TLS context
    /// created while another is in a handshake can make that handshake fail; contexts that only
    /// speak `ws://` therefore leave OpenSSL alone.
    public var enablesTLS: Bool

    public init(
        caFilePath: String? = nil, shutdownGracePeriod: Double = 1.0, libraryLogLevel: Int32 = 1,
        enablesCompression: Bool = false, enablesTLS: Bool = false
    ) {
        self.caFilePath = caFilePath
        self.enablesTLS = enablesTLS || caFilePath != nil
        self.enablesCompression = enablesCompression
        self.shutdownGracePeriod = shutdownGracePeriod
        self.libraryLogLevel = libraryLogLevel
    }
}

/// Per-connection client options.
public struct ClientConnectOptions: Sendable {
    /// Subprotocols to offer, in order; empty offers none.
    public var subprotocols: [String]
    /// Extra request headers, e.g. `["Authorization": "Bearer abc"]`.
    public var headers: [String: String]
    /// `Origin` header, sent exactly as given (e.g. `https://boards.example.com`), if any.
    public var origin: String?
    /// Largest accepted incoming message; larger ones close with 1009.
    public var maxMessageSize: Int
    /// For `wss://`: accept self-signed, expired or mismatched certificates.
    public var allowsInsecureTLS: Bool

    public init(
        subprotocols: [String] = ["boardsync.v1"], headers: [String: String] = [:], origin: String? = nil,
        maxMessageSize: Int = 16 * 1024 * 1024, allowsInsecureTLS: Bool = false
    ) {
        self.subprotocols = subprotocols
        self.headers = headers
        self.origin = origin
        self.maxMessageSize = maxMessageSize
        self.allowsInsecureTLS = allowsInsecureTLS
    }
}

/// Why a client connection could not be established.
public enum ClientConnectError: Error, Equatable, Sendable {
    case invalidURL(String)
    /// The server answered the upgrade with this HTTP status instead of 101.
    case refused(httpStatus: Int)
    /// The server's TLS certificate did not verify against the trusted CAs (or did not match
    /// the host), and the connection does not allow insecure TLS.
    case untrustedCertificate
    /// Connecting or the handshake failed (libwebsockets' description).
    case failed(String)
    /// The blocking wrapper gave up waiting.
    case timedOut
    /// The context was shut down.
    case contextClosed
}

/// What happens on a client connection, delivered on the context's service thread.
public enum ClientEvent: Sendable, Equatable {
    case opened(subprotocol: String?)
    case text([UInt8])
    case binary([UInt8])
    /// The connection ended. `code` is the peer's close code, or the one this side sent,
    /// or nil if the socket went away without a close frame.
    case closed(code: UInt16?, reason: String)
    case connectFailed(ClientConnectError)
}

/// Receives a client connection's events on the context's service thread.
public protocol ClientConnectionHandler: AnyObject {
    func connection(_ connection: ClientConnection, didReceive event: ClientEvent)
}
