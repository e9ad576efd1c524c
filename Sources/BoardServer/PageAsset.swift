import ServerTransport

/// One file of the browser page, held in memory as the server built it in: its bytes, its
/// content type and its entity tag. Answers a GET with the headers section 8 asks for: a
/// `304 Not Modified` when the request's `If-None-Match` names its tag, the page's
/// Content-Security-Policy, and `Cache-Control: no-cache` (a cache keeps it but asks again each
/// time, so a server upgrade reaches every page at its next load).
struct PageAsset: Sendable {
    let bytes: [UInt8]
    let contentType: String
    /// A strong tag: FNV-1a (64 bits) of the bytes, quoted.
    let etag: String

    init(bytes: [UInt8], contentType: String) {
        self.bytes = bytes
        self.contentType = contentType
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        etag = "\"" + String(repeating: "0", count: 16 - digits.count) + digits + "\""
    }

    /// Nothing but this server's own origin: scripts only from its files (no inline script) and
    /// the compiling of WebAssembly, styles, images, and connections (the WebSocket included)
    /// to the same host and port; no plugins, no frames, no form posts elsewhere.
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self'; "
        + "connect-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

    /// The answer to a GET or HEAD with status `status` (200, or a refusal that still shows the
    /// page, which then explains it): 304 when `ifNoneMatch` names this tag and the status is 200.
    func response(status: Int = 200, ifNoneMatch: String?) -> HTTPResponse {
        var response: HTTPResponse
        if status == 200, let ifNoneMatch, Self.matches(ifNoneMatch, etag) {
            response = HTTPResponse(status: 304, contentType: contentType)
        } else {
            response = HTTPResponse(status: status, contentType: contentType, body: bytes)
        }
        response.headers = [
            HTTPHeader("etag", etag),
            HTTPHeader("cache-control", "no-cache"),
            HTTPHeader("content-security-policy", Self.contentSecurityPolicy),
            HTTPHeader("x-content-type-options", "nosniff"),
            HTTPHeader("referrer-policy", "no-referrer"),
        ]
        return response
    }

    /// Whether an `If-None-Match` value (`*`, or a list of tags, weak ones marked `W/`) names
    /// `etag`; the weak comparison of RFC 9110, as a GET uses it.
    static func matches(_ ifNoneMatch: String, _ etag: String) -> Bool {
        for candidate in ifNoneMatch.split(separator: ",") {
            var tag = Self.trimmed(candidate)
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag.removeFirst(2) }
            if tag == etag { return true }
        }
        return false
    }

    private static func trimmed(_ text: Substring) -> String {
        var text = text
        while text.first == " " || text.first == "\t" { text.removeFirst() }
        while text.last == " " || text.last == "\t" { text.removeLast() }
        return String(text)
    }
}
