import CWebSockets
import Foundation
import Locking
import ServerTransport

/// A WebSocket + plain HTTP server on one libwebsockets context and one service thread.
///
/// Either call `listen()` then `run()` on a thread of your choice, or `start()` to run the
/// loop on a thread of its own. Handler callbacks, `ServerConnection` methods, `schedule`
/// and `connections` belong to the service thread; `post`, `stop`, `port`,
/// `connectionCount` and `waitUntilStopped` may be used from any thread.
public final class WebSocketServer: @unchecked Sendable {
    public let configuration: WebSocketServerConfiguration
    let handler: any WebSocketServerHandler
    /// The handler's answer to an upgrade; an accepted one comes with what opens its connection:
    /// the handler's `connectionOpened` with the context the upgrade was accepted with.
    let admit: (HTTPRequestInfo) -> UpgradeDecision<(ServerConnection) -> Void>
    let loop = ServiceLoop()
    /// Largest write handed to libwebsockets at once (its `tx_packet_size`).
    static let packetSize = 16 * 1024
    /// Packs queued frames into one write; nil when compression is on (frames then go one by
    /// one through the extension).
    let frameBatch: FrameBatch?
    /// Frames that went out packed with others (service thread).
    var packedFrameCount = 0
    /// Writes so far, by path (service thread).
    public internal(set) var writeCounts = WriteCounts()
    /// Connections holding frames that wait for the deferred flush (service thread).
    private var deferredWriters: [ServerConnection] = []
    /// Connections to write directly at the end of this loop step, and the list's spare storage
    /// (service thread).
    private var directWriters: [ServerConnection] = []
    private var directWritersInProgress: [ServerConnection] = []
    /// Connections that received data in this loop step (service thread).
    private var receiversThisStep: [ServerConnection] = []

    private struct Shared {
        var port = 0
        var connectionCount = 0
        var stopCode: UInt16?
        var stopped = false
        var listening = false
    }

    private let shared = Locked(Shared())
    private let stoppedCondition = NSCondition()
    private let strings = CStringStore()
    private var protocols: UnsafeMutablePointer<lws_protocols>?
    private var retryPolicy: UnsafeMutablePointer<lws_retry_bo_t>?

    /// Open connections by id (service thread).
    public private(set) var connectionsByID: [UInt64: ServerConnection] = [:]
    var pendingUpgrades:
        [OpaquePointer: (request: HTTPRequestInfo, subprotocol: String?, open: (ServerConnection) -> Void)] = [:]
    var pendingHTTPBodies: [OpaquePointer: [UInt8]] = [:]
    /// POSTs whose body is arriving, or whose answer the handler has not given yet, by
    /// connection; each with a number of its own, so that an answer never reaches a later
    /// request on a reused pointer (service thread).
    var pendingPosts: [OpaquePointer: PendingPost] = [:]
    /// Answers of POSTs that wait for their connection to become writeable (service thread).
    var readyResponses: [OpaquePointer: HTTPResponse] = [:]
    var nextPostNumber: UInt64 = 1
    var receivedThisTurn = false
    private var nextConnectionID: UInt64 = 1
    private var shutdownDeadline: UInt64?

    public init<Handler: WebSocketServerHandler>(
        configuration: WebSocketServerConfiguration = .init(), handler: Handler
    ) {
        precondition(bs_lws_pre() <= OutboundFrame.headroom, "frames leave too little room for libwebsockets")
        self.configuration = configuration
        self.handler = handler
        admit = { request in
            switch handler.upgradeRequested(request) {
            case .accept(let context): .accept { connection in handler.connectionOpened(connection, context: context) }
            case .refuse(let status, let body): .refuse(status: status, body: body)
            }
        }
        frameBatch = configuration.enablesCompression ? nil : FrameBatch(capacity: Self.packetSize)
    }

    /// The bound port (valid after `listen`/`start`).
    public var port: Int { shared.withLock { $0.port } }

    /// Number of open WebSocket connections.
    public var connectionCount: Int { shared.withLock { $0.connectionCount } }

    /// Open connections (service thread).
    public var connections: Dictionary<UInt64, ServerConnection>.Values { connectionsByID.values }

