import BoardSync
import Foundation
import Testing

/// A client that stops reading is closed (1013) once the server holds too much for it, while
/// everyone else keeps receiving every op.
@Suite("slow consumer")
struct SlowConsumerTests {
    @Test func nonReadingClientIsClosedWhileOthersGetEveryOp() throws {
        let server = try ServerProcess(arguments: [
            "--max-queued-bytes", "65536", "--max-label", "10000", "--rate-burst", "100000", "--rate-per-second", "100000",
        ])
        defer { server.finish() }
        let url = server.url(board: "slow")
        let (writer, _) = try ProtocolClient.joined(url, user: "writer")
        #expect(try writer.submit(seq: 1, base: 0, Ops.insert("big")).ackValue?.version == 1)
        let (slow, _) = try ProtocolClient.joined(url, user: "slow")
        slow.socket.connection.pauseReceiving()
        let (reader, _) = try ProtocolClient.joined(url, user: "reader")
        _ = try writer.receive { $0.presenceValue.flatMap { $0.user == "reader" ? $0 : nil } }
        let label = String(repeating: "\u{1F600}", count: 10_000)
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
        let closed = try Deadline.wait(timeout: 40, poll: 0) {
            try submitAndFollow(label + String(seq))
            guard seq % 10 == 0 else { return false }
            return try HTTPEndpointTests.metrics(server)["boardsync_slow_consumer_disconnects_total"] == 1
        }
        #expect(closed, "the slow client was never closed after \(seq) large ops")
        for _ in 0..<5 { try submitAndFollow("after") }
        #expect(nextExpected == version + 1)
        slow.socket.connection.resumeReceiving()
        let code = try slow.closeCode(timeout: 10)
        #expect(code == 1013 || code == nil, "slow client closed with \(String(describing: code))")
        let metrics = try HTTPEndpointTests.metrics(server)
        #expect(metrics["boardsync_slow_consumer_disconnects_total"] == 1)
        #expect(metrics["boardsync_connections"] == 2)
    }
}
