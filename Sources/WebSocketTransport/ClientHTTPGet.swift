import CWebSockets

/// What a plain HTTP GET answered: the status and the whole body.
public struct HTTPGetResponse: Sendable, Equatable {
    public var status: Int
    public var body: [UInt8]

    public init(status: Int, body: [UInt8]) {
        self.status = status
        self.body = body
    }
}

/// One plain HTTP request on a `ClientContext` (`ClientContext.get`): a GET, or a `DELETE` or
/// `POST` without a body, sent with the same TLS settings and certificate checks as the
/// context's WebSocket connections. Its completion runs once, on the context's service thread;
/// `cancel` may be called from any thread.
public final class ClientHTTPGet: @unchecked Sendable {
    /// The server (host, port, TLS) and the path and query asked for.
    public let url: WebSocketURL
    /// `GET`, `DELETE` or `POST`.
    let method: String
    let headers: [String: String]
    let allowsInsecureTLS: Bool
    let maxBodySize: Int
    unowned let context: ClientContext
    private let completion: @Sendable (Result<HTTPGetResponse, ClientConnectError>) -> Void

    // Service-thread state.
    var wsi: OpaquePointer?
    var status = 0
    var body: [UInt8] = []
    var untrustedCertificate = false
    private(set) var isFinished = false

    init(
        url: WebSocketURL, method: String, headers: [String: String], allowsInsecureTLS: Bool, maxBodySize: Int,
        context: ClientContext, completion: @escaping @Sendable (Result<HTTPGetResponse, ClientConnectError>) -> Void
    ) {
        self.url = url
        self.method = method
        self.headers = headers
        self.allowsInsecureTLS = allowsInsecureTLS
        self.maxBodySize = maxBodySize
        self.context = context
        self.completion = completion
    }

    /// Gives up: the completion gets `.timedOut` (unless it already ran) and the socket is closed.
    public func cancel() {
        context.post { [self] in
            finish(.failure(.timedOut))
            if let wsi { lws_set_timeout(wsi, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_ASYNC) }
        }
    }

    /// Runs the completion the first time only (service thread).
    func finish(_ result: Result<HTTPGetResponse, ClientConnectError>) {
        guard !isFinished else { return }
        isFinished = true
        completion(result)
    }

    /// One libwebsockets callback of this request (service thread; see `clientProtocolCallback`).
    func handle(
        _ wsi: OpaquePointer, _ reason: lws_callback_reasons, _ input: UnsafeMutableRawPointer?, _ length: Int
    ) -> Int32 {
        switch reason {
        case LWS_CALLBACK_OPENSSL_PERFORM_SERVER_CERT_VERIFICATION:
            if length == 0 { untrustedCertificate = true }
            return 0
        case LWS_CALLBACK_CLIENT_APPEND_HANDSHAKE_HEADER:
            return ClientHeaders.append(headers, wsi: wsi, input: input, length: length)
        case LWS_CALLBACK_ESTABLISHED_CLIENT_HTTP:
            self.wsi = wsi
            status = Int(lws_http_client_http_response(wsi))
            return 0
        case LWS_CALLBACK_RECEIVE_CLIENT_HTTP:
            return readBody(wsi)
        case LWS_CALLBACK_RECEIVE_CLIENT_HTTP_READ:
            guard let input, length > 0 else { return 0 }
            guard body.count + length <= maxBodySize else {
                finish(.failure(.failed("the answer is larger than \(maxBodySize) bytes")))
                return -1
            }
            body.append(contentsOf: UnsafeRawBufferPointer(start: input, count: length))
            return 0
        case LWS_CALLBACK_COMPLETED_CLIENT_HTTP:
            finish(.success(HTTPGetResponse(status: status, body: body)))
            return 0
        case LWS_CALLBACK_CLIENT_CONNECTION_ERROR:
            let answered = Int(lws_http_client_http_response(wsi))
            let message = input.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? "connection failed"
            if untrustedCertificate {
                finish(.failure(.untrustedCertificate))
            } else if answered > 0 {
                finish(.success(HTTPGetResponse(status: answered, body: body)))
            } else {
                finish(.failure(.failed(message)))
            }
            return 0
        case LWS_CALLBACK_CLOSED_CLIENT_HTTP, LWS_CALLBACK_WSI_DESTROY:
            finish(.failure(.failed("the connection closed before the answer was complete")))
            if reason == LWS_CALLBACK_WSI_DESTROY { context.httpGetEnded(self) }
            return 0
        default:
            return lws_callback_http_dummy(wsi, reason, nil, input, length)
        }
    }

    /// Hands the waiting body bytes to `RECEIVE_CLIENT_HTTP_READ`, which libwebsockets calls
    /// from inside `lws_http_client_read` (once per chunk of a chunked answer).
    private func readBody(_ wsi: OpaquePointer) -> Int32 {
        let headroom = Int(bs_lws_pre())
        var buffer = [CChar](repeating: 0, count: headroom + 4_096)
        return buffer.withUnsafeMutableBufferPointer { storage in
            var start: UnsafeMutablePointer<CChar>? = storage.baseAddress! + headroom
            var length = Int32(storage.count - headroom)
            return lws_http_client_read(wsi, &start, &length) < 0 ? -1 : 0
        }
    }
}

/// The request headers a client adds in `CLIENT_APPEND_HANDSHAKE_HEADER`, for WebSocket
/// upgrades and plain GETs alike.
enum ClientHeaders {
    static func append(
        _ headers: [String: String], wsi: OpaquePointer, input: UnsafeMutableRawPointer?, length: Int
    ) -> Int32 {
        guard let input else { return 0 }
        let cursor = input.assumingMemoryBound(to: UnsafeMutablePointer<UInt8>?.self)
        guard let start = cursor.pointee else { return 0 }
        let end = start + length
        for (name, value) in headers {
            let field = name.hasSuffix(":") ? name : name + ":"
            if lws_add_http_header_by_name(wsi, field, value, Int32(value.utf8.count), cursor, end) != 0 {
                return -1
            }
        }
        return 0
    }
}
