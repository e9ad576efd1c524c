/// What RFC 6455 requires of the body of a Close frame a client sends, beyond what
/// libwebsockets 4.1.6 checks.
///
/// libwebsockets replaces the reserved close codes below 3000 with 1002 before the server sees
/// the frame (lib/roles/ws/ops-ws.c, `lws_ws_rx_sm`), but echoes every body otherwise: a body of
/// one byte, which cannot hold a code (section 5.5.1: "If there is a body, the first two bytes
/// of the body MUST be a 2-byte unsigned integer"), a code of 5000 or more, which no range of
/// section 7.4.2 defines, and a reason that is not UTF-8 (section 5.5.1: the body "MAY contain
/// UTF-8-encoded data") would go back to the client as they came. All three are the client's
/// protocol errors, to be failed instead (section 7.1.7).
enum ReceivedCloseFrame {
    /// The code to fail the connection with for `body`, or nil when the body is valid.
    static func violation(_ body: UnsafeRawBufferPointer) -> UInt16? {
        if body.count == 1 { return 1002 }
        if body.count >= 2, UInt16(body[0]) << 8 | UInt16(body[1]) >= 5000 { return 1002 }
        if body.count > 2, !isValidUTF8(UnsafeRawBufferPointer(rebasing: body[2...])) { return 1007 }
        return nil
    }

    /// A complete, unmasked Close frame with `code` and a short `reason` (at most 123 bytes).
    static func frame(code: UInt16, reason: String) -> [UInt8] {
        let text = Array(reason.utf8.prefix(123))
        return [0x88, UInt8(2 + text.count), UInt8(code >> 8), UInt8(code & 0xFF)] + text
    }
}
