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
    /// Bytes read from a socket at a time, which is also the largest piece of a message handed
    /// on at once (bigger messages are collected). 0 keeps libwebsockets' 4,096. A connection
    /// receiving many small messages costs fewer reads and wake-ups with a larger buffer; every
    /// connection allocates one buffer of this size.
    public var receiveBufferSize: Int
    /// Shortest time between the starts of two turns of the service loop, in seconds (0: no
    /// minimum), when the context holds `connectionsForFullTurnInterval` connections or more;
    /// with fewer it shrinks in proportion. Every turn polls every socket of the context, and
    /// libwebsockets polls without waiting during the last millisecond before a timer is due, so
    /// a context with many connections that wakes for each arriving frame, or waits for frequent
    /// timers, spends most of its time polling. A minimum lets frames collect and be read in bulk,
    /// at the price of up to this much delay before an arriving message is handled. A turn that
    /// leaves frames waiting to be written is not followed by a pause.
    public var minimumTurnInterval: Double
    /// See `minimumTurnInterval`.
    public var connectionsForFullTurnInterval: Int

    public init(
        caFilePath: String? = nil, shutdownGracePeriod: Double = 1.0, libraryLogLevel: Int32 = 1,
        enablesCompression: Bool = false, enablesTLS: Bool = false, receiveBufferSize: Int = 0,
        minimumTurnInterval: Double = 0, connectionsForFullTurnInterval: Int = 1
    ) {
        self.minimumTurnInterval = minimumTurnInterval
        self.connectionsForFullTurnInterval = max(1, connectionsForFullTurnInterval)
        self.receiveBufferSize = receiveBufferSize
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
    /// The local address to connect from (e.g. `127.0.0.2`), or nil for the system's choice: a
    /// load generator opening more connections to one server than one address has ports spreads
    /// them over several.
    public var sourceAddress: String?

    public init(
        subprotocols: [String] = ["boardsync.v1"], headers: [String: String] = [:], origin: String? = nil,
        maxMessageSize: Int = 16 * 1024 * 1024, allowsInsecureTLS: Bool = false, sourceAddress: String? = nil
    ) {
        self.subprotocols = subprotocols
        self.headers = headers
        self.origin = origin
        self.maxMessageSize = maxMessageSize
        self.allowsInsecureTLS = allowsInsecureTLS
        self.sourceAddress = sourceAddress
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
///
/// Text and binary messages arrive through `connection(_:didReceiveMessage:binary:)`, whose
/// default copies them into a `.text` or `.binary` event; a handler that reads messages in place
/// implements it to receive each one without a copy.
public protocol ClientConnectionHandler: AnyObject {
    func connection(_ connection: ClientConnection, didReceive event: ClientEvent)
    /// One complete text (`binary == false`) or binary message. `bytes` is valid only during the
    /// call.
    func connection(_ connection: ClientConnection, didReceiveMessage bytes: UnsafeRawBufferPointer, binary: Bool)
}

extension ClientConnectionHandler {
    public func connection(
        _ connection: ClientConnection, didReceiveMessage bytes: UnsafeRawBufferPointer, binary: Bool
    ) {
        let message = Array(bytes)
        self.connection(connection, didReceive: binary ? .binary(message) : .text(message))
    }
}
