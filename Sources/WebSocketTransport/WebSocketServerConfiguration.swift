/// Settings of a `WebSocketServer`.
public struct WebSocketServerConfiguration: Sendable {
    /// Address to bind: an IPv4 or IPv6 address, `localhost`, or nil / `::` for every interface.
    public var host: String?
    /// TCP port; 0 picks a free port (read `WebSocketServer.port` after listening).
    public var port: Int
    /// Largest accepted message payload in bytes; larger ones close with 1009.
    public var maxMessageSize: Int
    /// Largest accepted POST body in bytes; a longer one is answered 413.
    public var maxRequestBodyBytes = 65_536
    /// Largest piece of an incoming message handed over at once. libwebsockets keeps a receive
    /// buffer of this size for every connection for the connection's whole life (4 KiB unless set,
    /// most of what an idle connection costs); the protocol's messages are mostly far smaller,
    /// and a longer one arrives in more pieces.
    public var receiveChunkSize = 1_024
    /// Largest per-connection outbound queue in bytes; beyond it the connection closes with 1013.
    public var maxQueuedBytes: Int
    /// The subprotocol accepted (clients offering none are accepted too).
    public var subprotocol: String
    /// PEM certificate and key paths; when both are set the port speaks wss/https only.
    public var tlsCertificatePath: String?
    public var tlsPrivateKeyPath: String?
    /// Seconds of silence before the server pings (0 disables pings).
    public var pingIntervalSeconds: Int
    /// Seconds of silence before a connection is dropped (0 disables it).
    public var idleTimeoutSeconds: Int
    /// Offer permessage-deflate (costs memory per connection).
    public var enablesCompression: Bool
    /// How long `stop` waits for close handshakes and queued data.
    public var shutdownGracePeriod: Double
    /// Longest wait, in seconds, of a frame queued with `mayWait` before it is written.
    public var deferredFrameDelay: Double
    /// libwebsockets log level bit mask (`LLL_ERR` = 1, `LLL_WARN` = 2, ...).
    public var libraryLogLevel: Int32

    public init(
        host: String? = "127.0.0.1", port: Int = 0, maxMessageSize: Int = 65_536,
        maxQueuedBytes: Int = 4 * 1024 * 1024, subprotocol: String = "boardsync.v1",
        tlsCertificatePath: String? = nil, tlsPrivateKeyPath: String? = nil,
        pingIntervalSeconds: Int = 30, idleTimeoutSeconds: Int = 75, enablesCompression: Bool = false,
        shutdownGracePeriod: Double = 1.0, libraryLogLevel: Int32 = 1, deferredFrameDelay: Double = 0.005
    ) {
        self.host = host
        self.port = port
        self.maxMessageSize = maxMessageSize
        self.maxQueuedBytes = maxQueuedBytes
        self.subprotocol = subprotocol
        self.tlsCertificatePath = tlsCertificatePath
        self.tlsPrivateKeyPath = tlsPrivateKeyPath
        self.pingIntervalSeconds = pingIntervalSeconds
        self.idleTimeoutSeconds = idleTimeoutSeconds
        self.enablesCompression = enablesCompression
        self.shutdownGracePeriod = shutdownGracePeriod
        self.deferredFrameDelay = deferredFrameDelay
        self.libraryLogLevel = libraryLogLevel
    }

    var usesTLS: Bool { tlsCertificatePath != nil && tlsPrivateKeyPath != nil }
}

/// How a configured host maps onto what libwebsockets binds.
enum ListenAddress: Equatable {
    case any
    case ipv4(String)
    case ipv6(String)

    var isIPv6: Bool {
        if case .ipv6 = self { true } else { false }
    }

    init?(host: String?) {
        guard let host, !host.isEmpty, host != "::", host != "*" else {
            self = .any
            return
        }
        if host == "localhost" {
            self = .ipv4("127.0.0.1")
        } else if host == "0.0.0.0" {
            self = .ipv4(host)
        } else if isIPv4Literal(host) {
            self = .ipv4(host)
        } else if host.contains(":") {
            self = .ipv6(String(host.filter { $0 != "[" && $0 != "]" }))
        } else {
            return nil
        }
    }
}

func isIPv4Literal(_ text: String) -> Bool {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 4
        && parts.allSatisfy { part in
            !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCII) && part.allSatisfy(\.isNumber)
                && Int(part).map { $0 <= 255 } == true
        }
}
