import CWebSockets
import ServerTransport

/// The libwebsockets protocol callback of every server context.
func serverProtocolCallback(
    _ wsi: OpaquePointer?, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?,
    _ input: UnsafeMutableRawPointer?, _ length: Int
) -> Int32 {
    guard let wsi, let contextUser = lws_context_user(lws_get_context(wsi)) else {
        return lws_callback_http_dummy(wsi, reason, user, input, length)
    }
    let server = Unmanaged<WebSocketServer>.fromOpaque(contextUser).takeUnretainedValue()
    return server.handleCallback(wsi, reason, user, input, length)
}

extension WebSocketServer {
    fileprivate func handleCallback(
        _ wsi: OpaquePointer, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?,
        _ input: UnsafeMutableRawPointer?, _ length: Int
    ) -> Int32 {
        switch reason {
        case LWS_CALLBACK_HTTP:
            return answerHTTP(wsi)
        case LWS_CALLBACK_HTTP_WRITEABLE:
            if let response = readyResponses.removeValue(forKey: wsi) {
                return writeResponse(wsi, response, head: false)
            }
            return writeHTTPBody(wsi)
        case LWS_CALLBACK_HTTP_BODY:
            return receivePostBody(wsi, UnsafeRawBufferPointer(start: input, count: input == nil ? 0 : length))
        case LWS_CALLBACK_HTTP_BODY_COMPLETION:
            return completePost(wsi)
        case LWS_CALLBACK_HTTP_CONFIRM_UPGRADE:
            return confirmUpgrade(wsi, input)
        case LWS_CALLBACK_ESTABLISHED:
            guard let user, let registered = register(wsi: wsi) else { return -1 }
            let connection = registered.connection
            user.storeBytes(of: Unmanaged.passRetained(connection).toOpaque(), as: UnsafeMutableRawPointer?.self)
            registered.open(connection)
            return 0
        case LWS_CALLBACK_RECEIVE:
            guard let connection = Self.connection(user) else { return -1 }
            receive(connection, wsi, input, length)
            return 0
        case LWS_CALLBACK_SERVER_WRITEABLE:
            guard let connection = Self.connection(user) else { return -1 }
            return connection.writeQueued() ? 0 : -1
        case LWS_CALLBACK_WS_PEER_INITIATED_CLOSE:
            guard let connection = Self.connection(user) else { return 0 }
            let body = UnsafeRawBufferPointer(start: input, count: input == nil ? 0 : length)
            return connection.closeReceived(body, code: closeCode(input, length)) ? 0 : -1
        case LWS_CALLBACK_RECEIVE_PONG:
            Self.connection(user)?.pongReceived()
            return 0
        case LWS_CALLBACK_WS_SERVER_DROP_PROTOCOL:
            Self.connection(user)?.libraryWillClose()
            return lws_callback_http_dummy(wsi, reason, user, input, length)
        case LWS_CALLBACK_CLOSED:
            guard let user, let stored = user.load(as: UnsafeMutableRawPointer?.self) else { return 0 }
            user.storeBytes(of: nil, as: UnsafeMutableRawPointer?.self)
            let connection = Unmanaged<ServerConnection>.fromOpaque(stored).takeRetainedValue()
            unregister(connection)
            let why = connection.closeReason ?? (isShuttingDown ? .serverShutdown : .connectionLost)
            handler.connectionClosed(connection, reason: why)
            return 0
        case LWS_CALLBACK_WSI_DESTROY:
            pendingUpgrades.removeValue(forKey: wsi)
            pendingHTTPBodies.removeValue(forKey: wsi)
            pendingPosts.removeValue(forKey: wsi)
            readyResponses.removeValue(forKey: wsi)
            return lws_callback_http_dummy(wsi, reason, user, input, length)
        default:
            return lws_callback_http_dummy(wsi, reason, user, input, length)
        }
    }

    private static func connection(_ user: UnsafeMutableRawPointer?) -> ServerConnection? {
        guard let stored = user?.load(as: UnsafeMutableRawPointer?.self) else { return nil }
        return Unmanaged<ServerConnection>.fromOpaque(stored).takeUnretainedValue()
    }

