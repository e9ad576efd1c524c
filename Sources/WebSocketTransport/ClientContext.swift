import CWebSockets
import Foundation
import Locking

/// One libwebsockets client context with its own service thread, holding any number of
/// client connections (thousands are fine).
///
/// Handlers are called on the service thread. Call `shutdown()` when done (not from the
/// service thread); the context stays alive until then.
public final class ClientContext: @unchecked Sendable {
    public let configuration: ClientContextConfiguration
    let loop = ServiceLoop()
    private let strings = CStringStore()
    /// The C text of each source address asked for, kept for the context's life: libwebsockets
    /// may bind a socket after `lws_client_connect_via_info` returns (service thread only).
    private var sourceAddresses: [String: UnsafeMutablePointer<CChar>] = [:]
    private let protocols: UnsafeMutablePointer<lws_protocols>
    private let protocolName: UnsafeMutablePointer<CChar>

    private struct Shared {
        var stopRequested = false
        var stopped = false
        var openCount = 0
    }

    private let shared = Locked(Shared())
    private let stoppedCondition = NSCondition()
    /// Connections whose socket may still call back (service thread).
    private var live: [ObjectIdentifier: ClientConnection] = [:]
    /// Connections whose server certificate failed verification (service thread).
    private var untrustedCertificates: Set<ObjectIdentifier> = []
    /// Plain GETs whose socket may still call back (service thread).
    private var httpGets: [ObjectIdentifier: ClientHTTPGet] = [:]
    private var shutdownDeadline: UInt64?
    private let turnIntervalNanoseconds: UInt64
    private var writeRequestedThisTurn = false

    /// Creates the context and starts its service thread.
    public init(configuration: ClientContextConfiguration = .init()) throws {
        self.configuration = configuration
        turnIntervalNanoseconds = UInt64(min(max(0, configuration.minimumTurnInterval), 0.1) * 1e9)
        protocolName = strings.keep("boardsync-client")
        protocols = .allocate(capacity: 2)
        protocols.initialize(repeating: lws_protocols(), count: 2)
        protocols[0].name = UnsafePointer(protocolName)
        protocols[0].callback = clientProtocolCallback
        let receiveBufferSize = min(max(0, configuration.receiveBufferSize), 1 << 24)
        protocols[0].rx_buffer_size = receiveBufferSize

        lws_set_log_level(configuration.libraryLogLevel, nil)
        var info = lws_context_creation_info()
        info.port = CONTEXT_PORT_NO_LISTEN
        info.protocols = UnsafePointer(protocols)
        info.options = UInt64(LWS_SERVER_OPTION_JUST_USE_RAW_ORIGIN)
        if configuration.enablesTLS { info.options |= UInt64(LWS_SERVER_OPTION_DO_SSL_GLOBAL_INIT) }
        info.client_ssl_ca_filepath = UnsafePointer(strings.keep(configuration.caFilePath))
        if receiveBufferSize > 4096 { info.pt_serv_buf_size = UInt32(receiveBufferSize) }
        info.user = Unmanaged.passUnretained(self).toOpaque()
        if configuration.enablesCompression { info.extensions = bs_deflate_extensions() }
        guard let context = loop.createContext(&info) else {
            protocols.deallocate()
            throw ClientConnectError.failed("could not create a libwebsockets client context")
        }
        loop.attach(context)
        let thread = Thread { [self] in run() }
        thread.name = "websocket-client"
        thread.start()
    }

    /// Number of connections that completed the handshake and have not ended.
    public var openConnectionCount: Int { shared.withLock { $0.openCount } }

    /// Starts connecting to `url`; the outcome arrives as `.opened` or `.connectFailed`.
    /// Throws only for a malformed URL or a context that was shut down.
    public func connect(
        to url: String, options: ClientConnectOptions = .init(), handler: any ClientConnectionHandler
    ) throws -> ClientConnection {
        guard let parsed = WebSocketURL(url) else { throw ClientConnectError.invalidURL(url) }
        guard !parsed.isSecure || configuration.enablesTLS else {
            throw ClientConnectError.failed("this client context was created without TLS; it cannot open \(url)")
        }
        let connection = ClientConnection(url: parsed, options: options, context: self, handler: handler)
        if loop.isOnServiceThread {
            begin(connection)
        } else if !loop.post({ [self] in begin(connection) }) {
            throw ClientConnectError.contextClosed
        }
        return connection
    }

