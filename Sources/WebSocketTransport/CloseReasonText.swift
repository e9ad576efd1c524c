/// Carries a close code past libwebsockets 4.1.6 clients, which report the codes registered
/// after RFC 6455 (1012 service restart, 1013 try again later, 1014 bad gateway) as 1002
/// protocol error: their parser overwrites the code before any callback sees the frame.
///
/// A close with one of these codes repeats the code in decimal at the start of its reason text
/// ("1013" or "1013 why"); a client that reads 1002 with such a reason reports the code the
/// server sent. Other clients see the right code and an informative reason.
enum CloseReasonText {
    /// The codes libwebsockets 4.1.6 clients turn into 1002.
    static let codesReportedAsProtocolError: ClosedRange<UInt16> = 1012...1014

    /// The reason bytes to send with `code`.
    static func outgoing(code: UInt16, reason: String) -> [UInt8] {
        guard codesReportedAsProtocolError.contains(code) else { return Array(reason.utf8) }
        return Array((reason.isEmpty ? "\(code)" : "\(code) \(reason)").utf8)
    }

    /// The code the server sent, given what libwebsockets reported and the frame's reason.
    static func receivedCode(reported: UInt16?, reason: String) -> UInt16? {
        guard reported == 1002, let echoed = UInt16(reason.prefix { $0 != " " }),
            codesReportedAsProtocolError.contains(echoed)
        else { return reported }
        return echoed
    }
}