    /// Creates the context and binds the port. Throws `addressNotAvailable`, `portInUse` or
    /// `permissionDenied` when the port cannot be listened on (libwebsockets' own lines about it
    /// are not logged), `contextCreationFailed` for other failures.
    public func listen() throws {
        guard loop.context == nil, !shared.withLock({ $0.listening }) else {
            throw ListenError.alreadyStarted
        }
        guard shared.withLock({ $0.stopCode == nil }) else { throw ListenError.stopped }
        guard let address = ListenAddress(host: configuration.host) else {
            throw ListenError.invalidHost(configuration.host ?? "")
        }
        lws_set_log_level(configuration.libraryLogLevel, nil)

        let protocols = UnsafeMutablePointer<lws_protocols>.allocate(capacity: 2)
        protocols.initialize(repeating: lws_protocols(), count: 2)
        protocols[0].name = UnsafePointer(strings.keep(configuration.subprotocol))
        protocols[0].callback = serverProtocolCallback
        protocols[0].per_session_data_size = MemoryLayout<UnsafeRawPointer>.size
        protocols[0].tx_packet_size = Self.packetSize
        protocols[0].rx_buffer_size = configuration.receiveChunkSize
        self.protocols = protocols

        let retry = UnsafeMutablePointer<lws_retry_bo_t>.allocate(capacity: 1)
        retry.initialize(to: lws_retry_bo_t())
        retry.pointee.secs_since_valid_ping = UInt16(clamping: configuration.pingIntervalSeconds)
        retry.pointee.secs_since_valid_hangup = UInt16(clamping: configuration.idleTimeoutSeconds)
        retryPolicy = retry

        var info = lws_context_creation_info()
        info.port = Int32(configuration.port)
        info.protocols = UnsafePointer(protocols)
        info.user = Unmanaged.passUnretained(self).toOpaque()
        info.retry_and_idle_policy = UnsafePointer(retry)
        info.vhost_name = UnsafePointer(strings.keep("default"))
        switch address {
        case .any:
            break
        case .ipv4(let host):
            info.options |= UInt64(LWS_SERVER_OPTION_DISABLE_IPV6)
            if host != "0.0.0.0" { info.iface = UnsafePointer(strings.keep(host)) }
        case .ipv6(let host):
            info.iface = UnsafePointer(strings.keep(host))
        }
        if configuration.enablesCompression { info.extensions = bs_deflate_extensions() }
        if configuration.usesTLS {
            info.options |= UInt64(LWS_SERVER_OPTION_DO_SSL_GLOBAL_INIT)
            info.ssl_cert_filepath = UnsafePointer(strings.keep(configuration.tlsCertificatePath))
            info.ssl_private_key_filepath = UnsafePointer(strings.keep(configuration.tlsPrivateKeyPath))
            info.alpn = UnsafePointer(strings.keep("http/1.1"))
        }
        // Binding failures are reported as errors of ours, in words; libwebsockets' log lines
        // about them would only repeat them, twice.
        lws_set_log_level(0, nil)
        let created = loop.createContext(&info)
        lws_set_log_level(configuration.libraryLogLevel, nil)
        let host = configuration.host ?? "::"
        guard let context = created else {
            releaseResources()
            throw ListenCheck.failure(address, port: configuration.port, host: host)
                ?? ListenError.contextCreationFailed(host: configuration.host, port: configuration.port)
        }
        loop.attach(context)
        let bound = Int(lws_get_vhost_listen_port(lws_get_vhost_by_name(context, "default")))
        guard ListenCheck.isListening(address, port: bound) else {
            loop.destroyContext()
            releaseResources()
            throw ListenCheck.failure(address, port: configuration.port, host: host)
                ?? ListenError.addressNotAvailable(host: host, port: configuration.port)
        }
        shared.withLock {
            $0.port = bound
            $0.listening = true
        }
    }

    /// Runs the event loop on the calling thread until `stop` completes (listening first if
    /// `listen` was not called).
    public func run() throws {
        if loop.context == nil { try listen() }
        runLoop()
    }

    private func runLoop() {
        loop.adoptCurrentThread()
        while true {
            if let code = shared.withLock({ $0.stopCode }), shutdownDeadline == nil {
                beginShutdown(code: code)
            }
            flushDirectWrites()
            if shutdownDeadline == nil || !connectionsByID.isEmpty { loop.serviceOnce() }
            if receivedThisTurn {
                receivedThisTurn = false
                handler.turnEnded()
            }
            if loop.drainInbox() { handler.wakeUp() }
            if let code = shared.withLock({ $0.stopCode }), shutdownDeadline == nil {
                beginShutdown(code: code)
            }
            if let deadline = shutdownDeadline,
                connectionsByID.isEmpty || monotonicNanoseconds() >= deadline
            {
                break
            }
        }
        loop.destroyContext()
        releaseResources()
        stoppedCondition.lock()
        shared.withLock { $0.stopped = true }
        stoppedCondition.broadcast()
        stoppedCondition.unlock()
    }

    /// Listens, then runs the loop on a new thread; returns once the port is bound.
    public func start() throws {
        try listen()
        let thread = Thread { [self] in runLoop() }
        thread.name = "websocket-server"
        thread.start()
    }