    private func receive(
        _ connection: ServerConnection, _ wsi: OpaquePointer, _ input: UnsafeMutableRawPointer?, _ length: Int
    ) {
        // After a violation lws may keep delivering (e.g. while inflating), and it delivers data
        // frames that follow the client's close frame in the same read: ignore them, and
        // everything once the server's close frame is on its way (RFC 6455 sections 1.4, 5.5.1).
        guard connection.pendingFailure == nil, !connection.closeHandedOver, !connection.peerSentClose,
            !connection.libraryIsClosing, connection.wsi != nil
        else { return }
        noteReceived(connection)
        if lws_frame_is_binary(wsi) != 0 {
            connection.fail(.binary, code: 1003)
            return
        }
        let chunk = UnsafeRawBufferPointer(start: input, count: input == nil ? 0 : length)
        switch connection.assembler.append(chunk, isFinal: lws_is_final_fragment(wsi) != 0) {
        case .needMore:
            break
        case .tooLarge:
            connection.fail(.tooLarge, code: 1009)
        case .complete(let message):
            guard isValidUTF8(message) else {
                connection.fail(.invalidUTF8, code: 1007)
                return
            }
            receivedThisTurn = true
            handler.textReceived(connection, message)
        }
    }

    private func confirmUpgrade(_ wsi: OpaquePointer, _ input: UnsafeMutableRawPointer?) -> Int32 {
        let target = input.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? ""
        let request = RequestReader.request(wsi)
        guard target.lowercased() == "websocket" else {
            return refuse(wsi, HTTPResponse(status: 400, text: "unsupported upgrade\n"))
        }
        let offered = request.offeredSubprotocols
        if !offered.isEmpty && !offered.contains(configuration.subprotocol) {
            return refuse(wsi, HTTPResponse(status: 400, text: "unsupported subprotocol\n"))
        }
        if isShuttingDown {
            return refuse(wsi, HTTPResponse(status: 503, text: "shutting down\n"))
        }
        switch admit(request) {
        case .accept(let open):
            if lws_hdr_total_length(wsi, WSI_TOKEN_EXTENSIONS) > ExtensionOffers.longestReadable {
                return refuse(wsi, HTTPResponse(status: 400, text: ExtensionOffers.refusal))
            }
            let subprotocol = offered.isEmpty ? nil : configuration.subprotocol
            pendingUpgrades[wsi] = (request, subprotocol, open)
            return 0
        case .refuse(let status, let body):
            return refuse(wsi, HTTPResponse(status: status, text: body))
        }
    }

    /// Writes a complete HTTP/1.1 response by hand and asks lws to close (lws_return_http_status
    /// would answer HTTP/1.0 at this stage): refusals, and the answers to POST and DELETE.
    private func refuse(_ wsi: OpaquePointer, _ response: HTTPResponse) -> Int32 {
        writeRaw(wsi, response.serialized(closeConnection: true), final: true)
        return -1
    }

    private func writeRaw(_ wsi: OpaquePointer, _ bytes: [UInt8], final: Bool) {
        let headroom = bs_lws_pre()
        var buffer = [UInt8](repeating: 0, count: headroom + bytes.count)
        buffer.withUnsafeMutableBufferPointer { storage in
            let payload = storage.baseAddress! + headroom
            payload.update(from: bytes, count: bytes.count)
            _ = bs_write_http(wsi, payload, bytes.count, final ? 1 : 0)
        }
    }

    private func answerHTTP(_ wsi: OpaquePointer) -> Int32 {
        let request = RequestReader.request(wsi)
        if request.method == "POST" { return beginPost(wsi, request) }
        guard ["GET", "HEAD", "DELETE"].contains(request.method) else {
            return refuse(wsi, .methodNotAllowed)
        }
        if request.method == "DELETE" {
            // A DELETE's body is not read: its whole answer goes at once and the connection closes.
            return refuse(wsi, handler.httpRequest(request))
        }
        return writeResponse(wsi, handler.httpRequest(request), head: request.method == "HEAD")
    }

