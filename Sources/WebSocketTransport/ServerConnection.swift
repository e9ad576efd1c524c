import CWebSockets
import ServerTransport

/// One accepted WebSocket connection of a `WebSocketServer`.
///
/// Use it only on the server's service thread (inside handler callbacks, posted work or
/// timers). After `connectionClosed` it ignores sends.
public final class ServerConnection: @unchecked Sendable {
    /// Unique within the server, increasing in accept order.
    public let id: UInt64
    /// Path of the upgrade request, without the query.
    public let path: String
    /// Query parameters of the upgrade request.
    public let query: [String: String]
    /// Peer IP address.
    public let peerAddress: String
    /// The subprotocol the client offered and got, or nil when it offered none.
    public let subprotocol: String?

    /// Bytes queued and not yet handed to the socket.
    public var queuedBytes: Int { queue.byteCount }
    /// Whether the connection still accepts sends.
    public var isOpen: Bool {
        wsi != nil && pendingFailure == nil && requestedClose == nil && !peerSentClose && !libraryIsClosing
    }

    var wsi: OpaquePointer?
    /// The server that accepted the connection. Every use is on a path that first checks that
    /// `wsi` is set, and the server clears `wsi` (`unregister`) before it and its libwebsockets
    /// context go, so the reference is never used after the server is gone. Unchecked, because a
    /// checked unowned reference costs an atomic retain and release on each use, once per frame
    /// queued, and the slow path of both once anything holds the server weakly (a side table).
    unowned(unsafe) let server: WebSocketServer
    var queue = FrameQueue()
    /// A WRITEABLE callback is on its way (asked for here, or by libwebsockets after a partial
    /// write): until it comes, frames wait in the queue.
    var writeRequested = false
    /// The connection is on the server's list for the next deferred flush.
    var awaitsDeferredFlush = false
    /// The connection is on the server's list of direct writes at the end of this loop step.
    var awaitsDirectWrite = false
    var assembler: MessageAssembler
    private let maxQueuedBytes: Int
    /// A protocol violation being closed (the close code is sent from WRITEABLE).
    var pendingFailure: (reason: CloseReason, code: UInt16)?
    /// A close asked for by the owner, sent once the queue is flushed.
    var requestedClose: (code: UInt16, reason: String)?
    /// What ended the connection, when known before the socket closes.
    var closeReason: CloseReason?
    /// The close frame is libwebsockets' to send: it writes it, then reads and discards what the
    /// client still sends until the client's close arrives (RFC 6455 sections 7.1.1 and 7.1.7).
    var closeHandedOver = false
    /// The client's close frame arrived: nothing it sends afterwards is delivered (RFC 6455
    /// sections 1.4 and 5.5.1), and nothing more is queued.
    var peerSentClose = false
    /// libwebsockets is closing the connection on its own, on a framing error it found: its close
    /// frame goes out, and nothing more is delivered or queued.
    var libraryIsClosing = false
    /// The connection is being dropped without a close handshake (an expired wait, a failed
    /// write), or its close frame was written here; libwebsockets must not add one.
    var isBeingDropped = false
    /// Data arrived for this connection in the current loop step. libwebsockets may then hold a
    /// pong (or the echo of a close) for it, which it writes on the next WRITEABLE turn before
    /// calling back; frames queued in this step wait for that turn instead of overtaking it.
    var receivedThisStep = false
    /// When the last pong arrived (the connection's opening until then), to tell libwebsockets'
    /// idle hang-up apart from the errors it closes on.
    var lastPongAt = monotonicNanoseconds()

    init(
        id: UInt64, wsi: OpaquePointer, server: WebSocketServer, request: HTTPRequestInfo,
        subprotocol: String?
    ) {
        self.id = id
        self.wsi = wsi
        self.server = server
        self.path = request.path
        self.query = request.query
        self.peerAddress = request.peerAddress
        self.subprotocol = subprotocol
        self.assembler = MessageAssembler(limit: server.configuration.maxMessageSize)
        self.maxQueuedBytes = server.configuration.maxQueuedBytes
    }

