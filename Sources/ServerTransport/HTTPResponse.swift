/// A complete plain-HTTP response chosen by the server's handler.
public struct HTTPResponse: Sendable, Equatable {
    public var status: Int
    public var contentType: String
    public var body: [UInt8]
    /// Further header fields, in order, after `content-type` and `content-length`.
    public var headers: [HTTPHeader] = []

    public init(status: Int, contentType: String = "text/plain; charset=utf-8", body: [UInt8] = []) {
        self.status = status
        self.contentType = contentType
        self.body = body
    }

    public init(status: Int, contentType: String = "text/plain; charset=utf-8", text: String) {
        self.init(status: status, contentType: contentType, body: Array(text.utf8))
    }

    /// `404 Not Found` with a short text body.
    public static let notFound = HTTPResponse(status: 404, text: "not found\n")
    /// `413 Payload Too Large`: a request body above the server's limit.
    public static let payloadTooLarge = HTTPResponse(status: 413, text: "request body too large\n")
    /// `405 Method Not Allowed` with a short text body.
    public static let methodNotAllowed = HTTPResponse(status: 405, text: "method not allowed\n")

    /// Standard reason phrase for the status line.
    public static func reasonPhrase(for status: Int) -> String {
        switch status {
        case 200: "OK"
        case 204: "No Content"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 409: "Conflict"
        case 413: "Payload Too Large"
        case 415: "Unsupported Media Type"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        default: "Status \(status)"
        }
    }

    /// The full HTTP/1.1 message, head and body, for a transport that writes it by hand.
    package func serialized(closeConnection: Bool) -> [UInt8] {
        var head = "HTTP/1.1 \(status) \(Self.reasonPhrase(for: status))\r\n"
        head += "content-type: \(contentType)\r\n"
        head += "content-length: \(body.count)\r\n"
        for header in headers { head += "\(header.name): \(header.value)\r\n" }
        if closeConnection { head += "connection: close\r\n" }
        head += "\r\n"
        return Array(head.utf8) + body
    }
}

/// One header field of a response: a lowercase name without the colon, and its value.
public struct HTTPHeader: Sendable, Equatable {
    public var name: String
    public var value: String

    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}