    /// Closes every connection with `closeCode`, lets queued data flush for the grace period,
    /// then destroys the context. Callable from any thread; does not wait.
    public func stop(closeCode: UInt16 = 1001) {
        let first = shared.withLock { shared -> Bool in
            guard shared.stopCode == nil else { return false }
            shared.stopCode = closeCode
            if !shared.listening { shared.stopped = true }
            return true
        }
        if first { loop.wake() }
    }

    /// Blocks until the loop has ended and the context is destroyed.
    public func waitUntilStopped() {
        stoppedCondition.lock()
        while !shared.withLock({ $0.stopped }) { stoppedCondition.wait() }
        stoppedCondition.unlock()
    }

    /// Runs `work` on the service thread soon, then calls `handler.wakeUp()`.
    /// Returns false when the server has already stopped.
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

    /// Remembers `connection` for the next deferred flush, arming it if none is due.
    func deferWrite(_ connection: ServerConnection) {
        if deferredWriters.isEmpty {
            _ = loop.schedule(after: configuration.deferredFrameDelay) { [self] in flushDeferredWrites() }
        }
        deferredWriters.append(connection)
    }

    private func flushDeferredWrites() {
        let writers = deferredWriters
        deferredWriters = []
        for connection in writers {
            connection.awaitsDeferredFlush = false
            if !connection.queue.isEmpty { writeAtEndOfStep(connection) }
        }
    }

    /// Remembers `connection` for the direct writes at the end of this loop step, so that every
    /// frame the step queues for it goes out in one write.
    func writeAtEndOfStep(_ connection: ServerConnection) {
        guard !connection.awaitsDirectWrite else { return }
        connection.awaitsDirectWrite = true
        directWriters.append(connection)
    }

    /// The end of a loop step: writes what the step queued, before the loop waits again; a
    /// connection that received data in the step gets its frames on its next WRITEABLE turn, after
    /// what libwebsockets holds for it (`ServerConnection.receivedThisStep`).
    private func flushDirectWrites() {
        if !directWriters.isEmpty {
            swap(&directWriters, &directWritersInProgress)
            for connection in directWritersInProgress {
                connection.awaitsDirectWrite = false
                connection.writeDirectly()
            }
            directWritersInProgress.removeAll(keepingCapacity: true)
        }
        guard !receiversThisStep.isEmpty else { return }
        for connection in receiversThisStep { connection.receivedThisStep = false }
        receiversThisStep.removeAll(keepingCapacity: true)
    }

    /// Marks `connection` as having received data in this loop step.
    func noteReceived(_ connection: ServerConnection) {
        guard !connection.receivedThisStep else { return }
        connection.receivedThisStep = true
        receiversThisStep.append(connection)
    }

    /// Queues one frame on many connections (service thread).
    public func broadcast(_ frame: OutboundFrame, to receivers: some Sequence<ServerConnection>) {
        for connection in receivers { connection.send(frame) }
    }

    private func beginShutdown(code: UInt16) {
        shutdownDeadline = monotonicNanoseconds() + UInt64(max(0, configuration.shutdownGracePeriod) * 1e9)
        for connection in connectionsByID.values {
            connection.closeReason = .serverShutdown
            connection.close(code: code, reason: "server shutting down")
        }
        _ = loop.schedule(after: configuration.shutdownGracePeriod) {}
    }

    private func releaseResources() {
        protocols?.deallocate()
        protocols = nil
        retryPolicy?.deallocate()
        retryPolicy = nil
        strings.freeAll()
    }

    // MARK: Connection bookkeeping (service thread)

    /// The connection of an accepted upgrade, and what tells the handler it opened.
    func register(wsi: OpaquePointer) -> (connection: ServerConnection, open: (ServerConnection) -> Void)? {
        guard let pending = pendingUpgrades.removeValue(forKey: wsi) else { return nil }
        let connection = ServerConnection(
            id: nextConnectionID, wsi: wsi, server: self, request: pending.request, subprotocol: pending.subprotocol)
        nextConnectionID += 1
        connectionsByID[connection.id] = connection
        let count = connectionsByID.count
        shared.withLock { $0.connectionCount = count }
        if shutdownDeadline != nil, let code = shared.withLock({ $0.stopCode }) {
            connection.closeReason = .serverShutdown
            connection.close(code: code)
        }
        return (connection, pending.open)
    }

    func unregister(_ connection: ServerConnection) {
        connectionsByID.removeValue(forKey: connection.id)
        let count = connectionsByID.count
        shared.withLock { $0.connectionCount = count }
        connection.wsi = nil
        connection.queue.removeAll()
    }

    var isShuttingDown: Bool { shutdownDeadline != nil }
}