    /// Queues a frame; it is written at the end of the server's current loop step, together
    /// with every frame queued for this connection during that step, straight to the socket when
    /// nothing is left over from an earlier write, otherwise as soon as the socket takes more. A
    /// frame with a coalescing key removes the frame with the same key still waiting here, if
    /// any, so a connection that falls behind gets only the latest of them. Exceeding the queue
    /// cap closes the connection with 1013 and reports `.slowConsumer`.
    ///
    /// A frame that `mayWait` is written by the server's next deferred flush, at most
    /// `deferredFrameDelay` later, unless a frame that may not wait is queued first.
    public func send(_ frame: OutboundFrame) {
        guard isOpen else { return }
        queue.append(frame)
        if queue.byteCount > maxQueuedBytes {
            queue.removeAll()
            fail(.slowConsumer, code: 1013, timeoutSeconds: 3)
            return
        }
        guard !writeRequested, !awaitsDirectWrite else { return }
        if !frame.mayWait {
            server.writeAtEndOfStep(self)
        } else if !awaitsDeferredFlush {
            awaitsDeferredFlush = true
            server.deferWrite(self)
        }
    }

    /// Asks libwebsockets for a WRITEABLE callback unless one is already on its way.
    func requestWrite() {
        guard let wsi, !writeRequested else { return }
        writeRequested = true
        lws_callback_on_writable(wsi)
    }

    /// Convenience: encodes and sends one text frame to this connection only.
    public func send(text: String) {
        send(OutboundFrame(text: text))
    }

    /// Closes after the queued frames are written, sending `code` (e.g. 1000, 1001, 4401, 4409).
    public func close(code: UInt16 = 1000, reason: String = "") {
        guard let wsi, isOpen else { return }
        requestedClose = (code, String(decoding: reason.utf8.prefix(100), as: UTF8.self))
        closeReason = closeReason ?? .closedByServer(code: code)
        dropUnlessHandedOver(after: closeGraceSeconds)
        lws_callback_on_writable(wsi)
    }

    /// How long a requested close may take to flush the queue.
    private var closeGraceSeconds: Int32 {
        Int32(max(2, Int(server.configuration.shutdownGracePeriod.rounded(.up)) + 1))
    }

    /// Closes with `code` as soon as possible, dropping queued data. Works while lws is
    /// inflating a compressed message too, where returning -1 from RECEIVE is not honoured.
    /// The wait for a WRITEABLE callback (a full socket may never give one) lasts
    /// `timeoutSeconds` at most, and once the close frame is on its way the wait for the client's
    /// close `closeAnswerSeconds`.
    func fail(_ reason: CloseReason, code: UInt16, timeoutSeconds: Int32 = 1) {
        guard let wsi, pendingFailure == nil else { return }
        pendingFailure = (reason, code)
        closeReason = reason
        queue.removeAll()
        setCloseFrame(wsi, code: code, reason: "")
        lws_callback_on_writable(wsi)
        dropUnlessHandedOver(after: timeoutSeconds)
    }

    /// Writes the queued frames straight from the send path, outside any libwebsockets
    /// callback, when nothing written earlier is still waiting for the socket; otherwise leaves
    /// them for the WRITEABLE callback. This saves the two `epoll_ctl` calls and the loop turn of
    /// asking for POLLOUT and dropping it again for every write.
    ///
    /// Why this is safe in libwebsockets 4.1.6 (lib/core-net/output.c, `lws_issue_raw`): a
    /// write outside WRITEABLE is only wrong while an earlier write is partly unsent
    /// (`wsi->buflist_out`, what `lws_partial_buffered` reports): lws would append the new bytes
    /// to that buffer and send from its head, so the order holds but the buffer grows without
    /// bound. With nothing buffered, lws hands the bytes to `send()` (at most `tx_packet_size` +
    /// LWS_PRE + 4 of them); if the kernel takes only part, or nothing (EAGAIN), lws copies the
    /// rest into `buflist_out`, asks for POLLOUT itself and reports the whole buffer as consumed,
    /// so the shared frame and batch buffers are free again when the call returns. The next
    /// POLLOUT drains that buffer before anything else, and the one after it calls WRITEABLE.
    /// `lws_send_pipe_choked` would tell the same as `lws_partial_buffered` plus a `poll()`
    /// call; a full socket is learnt instead from the write it refuses, at the cost of lws
    /// copying that one write. Frames queued behind a partial write wait here, counted against
    /// the queue cap, until WRITEABLE.
    func writeDirectly() {
        guard let wsi, !writeRequested, pendingFailure == nil, requestedClose == nil, closeReason == nil,
            !queue.isEmpty
        else { return }
        if receivedThisStep || lws_partial_buffered(wsi) != 0 {
            requestWrite()
            return
        }
        guard writeFrames(wsi, direct: true) else {
            // The socket failed (lws marked it unusable): close it on the next service turn.
            closeReason = .connectionLost
            queue.removeAll()
            dropNow(wsi)
            return
        }
        if !queue.isEmpty { requestWrite() }
    }

