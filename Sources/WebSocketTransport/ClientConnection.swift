import CWebSockets
import Locking

/// One client WebSocket connection living on a `ClientContext`.
///
/// `send*`, `close`, `pauseReceiving` and `resumeReceiving` may be called from any thread;
/// events arrive on the context's service thread through the handler.
public final class ClientConnection: @unchecked Sendable {
    enum Outgoing: Sendable {
        /// Payload preceded by LWS_PRE bytes of headroom (masked in place by lws).
        case frame(buffer: [UInt8], binary: Bool, isStart: Bool, isEnd: Bool)
        case close(code: UInt16, reason: String)
    }

    private struct Outbox {
        var items: [Outgoing] = []
        var head = 0
        var wakePending = false
        var closing = false
        var ended = false

        var isEmpty: Bool { head == items.count }

        mutating func popFirst() -> Outgoing? {
            guard !isEmpty else { return nil }
            let item = items[head]
            head += 1
            if head == items.count {
                items.removeAll(keepingCapacity: items.count <= 64)
                head = 0
            }
            return item
        }
    }

    public let url: WebSocketURL
    public let options: ClientConnectOptions
    /// Free slot for the owner (service thread).
    public var userData: Any?
    /// The subprotocol the server chose (service thread, after `.opened`).
    public private(set) var subprotocol: String?

    unowned let context: ClientContext
    let handler: any ClientConnectionHandler
    private let outbox = Locked(Outbox())

    // Service-thread state.
    var wsi: OpaquePointer?
    var assembler: MessageAssembler
    var messageIsBinary = false
    var peerClose: (code: UInt16?, reason: String)?
    var localClose: (code: UInt16, reason: String)?
    var failureCode: UInt16?
    var isOpen = false
    var isFinished = false
    var receivePaused = false
    var pendingSubprotocol: String?

    init(url: WebSocketURL, options: ClientConnectOptions, context: ClientContext, handler: any ClientConnectionHandler)
    {
        self.url = url
        self.options = options
        self.context = context
        self.handler = handler
        self.assembler = MessageAssembler(limit: options.maxMessageSize)
    }

    /// Sends one text message.
    public func send(text: String) {
        send(textBytes: Array(text.utf8))
    }

    /// Sends `bytes` in a text frame as they are (tests use it for invalid UTF-8).
    public func send(textBytes bytes: [UInt8]) {
        enqueue(.frame(buffer: Self.withHeadroom(bytes), binary: false, isStart: true, isEnd: true))
    }

    /// Sends one binary message.
    public func sendBinary(_ bytes: [UInt8]) {
        enqueue(.frame(buffer: Self.withHeadroom(bytes), binary: true, isStart: true, isEnd: true))
    }

    /// Sends one message split into the given fragments (a first frame plus continuations).
    public func sendFragments(_ fragments: [[UInt8]], binary: Bool = false) {
        guard !fragments.isEmpty else { return }
        let items = fragments.enumerated().map { index, fragment in
            Outgoing.frame(
                buffer: Self.withHeadroom(fragment), binary: binary, isStart: index == 0,
                isEnd: index == fragments.count - 1)
        }
        enqueue(items)
    }

    /// Sends a close frame with `code` after everything queued before it.
    public func close(code: UInt16 = 1000, reason: String = "") {
        enqueue(.close(code: code, reason: String(decoding: reason.utf8.prefix(100), as: UTF8.self)))
    }

    /// Stops reading from the socket (the peer's sends back up), e.g. to act as a slow consumer.
    public func pauseReceiving() {
        onServiceThread { connection in
            connection.receivePaused = true
            if let wsi = connection.wsi { lws_rx_flow_control(wsi, 0) }
        }
    }

    /// Reads from the socket again.
    public func resumeReceiving() {
        onServiceThread { connection in
            connection.receivePaused = false
            if let wsi = connection.wsi { lws_rx_flow_control(wsi, 1) }
        }
    }

    private func onServiceThread(_ work: @escaping @Sendable (ClientConnection) -> Void) {
        if context.loop.isOnServiceThread {
            work(self)
        } else {
            context.loop.post { [self] in work(self) }
        }
    }

