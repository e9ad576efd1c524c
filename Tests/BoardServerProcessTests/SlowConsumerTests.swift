import BoardSync
import Foundation
import TestSupport
import Testing

/// A client that stops reading is closed (1013) once the server holds too much for it, while
/// everyone else keeps receiving every op.
@Suite("slow consumer")
struct SlowConsumerTests {
    /// The slow client is a raw socket with a tiny receive buffer that never reads until the
    /// end, so the server's queue for it fills after a few large ops; it then parses the
    /// server's bytes itself.
    @Test func nonReadingClientIsClosedWhileOthersGetEveryOp() throws {
        let server = try ServerProcess(arguments: [
            "--max-queued-bytes", "65536", "--max-label", "10000", "--rate-burst", "100000", "--rate-per-second",
            "100000",
        ])
        defer { server.finish() }
        let url = server.url(board: "slow")
        let (writer, _) = try ProtocolClient.joined(url, user: "writer")
        #expect(try writer.submit(seq: 1, base: 0, Ops.insert("big")).ackValue?.version == 1)
        let slow = try RawWebSocket(port: server.port, path: "/boards/slow", receiveBuffer: 4096)
        try slow.send(.hello(.init(client: "slow-client", user: "slow")))
        let (reader, _) = try ProtocolClient.joined(url, user: "reader")
        _ = try writer.receive { $0.presenceValue.flatMap { $0.user == "reader" ? $0 : nil } }
        let label = String(repeating: "\u{1F600}", count: 2_000)
        var version = 1
        var seq = 1
        var nextExpected = 2
        func submitAndFollow(_ label: String) throws {
            seq += 1
            let answer = try writer.submit(seq: seq, base: version, .update(item: "big", label: label))
            guard let ack = answer.ackValue else { throw ProtocolClientError.unexpected("\(answer)") }
            version = ack.version
            while nextExpected <= version {
                let op = try reader.receive(timeout: 5) { $0.opValue }
                #expect(op.version == nextExpected, "the reading client missed an op")
                nextExpected = op.version + 1
            }
        }
        // Every op grows the slow client's queue: submit until the server says it closed it.
        let deadline = Date(timeIntervalSinceNow: 40)
        var closed = false
        while !closed, Date() < deadline {
            try submitAndFollow(label + String(seq))
            guard seq % 5 == 0 else { continue }
            closed = try server.metrics()["boardsync_slow_consumer_disconnects_total"] == 1
        }
        #expect(closed, "the slow client was never closed after \(seq) large ops")
        for _ in 0..<5 { try submitAndFollow("after") }
        #expect(nextExpected == version + 1)
        var ending = "nothing"
        var received = 0
        while true {
            do {
                switch try slow.receive(timeout: 10) {
                case .text(let text):
                    _ = try WireCodec.decodeServerMessage(Array(text.utf8))
                    received += 1
                    continue
                case .close(let code):
                    ending = "close \(String(describing: code))"
                }
            } catch RawWebSocket.Failure.closedWithoutFrame {
                ending = "end of stream"
            } catch {
                ending = "\(error)"
            }
            break
        }
        #expect(ending == "close Optional(1013)" || ending == "end of stream", "the slow client saw \(ending)")
        #expect(received >= 1, "not even the welcome reached the slow client")
        let metrics = try server.metrics()
        #expect(metrics["boardsync_slow_consumer_disconnects_total"] == 1)
        #expect(metrics["boardsync_connections"] == 2)
    }
}
