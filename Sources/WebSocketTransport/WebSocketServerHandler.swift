import ServerTransport

/// Receives a server's events. Every method is called on the server's service thread.
public protocol WebSocketServerHandler: AnyObject {
    /// What the handler keeps for a connection from its upgrade on (`Void` when nothing).
    associatedtype Context

    /// Decide whether to accept a WebSocket upgrade, and with what context.
    func upgradeRequested(_ request: HTTPRequestInfo) -> UpgradeDecision<Context>
    /// Answer a plain HTTP GET, HEAD, POST or DELETE (for HEAD only the head is sent; the body of
    /// a POST is not read). Other methods are answered 405 without asking.
    func httpRequest(_ request: HTTPRequestInfo) -> HTTPResponse
    /// Answer a POST whose whole body arrived (at most `maxRequestBodyBytes`; a longer one was
    /// answered 413 without calling this): call `respond` once, now or later, on the service
    /// thread. A response for a client that went away is dropped. By default a POST is answered
    /// as `httpRequest` answers it, its body unread.
    func httpPost(_ request: HTTPRequestInfo, body: [UInt8], respond: @escaping (HTTPResponse) -> Void)
    /// A WebSocket connection finished its handshake; `context` is what its upgrade was
    /// accepted with.
    func connectionOpened(_ connection: ServerConnection, context: Context)
    /// A whole text message arrived (fragments joined, size checked, UTF-8 validated).
    func textReceived(_ connection: ServerConnection, _ bytes: [UInt8])
    /// A WebSocket connection ended; it accepts no more sends.
    func connectionClosed(_ connection: ServerConnection, reason: CloseReason)
    /// Called once after each event-loop turn in which any message was received.
    func turnEnded()
    /// Called after work submitted with `post` has run.
    func wakeUp()
}

extension WebSocketServerHandler {
    public func httpRequest(_ request: HTTPRequestInfo) -> HTTPResponse { .notFound }
    public func httpPost(_ request: HTTPRequestInfo, body: [UInt8], respond: @escaping (HTTPResponse) -> Void) {
        respond(httpRequest(request))
    }
    public func turnEnded() {}
    public func wakeUp() {}
}