    /// A POST: refused at once with 413 when its `Content-Length` says it is too long, else its
    /// body is gathered (`receivePostBody`) before the handler sees it.
    private func beginPost(_ wsi: OpaquePointer, _ request: HTTPRequestInfo) -> Int32 {
        let declared = RequestReader.header(wsi, WSI_TOKEN_HTTP_CONTENT_LENGTH).flatMap { Int($0) } ?? 0
        guard declared <= configuration.maxRequestBodyBytes else { return refuse(wsi, .payloadTooLarge) }
        pendingPosts[wsi] = PendingPost(number: nextPostNumber, request: request)
        nextPostNumber += 1
        guard declared > 0 else { return completePost(wsi) }
        return 0
    }

    private func receivePostBody(_ wsi: OpaquePointer, _ chunk: UnsafeRawBufferPointer) -> Int32 {
        guard var post = pendingPosts[wsi], !post.complete else { return 0 }
        guard post.body.count + chunk.count <= configuration.maxRequestBodyBytes else {
            pendingPosts.removeValue(forKey: wsi)
            return refuse(wsi, .payloadTooLarge)
        }
        pendingPosts[wsi] = nil
        post.body.append(contentsOf: chunk)
        pendingPosts[wsi] = post
        return 0
    }

    /// The whole body arrived: the handler answers now or later; the answer is written once the
    /// connection is writeable, if the request's connection is still there.
    private func completePost(_ wsi: OpaquePointer) -> Int32 {
        guard var post = pendingPosts[wsi], !post.complete else { return 0 }
        post.complete = true
        pendingPosts[wsi] = post
        let number = post.number
        handler.httpPost(post.request, body: post.body) { [weak self] response in
            guard let self, self.pendingPosts[wsi]?.number == number else { return }
            self.pendingPosts.removeValue(forKey: wsi)
            self.readyResponses[wsi] = response
            lws_callback_on_writable(wsi)
        }
        return 0
    }

    /// Writes the head of `response`, then its body once the connection is writeable (none
    /// when `head`).
    private func writeResponse(_ wsi: OpaquePointer, _ response: HTTPResponse, head: Bool) -> Int32 {
        let body = head ? [] : response.body

        let headroom = bs_lws_pre()
        let headerBytes = response.headers.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count + 4 }
        var head = [UInt8](repeating: 0, count: headroom + 1024 + response.contentType.utf8.count + headerBytes)
        let failed = head.withUnsafeMutableBufferPointer { storage -> Bool in
            let start = storage.baseAddress! + headroom
            let end = storage.baseAddress! + storage.count
            var cursor: UnsafeMutablePointer<UInt8>? = start
            if lws_add_http_common_headers(
                wsi, UInt32(response.status), response.contentType, lws_filepos_t(response.body.count),
                &cursor, end) != 0
            {
                return true
            }
            for header in response.headers {
                let name = Array((header.name + ":").utf8) + [0]
                let value = Array(header.value.utf8)
                if lws_add_http_header_by_name(wsi, name, value, Int32(value.count), &cursor, end) != 0 {
                    return true
                }
            }
            return lws_finalize_write_http_header(wsi, start, &cursor, end) != 0
        }
        if failed { return -1 }
        if body.isEmpty {
            return lws_http_transaction_completed(wsi) != 0 ? -1 : 0
        }
        pendingHTTPBodies[wsi] = body
        lws_callback_on_writable(wsi)
        return 0
    }

    private func writeHTTPBody(_ wsi: OpaquePointer) -> Int32 {
        guard let body = pendingHTTPBodies.removeValue(forKey: wsi) else { return 0 }
        writeRaw(wsi, body, final: true)
        return lws_http_transaction_completed(wsi) != 0 ? -1 : 0
    }
}

/// The status code carried by a close frame payload, if any.
func closeCode(_ input: UnsafeMutableRawPointer?, _ length: Int) -> UInt16? {
    guard let input, length >= 2 else { return nil }
    let bytes = input.assumingMemoryBound(to: UInt8.self)
    return UInt16(bytes[0]) << 8 | UInt16(bytes[1])
}

/// The reason text carried by a close frame payload.
func closeReasonText(_ input: UnsafeMutableRawPointer?, _ length: Int) -> String {
    guard let input, length > 2 else { return "" }
    let bytes = UnsafeRawBufferPointer(start: input + 2, count: length - 2)
    return String(decoding: bytes, as: UTF8.self)
}
