import CWebSockets
import Glibc

/// How a connection ends when the client or libwebsockets starts the end, rather than the owner
/// (`close`) or the transport's own checks (`fail`). libwebsockets 4.1.6 answers a Close frame and
/// fails framing errors by itself; these are the places where the transport completes what it
/// does to RFC 6455's letter (docs/PROTOCOL.md, "RFC 6455 conformance").
extension ServerConnection {
    /// The client's close frame arrived with `body`, carrying `code` if any (libwebsockets'
    /// WS_PEER_INITIATED_CLOSE). Returns whether libwebsockets may echo it, which it does on its
    /// next writeable turn before closing the TCP connection. A body RFC 6455 forbids is answered
    /// here instead, with 1002 or 1007, and the TCP connection closes at once (the handshake is
    /// then complete); returning false tells libwebsockets to close without a close frame of its
    /// own.
    func closeReceived(_ body: UnsafeRawBufferPointer, code: UInt16?) -> Bool {
        peerSentClose = true
        guard let wsi else { return true }
        let handing = closeHandedOver || pendingFailure != nil
        if let failure = ReceivedCloseFrame.violation(body) {
            closeReason = closeReason ?? (failure == 1007 ? .invalidUTF8 : .protocolError)
            // With a close of the server's already set, libwebsockets sends that one.
            if !handing && lws_get_close_length(wsi) == 0 {
                writeRaw(wsi, ReceivedCloseFrame.frame(code: failure, reason: "invalid close frame"))
                isBeingDropped = true
            }
            return false
        }
        closeReason = closeReason ?? .clientClosed(code: code)
        if !handing { flushBeforeLibraryClose(wsi) }
        return true
    }

    /// A pong arrived (libwebsockets' RECEIVE_PONG).
    func pongReceived() {
        lastPongAt = monotonicNanoseconds()
    }

    /// libwebsockets is about to close the connection (its WS_SERVER_DROP_PROTOCOL callback,
    /// which comes before it decides whether to send a close frame). When the close is none of
    /// the transport's, the client's, or a drop, libwebsockets found a framing error: a reserved
    /// bit or opcode, a continuation without a start, a fragmented or oversized control frame.
    /// For some of these (a control frame longer than 125 bytes, a length with its top bit set)
    /// it sets no close code and would close the TCP connection without a close frame; the
    /// connection gets 1002 then (RFC 6455 section 7.1.7: the endpoint SHOULD send a Close frame
    /// before closing). The frames queued before go first.
    ///
    /// The library's parser stops mid-frame at the error, so what the client sends next is
    /// garbage to it: a second error, found before the close frame is written (bytes arriving
    /// one by one do that), would close the connection without it. Reading stops here, and the
    /// TCP connection is closed `closeAnswerSeconds` later (plus up to `closeSpreadSeconds`,
    /// so that many connections failed at once are not all closed in one loop turn), the
    /// client's close being unreadable anyway; what the client sent meanwhile is read and
    /// discarded first, so that the connection ends with a FIN rather than a reset.
    func libraryWillClose() {
        guard let wsi, !peerSentClose, !closeHandedOver, !isBeingDropped, pendingFailure == nil,
            !server.isShuttingDown
        else { return }
        if lws_get_close_length(wsi) == 0 {
            guard peerIsStillConnected(wsi), !isIdleHangUp else {
                closeReason = closeReason ?? .connectionLost
                return
            }
            setCloseFrame(wsi, code: 1002, reason: "protocol error")
        }
        libraryIsClosing = true
        closeReason = closeReason ?? .protocolError
        lws_rx_flow_control(wsi, 0)
        flushBeforeLibraryClose(wsi)
        let spread = Self.closeSpreadSeconds * Double(id % 8) / 8
        server.schedule(after: Double(Self.closeAnswerSeconds) + spread) { [self] in
            guard let wsi = self.wsi else { return }
            discardUnread(wsi)
            dropNow(wsi)
        }
    }

    /// The spread of the closes of connections that libwebsockets failed.
    static let closeSpreadSeconds = 0.4

    /// Writes what waits in the queue now, before libwebsockets' close frame: a message the
    /// client sent before its close, or before a framing error, is answered first (RFC 6455
    /// section 5.5.1 lets an endpoint finish sending before its Close frame). What the socket
    /// does not take at once is dropped with the connection.
    private func flushBeforeLibraryClose(_ wsi: OpaquePointer) {
        if !queue.isEmpty, !writeFrames(wsi, direct: true) { isBeingDropped = true }
        queue.removeAll()
    }

    /// Reads and discards what waits in the socket (at most 256 KiB), which libwebsockets no
    /// longer reads.
    private func discardUnread(_ wsi: OpaquePointer) {
        var scratch = [UInt8](repeating: 0, count: 4096)
        let descriptor = lws_get_socket_fd(wsi)
        for _ in 0..<64 where recv(descriptor, &scratch, scratch.count, Int32(MSG_DONTWAIT)) > 0 {}
    }

    /// Whether the client's side of the TCP connection is still open: libwebsockets also closes
    /// when the client closed it or reset it, and then there is nobody to send a close frame to.
    private func peerIsStillConnected(_ wsi: OpaquePointer) -> Bool {
        var byte: UInt8 = 0
        let read = recv(lws_get_socket_fd(wsi), &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        return read > 0 || (read < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
    }

    /// Whether libwebsockets is hanging up because no pong came for the idle time-out: the client
    /// is silent, not wrong.
    private var isIdleHangUp: Bool {
        let idle = server.configuration.idleTimeoutSeconds
        guard idle > 0 else { return false }
        return monotonicNanoseconds() - lastPongAt >= UInt64(max(1, idle - 1)) * 1_000_000_000
    }

    /// Writes complete frame bytes outside libwebsockets' framing.
    private func writeRaw(_ wsi: OpaquePointer, _ bytes: [UInt8]) {
        let headroom = bs_lws_pre()
        var buffer = [UInt8](repeating: 0, count: headroom + bytes.count)
        buffer.withUnsafeMutableBufferPointer { storage in
            let payload = storage.baseAddress! + headroom
            payload.update(from: bytes, count: bytes.count)
            _ = bs_write_raw(wsi, payload, bytes.count)
        }
    }
}