    /// Writes queued frames from WRITEABLE; returns false when the connection must close now.
    func writeQueued() -> Bool {
        writeRequested = false
        guard let wsi else { return false }
        guard !closeHandedOver else { return true }
        if let failure = pendingFailure {
            setCloseFrame(wsi, code: failure.code, reason: "")
            return handOverClose()
        }
        guard writeFrames(wsi, direct: false) else { return false }
        if !queue.isEmpty {
            requestWrite()
            return true
        }
        if let close = requestedClose {
            setCloseFrame(wsi, code: close.code, reason: close.reason)
            return handOverClose()
        }
        return true
    }

    /// Sets the code and reason of the close frame libwebsockets sends.
    func setCloseFrame(_ wsi: OpaquePointer, code: UInt16, reason: String) {
        var text = CloseReasonText.outgoing(code: code, reason: reason)
        text.withUnsafeMutableBufferPointer { buffer in
            lws_close_reason(wsi, lws_close_status(UInt32(code)), buffer.baseAddress, buffer.count)
        }
    }

    /// Lets libwebsockets send the close frame and wait for the client's close; returns false,
    /// the WRITEABLE answer that starts it. Later WRITEABLE callbacks write nothing, since
    /// answering one of them with -1 would drop the connection at once, before the client could
    /// read the close frame. A client that never answers is dropped after `closeAnswerSeconds`.
    private func handOverClose() -> Bool {
        closeHandedOver = true
        drop(after: Self.closeAnswerSeconds) { _ in true }
        return false
    }

    /// How long the server waits for the client's close once its own close frame is on its way:
    /// one round trip on any network the boards are used on, so that the server, which started the
    /// closing handshake, also closes the TCP connection first and promptly (RFC 6455 section 7.1.1).
    static let closeAnswerSeconds: Int32 = 1

    /// Drops the connection after `seconds` if its close frame is still waiting to be handed over.
    private func dropUnlessHandedOver(after seconds: Int32) {
        drop(after: seconds) { !$0.closeHandedOver }
    }

    /// Drops the connection after `seconds` when `stillDue` says so, without a close handshake
    /// and whatever libwebsockets still holds for it (only an expired timeout does that).
    ///
    /// The service loop's own timer counts the seconds: on the libev loop a libwebsockets timeout
    /// due sooner than the library's next timer is noticed only at that timer, or when the
    /// library next handles an event. The timeout is therefore set to expire at once, and the
    /// wake-up that follows is the event.
    private func drop(after seconds: Int32, if stillDue: @escaping (ServerConnection) -> Bool) {
        server.schedule(after: Double(seconds)) { [self] in
            guard let wsi, stillDue(self) else { return }
            dropNow(wsi)
        }
    }

    /// Drops the connection on the loop's next turn: a timeout that expires at once, and a
    /// wake-up for libwebsockets to notice it.
    func dropNow(_ wsi: OpaquePointer) {
        isBeingDropped = true
        lws_set_timeout(wsi, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_ASYNC)
        lws_cancel_service(lws_get_context(wsi))
    }
}

extension ServerConnection {
    /// Writes up to 32 times from the head of the queue, each write packing as many waiting
    /// frames as fit into one batch, and stops early once libwebsockets holds part of a write
    /// back (the socket is full; lws has asked for POLLOUT). Returns false when a write failed.
    func writeFrames(_ wsi: OpaquePointer, direct: Bool) -> Bool {
        let server = self.server
        let batch = server.frameBatch
        var writes = 0
        while let frame = queue.first, writes < 32 {
            let packed = batch.map(packBatch) ?? 0
            if packed > 1, let batch {
                if bs_write_raw(wsi, batch.pointer, batch.count) < 0 { return false }
                for _ in 0..<packed { queue.removeFirst() }
                server.packedFrameCount += packed
            } else {
                if bs_write_ws(wsi, frame.payloadPointer, frame.count, 0, 1, 1) < 0 { return false }
                queue.removeFirst()
            }
            writes += 1
            if lws_partial_buffered(wsi) != 0 {
                writeRequested = true
                break
            }
        }
        server.writeCounts.record(writes: writes, direct: direct)
        return true
    }

    /// Packs the frames at the head of the queue into `batch`, as many as fit; returns how many
    /// it packed (0 when fewer than two frames wait).
    private func packBatch(_ batch: FrameBatch) -> Int {
        guard queue.count > 1 else { return 0 }
        batch.reset()
        queue.forEachWaiting { batch.append($0) }
        return batch.frames
    }
}

extension ServerConnection: Hashable {
    public static func == (lhs: ServerConnection, rhs: ServerConnection) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
