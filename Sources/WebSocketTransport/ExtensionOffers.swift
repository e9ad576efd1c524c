/// The longest `Sec-WebSocket-Extensions` header libwebsockets 4.1.6 can answer.
///
/// Its server handshake walks the header's value in its service buffer and gives up once it is
/// 255 bytes in (lib/roles/ws/server-ws.c, `lws_extension_server_handshake`: `if (c >=
/// (char *)pt->serv_buf + 255) return -1;`), whether or not the server offers any extension;
/// the handshake then fails and the connection closes with no HTTP answer at all. The header
/// lives in the library's own header table, which no public call can change, so such an upgrade
/// is refused here with a plain HTTP/1.1 400 that says why (RFC 6455 section 4.2.2 lets a server
/// refuse a handshake with an HTTP error) instead of silence (docs/PROTOCOL.md, "RFC 6455
/// conformance").
enum ExtensionOffers {
    /// Bytes of header value the library reads.
    static let longestReadable: Int32 = 254

    /// The body of the refusal.
    static let refusal =
        "The Sec-WebSocket-Extensions header is too long: this server reads at most 254 bytes of it.\n"
}