    /// Starts a plain HTTP GET (or a bodiless `method` such as `DELETE`) of `url.pathAndQuery`
    /// from `url`'s host and port, over TLS when the
    /// URL is `wss://` (checked like the WebSocket connections: the context's CA file, unless
    /// `allowsInsecureTLS`), with `headers` added. `completion` runs once on the service thread:
    /// with the status and body of any answer (errors included), or with why there is none. An
    /// answer above `maxBodySize` bytes fails.
    @discardableResult
    public func get(
        _ url: WebSocketURL, method: String = "GET", headers: [String: String] = [:], allowsInsecureTLS: Bool = false,
        maxBodySize: Int = 64 << 20,
        completion: @escaping @Sendable (Result<HTTPGetResponse, ClientConnectError>) -> Void
    ) throws -> ClientHTTPGet {
        guard !url.isSecure || configuration.enablesTLS else {
            throw ClientConnectError.failed("this client context was created without TLS; it cannot open \(url.host)")
        }
        let request = ClientHTTPGet(
            url: url, method: method, headers: headers, allowsInsecureTLS: allowsInsecureTLS, maxBodySize: maxBodySize,
            context: self,
            completion: completion)
        if loop.isOnServiceThread {
            begin(request)
        } else if !loop.post({ [self] in begin(request) }) {
            throw ClientConnectError.contextClosed
        }
        return request
    }

    /// Runs `work` on the service thread soon. Returns false after shutdown.
    @discardableResult
    public func post(_ work: @Sendable @escaping () -> Void) -> Bool {
        loop.post(work)
    }

    /// Runs `work` on the service thread after `seconds` (call on the service thread).
    @discardableResult
    public func schedule(after seconds: Double, _ work: @escaping () -> Void) -> TimerID {
        loop.schedule(after: seconds, work)
    }

    /// Cancels a scheduled timer (service thread).
    public func cancelTimer(_ id: TimerID) {
        loop.cancel(id)
    }

    /// Closes every connection (1000), waits up to the grace period for the handshakes,
    /// destroys the context and waits for the service thread to end.
    public func shutdown() {
        shared.withLock { $0.stopRequested = true }
        loop.wake()
        stoppedCondition.lock()
        while !shared.withLock({ $0.stopped }) { stoppedCondition.wait() }
        stoppedCondition.unlock()
    }

    private func run() {
        loop.adoptCurrentThread()
        while true {
            if shared.withLock({ $0.stopRequested }), shutdownDeadline == nil { beginShutdown() }
            if let deadline = shutdownDeadline,
                monotonicNanoseconds() >= deadline || live.values.allSatisfy(\.isFinished)
            {
                break
            }
            let turnStart = monotonicNanoseconds()
            loop.serviceOnce()
            _ = loop.drainInbox()
            pauseForRestOfTurn(startedAt: turnStart)
        }
        loop.destroyContext()
        for connection in live.values { connection.finish(connection.closedEvent) }
        live.removeAll()
        for request in httpGets.values { request.finish(.failure(.contextClosed)) }
        httpGets.removeAll()
        protocols.deallocate()
        strings.freeAll()
        stoppedCondition.lock()
        shared.withLock { $0.stopped = true }
        stoppedCondition.broadcast()
        stoppedCondition.unlock()
    }

    /// Sleeps for what is left of the minimum turn interval (scaled to the number of
    /// connections), unless frames wait to be written.
    private func pauseForRestOfTurn(startedAt start: UInt64) {
        defer { writeRequestedThisTurn = false }
        guard turnIntervalNanoseconds > 0, !writeRequestedThisTurn, !live.isEmpty else { return }
        let fullAt = UInt64(configuration.connectionsForFullTurnInterval)
        let interval = turnIntervalNanoseconds * min(UInt64(live.count), fullAt) / fullAt
        let elapsed = monotonicNanoseconds() - start
        guard elapsed < interval else { return }
        var pause = timespec(tv_sec: 0, tv_nsec: Int(interval - elapsed))
        nanosleep(&pause, nil)
    }

    /// A connection asked to write: the next turn should come without a pause (service thread).
    func noteWriteRequested() { writeRequestedThisTurn = true }

