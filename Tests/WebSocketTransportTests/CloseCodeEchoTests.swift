import Foundation
import ServerTransport
import Testing

@testable import WebSocketTransport

/// libwebsockets 4.1.6 clients turn 1012–1014 into 1002; the code travels in the reason too.
@Suite struct CloseCodeEchoTests {
    @Test func codesRegisteredAfterTheRFCLeadTheReason() {
        #expect(CloseReasonText.outgoing(code: 1013, reason: "") == Array("1013".utf8))
        #expect(CloseReasonText.outgoing(code: 1012, reason: "restart") == Array("1012 restart".utf8))
        #expect(CloseReasonText.outgoing(code: 1009, reason: "") == [])
        #expect(CloseReasonText.outgoing(code: 4409, reason: "replaced") == Array("replaced".utf8))
    }

    @Test func aProtocolErrorWithAnEchoedCodeIsThatCode() {
        #expect(CloseReasonText.receivedCode(reported: 1002, reason: "1013") == 1013)
        #expect(CloseReasonText.receivedCode(reported: 1002, reason: "1014 upstream") == 1014)
        #expect(CloseReasonText.receivedCode(reported: 1002, reason: "bad cont") == 1002)
        #expect(CloseReasonText.receivedCode(reported: 1002, reason: "1009") == 1002)
        #expect(CloseReasonText.receivedCode(reported: 1002, reason: "") == 1002)
        #expect(CloseReasonText.receivedCode(reported: 1000, reason: "1013") == 1000)
        #expect(CloseReasonText.receivedCode(reported: nil, reason: "1013") == nil)
    }

    /// Before the echo, this client reported every one of these closes as 1002.
    @Test(arguments: [(UInt16(1012), ""), (1013, ""), (1013, "try again later"), (1014, "bad gateway")])
    func theClientReportsTheCodeTheServerSent(code: UInt16, reason: String) throws {
        let (server, handler) = try startServer()
        defer { stopServer(server) }
        let client = try BlockingWebSocket(url: url(server))
        #expect(handler.log.wait { $0.opened == 1 })
        server.post { [server] in
            for connection in server.connections { connection.close(code: code, reason: reason) }
        }
        let closed = try client.waitForClose()
        #expect(closed.code == code)
        #expect(closed.reason == String(decoding: CloseReasonText.outgoing(code: code, reason: reason), as: UTF8.self))
        #expect(handler.log.wait { $0.closed == [.closedByServer(code: code)] })
    }
}
