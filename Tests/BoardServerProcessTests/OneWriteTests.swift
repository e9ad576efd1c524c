import BoardSync
import Foundation
import TestSupport
import Testing

/// What only a real socket shows about the error codes: messages of one write arrive in one
/// event-loop turn.
@Suite("one write, one turn")
struct OneWriteTests {
    /// Two submits in ONE write reach the server in the same event-loop turn, before the first
    /// is answered: the second is refused with `in_flight`, deterministically.
    @Test func secondSubmitInTheSameWriteIsInFlight() throws {
        let server = try ServerProcess()
        defer { server.finish() }
        let raw = try RawWebSocket(port: server.port, path: "/boards/inflight")
        try raw.send(.hello(.init(client: "raw1", user: "raw")))
        #expect(try raw.receiveMessage().welcomeValue != nil)
        try raw.sendTogether([
            WireCodec.encode(.submit(.init(seq: 1, base: 0, op: Ops.insert("one")))),
            WireCodec.encode(.submit(.init(seq: 2, base: 0, op: Ops.insert("two")))),
        ])
        let answers = [try raw.receiveMessage(), try raw.receiveMessage()]
        #expect(answers.contains(.ack(.init(seq: 1, version: 1, op: Ops.insert("one")))), "\(answers)")
        #expect(answers.contains { $0.errorValue?.code == .inFlight && $0.errorValue?.seq == 2 }, "\(answers)")
        try raw.send(.submit(.init(seq: 2, base: 1, op: Ops.insert("two"))))
        #expect(try raw.receiveMessage() == .ack(.init(seq: 2, version: 2, op: Ops.insert("two"))))
    }
}