    private func beginShutdown() {
        shutdownDeadline = monotonicNanoseconds() + UInt64(max(0, configuration.shutdownGracePeriod) * 1e9)
        for connection in live.values where !connection.isFinished {
            connection.close(code: 1000, reason: "client shutting down")
        }
        _ = loop.schedule(after: configuration.shutdownGracePeriod) {}
    }

    private func begin(_ connection: ClientConnection) {
        if shutdownDeadline != nil {
            connection.finish(.connectFailed(.contextClosed))
            return
        }
        guard let context = loop.context else { return }
        let url = connection.url
        let temporary = CStringStore()
        var info = connectInfo(
            context, url, owner: Unmanaged.passUnretained(connection).toOpaque(),
            allowsInsecureTLS: connection.options.allowsInsecureTLS, strings: temporary)
        info.origin = UnsafePointer(temporary.keep(connection.options.origin))
        if let address = connection.options.sourceAddress {
            let text = sourceAddresses[address] ?? strings.keep(address)
            sourceAddresses[address] = text
            info.iface = UnsafePointer(text)
        }
        if !connection.options.subprotocols.isEmpty {
            info.protocol = UnsafePointer(temporary.keep(connection.options.subprotocols.joined(separator: ", ")))
        }
        info.ietf_version_or_minus_one = -1
        live[ObjectIdentifier(connection)] = connection
        if lws_client_connect_via_info(&info) == nil {
            connection.finish(.connectFailed(.failed("could not start connecting to \(url.host):\(url.port)")))
            live.removeValue(forKey: ObjectIdentifier(connection))
        }
    }

    private func begin(_ request: ClientHTTPGet) {
        guard shutdownDeadline == nil, let context = loop.context else {
            request.finish(.failure(.contextClosed))
            return
        }
        let url = request.url
        let temporary = CStringStore()
        var info = connectInfo(
            context, url, owner: Unmanaged.passUnretained(request).toOpaque(),
            allowsInsecureTLS: request.allowsInsecureTLS, strings: temporary)
        info.method = UnsafePointer(temporary.keep(request.method))
        httpGets[ObjectIdentifier(request)] = request
        guard let wsi = lws_client_connect_via_info(&info) else {
            httpGets.removeValue(forKey: ObjectIdentifier(request))
            request.finish(.failure(.failed("could not start connecting to \(url.host):\(url.port)")))
            return
        }
        if httpGets[ObjectIdentifier(request)] != nil { request.wsi = wsi }
    }

    /// What every client socket of this context connects with: the server of `url`, the path and
    /// query, the context's protocol, its owner as user data, TLS for `wss`. The strings live in
    /// `strings` (libwebsockets copies them while connecting).
    private func connectInfo(
        _ context: OpaquePointer, _ url: WebSocketURL, owner: UnsafeMutableRawPointer, allowsInsecureTLS: Bool,
        strings: CStringStore
    ) -> lws_client_connect_info {
        var info = lws_client_connect_info()
        info.context = context
        info.address = UnsafePointer(strings.keep(url.host))
        info.port = Int32(url.port)
        info.path = UnsafePointer(strings.keep(url.pathAndQuery))
        info.host = UnsafePointer(strings.keep(url.hostHeader))
        info.local_protocol_name = UnsafePointer(protocolName)
        info.userdata = owner
        if url.isSecure {
            info.ssl_connection = bs_client_tls_flags(allowsInsecureTLS ? 1 : 0)
            info.alpn = UnsafePointer(strings.keep("http/1.1"))
        }
        return info
    }

    /// A plain GET's socket is gone (service thread).
    func httpGetEnded(_ request: ClientHTTPGet) {
        request.wsi = nil
        httpGets.removeValue(forKey: ObjectIdentifier(request))
    }

    // MARK: Callback dispatch (service thread)

    /// OpenSSL's verdict on one certificate of the server's chain; a failure that the
    /// connection's TLS flags do not excuse ends the handshake.
    fileprivate func certificateChecked(_ connection: ClientConnection, trusted: Bool) {
        if !trusted { untrustedCertificates.insert(ObjectIdentifier(connection)) }
    }

