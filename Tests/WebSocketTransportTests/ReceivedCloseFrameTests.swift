import Testing

@testable import WebSocketTransport

/// The checks of a client's Close frame body that libwebsockets 4.1.6 leaves to the server.
@Suite struct ReceivedCloseFrameTests {
    private func violation(_ body: [UInt8]) -> UInt16? {
        body.withUnsafeBytes { ReceivedCloseFrame.violation($0) }
    }

    @Test func validBodiesAreEchoed() {
        #expect(violation([]) == nil)
        #expect(violation([0x03, 0xE8]) == nil)
        #expect(violation([0x0F, 0xA0] + Array("bye, κόσμε".utf8)) == nil)
        #expect(violation([0x13, 0x87]) == nil)  // 4999, the last private code
    }

    @Test func aBodyThatCannotHoldACodeOrCarriesAnUndefinedOneIs1002() {
        #expect(violation([0x61]) == 1002)
        #expect(violation([0x13, 0x88]) == 1002)  // 5000
        #expect(violation([0xFF, 0xFF]) == 1002)
    }

    @Test func aReasonThatIsNotUTF8Is1007() {
        #expect(violation([0x03, 0xE8, 0xED, 0xA0, 0x80]) == 1007)  // a UTF-16 surrogate
        #expect(violation([0x03, 0xE8, 0xCE]) == 1007)  // a truncated sequence
        #expect(violation([0x03, 0xE8, 0xC0, 0xAF]) == 1007)  // an overlong form
    }

    @Test func theFrameTheServerWritesIsAnUnmaskedCloseWithItsCodeAndReason() {
        #expect(ReceivedCloseFrame.frame(code: 1007, reason: "bad") == [0x88, 5, 0x03, 0xEF] + Array("bad".utf8))
        let long = ReceivedCloseFrame.frame(code: 1002, reason: String(repeating: "x", count: 200))
        #expect(long.count == 2 + 125 && long[1] == 125)
    }
}