    static func withHeadroom(_ payload: [UInt8]) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: bs_lws_pre())
        buffer.reserveCapacity(buffer.count + payload.count)
        buffer.append(contentsOf: payload)
        return buffer
    }

    private func enqueue(_ item: Outgoing) { enqueue([item]) }

    private func enqueue(_ items: [Outgoing]) {
        let needsWake = outbox.withLock { outbox -> Bool in
            guard !outbox.closing, !outbox.ended else { return false }
            outbox.items.append(contentsOf: items)
            if case .close = items.last { outbox.closing = true }
            guard !outbox.wakePending else { return false }
            outbox.wakePending = true
            return true
        }
        if needsWake { onServiceThread { $0.requestWritable() } }
    }

    // MARK: Service thread

    func requestWritable() {
        if let wsi, isOpen { callOnWritable(wsi) }
    }

    private func callOnWritable(_ wsi: OpaquePointer) {
        lws_callback_on_writable(wsi)
        context.noteWriteRequested()
    }

    var hasQueuedOutput: Bool { outbox.withLock { !$0.isEmpty } }

    /// Writes queued frames; returns false when the connection must close now.
    func writeQueued() -> Bool {
        guard let wsi else { return false }
        if let code = failureCode {
            lws_close_reason(wsi, lws_close_status(UInt32(code)), nil, 0)
            return false
        }
        var written = 0
        while written < 32 {
            let next = outbox.withLock { outbox -> Outgoing? in
                let item = outbox.popFirst()
                if item == nil { outbox.wakePending = false }
                return item
            }
            guard let item = next else { return true }
            switch item {
            case .frame(var buffer, let binary, let isStart, let isEnd):
                let headroom = bs_lws_pre()
                let result = buffer.withUnsafeMutableBufferPointer { storage in
                    bs_write_ws(
                        wsi, storage.baseAddress! + headroom, storage.count - headroom, binary ? 1 : 0,
                        isStart ? 1 : 0, isEnd ? 1 : 0)
                }
                if result < 0 { return false }
            case .close(let code, let reason):
                localClose = (code, reason)
                var reasonBytes = Array(reason.utf8)
                reasonBytes.withUnsafeMutableBufferPointer { text in
                    lws_close_reason(wsi, lws_close_status(UInt32(code)), text.baseAddress, text.count)
                }
                return false
            }
            written += 1
            if lws_send_pipe_choked(wsi) != 0 { break }
        }
        let more = outbox.withLock { outbox -> Bool in
            if outbox.isEmpty { outbox.wakePending = false }
            return !outbox.isEmpty
        }
        if more { callOnWritable(wsi) }
        return true
    }

    func opened(wsi: OpaquePointer, subprotocol: String?) {
        self.wsi = wsi
        self.subprotocol = subprotocol
        isOpen = true
        if receivePaused { lws_rx_flow_control(wsi, 0) }
        handler.connection(self, didReceive: .opened(subprotocol: subprotocol))
        if hasQueuedOutput { callOnWritable(wsi) }
    }

    func fail(code: UInt16) {
        guard let wsi, failureCode == nil else { return }
        failureCode = code
        lws_close_reason(wsi, lws_close_status(UInt32(code)), nil, 0)
        callOnWritable(wsi)
        lws_set_timeout(wsi, PENDING_TIMEOUT_USER_OK, 2)
    }

    func received(_ chunk: UnsafeRawBufferPointer, wsi: OpaquePointer) {
        guard failureCode == nil else { return }
        if lws_is_first_fragment(wsi) != 0 { messageIsBinary = lws_frame_is_binary(wsi) != 0 }
        let binary = messageIsBinary
        let handler = handler
        let progress = assembler.append(chunk, isFinal: lws_is_final_fragment(wsi) != 0) { message in
            handler.connection(self, didReceiveMessage: message, binary: binary)
        }
        if progress == .tooLarge { fail(code: 1009) }
    }

    /// Delivers the final event once.
    func finish(_ event: ClientEvent) {
        guard !isFinished else { return }
        isFinished = true
        isOpen = false
        wsi = nil
        outbox.withLock { outbox in
            outbox.ended = true
            outbox.items.removeAll()
            outbox.head = 0
        }
        handler.connection(self, didReceive: event)
    }

    var closedEvent: ClientEvent {
        if let peerClose { return .closed(code: peerClose.code, reason: peerClose.reason) }
        if let localClose { return .closed(code: localClose.code, reason: localClose.reason) }
        if let failureCode { return .closed(code: failureCode, reason: "") }
        return .closed(code: nil, reason: "")
    }
}