    fileprivate func handleCallback(
        _ wsi: OpaquePointer, _ reason: lws_callback_reasons, _ connection: ClientConnection,
        _ input: UnsafeMutableRawPointer?, _ length: Int
    ) -> Int32 {
        switch reason {
        case LWS_CALLBACK_CLIENT_APPEND_HANDSHAKE_HEADER:
            return ClientHeaders.append(connection.options.headers, wsi: wsi, input: input, length: length)
        case LWS_CALLBACK_CLIENT_FILTER_PRE_ESTABLISH:
            connection.pendingSubprotocol = RequestReader.header(wsi, WSI_TOKEN_PROTOCOL)
            return 0
        case LWS_CALLBACK_CLIENT_ESTABLISHED:
            shared.withLock { $0.openCount += 1 }
            connection.opened(wsi: wsi, subprotocol: connection.pendingSubprotocol)
            return 0
        case LWS_CALLBACK_CLIENT_RECEIVE:
            connection.received(UnsafeRawBufferPointer(start: input, count: input == nil ? 0 : length), wsi: wsi)
            return 0
        case LWS_CALLBACK_CLIENT_WRITEABLE:
            return connection.writeQueued() ? 0 : -1
        case LWS_CALLBACK_WS_PEER_INITIATED_CLOSE:
            let reason = closeReasonText(input, length)
            connection.peerClose = (
                CloseReasonText.receivedCode(reported: closeCode(input, length), reason: reason), reason
            )
            return 0
        case LWS_CALLBACK_CLIENT_CLOSED:
            if connection.isOpen { shared.withLock { $0.openCount -= 1 } }
            connection.finish(connection.closedEvent)
            return 0
        case LWS_CALLBACK_CLIENT_CONNECTION_ERROR:
            let status = Int(lws_http_client_http_response(wsi))
            let message = input.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? "connection failed"
            if connection.isOpen { shared.withLock { $0.openCount -= 1 } }
            let untrusted = untrustedCertificates.remove(ObjectIdentifier(connection)) != nil
            let error: ClientConnectError =
                if untrusted {
                    .untrustedCertificate
                } else if status > 0 && status != 101 {
                    .refused(httpStatus: status)
                } else {
                    .failed(message)
                }
            connection.finish(.connectFailed(error))
            return 0
        case LWS_CALLBACK_WSI_DESTROY:
            if connection.isOpen { shared.withLock { $0.openCount -= 1 } }
            connection.finish(connection.closedEvent)
            live.removeValue(forKey: ObjectIdentifier(connection))
            untrustedCertificates.remove(ObjectIdentifier(connection))
            return 0
        default:
            return lws_callback_http_dummy(wsi, reason, Unmanaged.passUnretained(connection).toOpaque(), input, length)
        }
    }
}

/// The libwebsockets protocol callback of every client context, for its WebSocket connections
/// and its plain GETs alike: libwebsockets calls it with a socket's own user data, the
/// `ClientConnection` or `ClientHTTPGet` it belongs to (which one is told by its type).
///
/// The owner comes from the socket's user data, not from `user`: the TLS callbacks pass OpenSSL
/// objects there (for the certificate check: `user` is the `X509_STORE_CTX`, `length` is
/// OpenSSL's pre-verification result).
func clientProtocolCallback(
    _ wsi: OpaquePointer?, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?,
    _ input: UnsafeMutableRawPointer?, _ length: Int
) -> Int32 {
    guard let wsi, let contextUser = lws_context_user(lws_get_context(wsi)), let ownerUser = lws_wsi_user(wsi)
    else {
        return lws_callback_http_dummy(wsi, reason, user, input, length)
    }
    let owner = Unmanaged<AnyObject>.fromOpaque(ownerUser).takeUnretainedValue()
    if let request = owner as? ClientHTTPGet {
        return request.handle(wsi, reason, input, length)
    }
    guard let connection = owner as? ClientConnection else {
        return lws_callback_http_dummy(wsi, reason, user, input, length)
    }
    let context = Unmanaged<ClientContext>.fromOpaque(contextUser).takeUnretainedValue()
    if reason == LWS_CALLBACK_OPENSSL_PERFORM_SERVER_CERT_VERIFICATION {
        context.certificateChecked(connection, trusted: length != 0)
        return 0
    }
    return context.handleCallback(wsi, reason, connection, input, length)
}
