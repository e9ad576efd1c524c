import Foundation
import Testing
import WebSocketTransport

/// `board-bench node-relay` is a relay like `board-bench relay`: each text message reaches the
/// other connections on its path and no one else, and SIGTERM closes every connection with 1001.
@Suite struct NodeRelayTests {
    @Test func forwardsToTheOtherConnectionsOfTheSamePathOnly() throws {
        let relay = Process()
        relay.executableURL = URL(fileURLWithPath: BenchmarkSmokeTests.binary("board-bench"))
        relay.arguments = ["node-relay", "--host", "127.0.0.1", "--port", "0"]
        let output = Pipe()
        relay.standardOutput = output
        try relay.run()
        defer { if relay.isRunning { relay.terminate() } }
        var line = ""
        while !line.contains("\n") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line += String(decoding: chunk, as: UTF8.self)
        }
        let prefix = "listening on 127.0.0.1:"
        let port = try #require(
            line.hasPrefix(prefix) ? Int(line.dropFirst(prefix.count).prefix { $0.isNumber }) : nil,
            "no listening line: \(line)")
        let base = "ws://127.0.0.1:\(port)"
        let sender = try BlockingWebSocket(url: "\(base)/boards/a?token=x")
        let peer = try BlockingWebSocket(url: "\(base)/boards/a")
        let stranger = try BlockingWebSocket(url: "\(base)/boards/b")
        sender.send("first")
        sender.send("second")
        #expect(try peer.receiveText() == "first")
        #expect(try peer.receiveText() == "second")
        #expect(throws: BlockingWebSocket.Failure.timedOut) { try stranger.receiveText(timeout: 0.3) }
        #expect(throws: BlockingWebSocket.Failure.timedOut) { try sender.receiveText(timeout: 0.3) }
        peer.send("back")
        #expect(try sender.receiveText() == "back")

        relay.terminate()
        for client in [sender, peer, stranger] { #expect(try client.waitForClose().code == 1001) }
        relay.waitUntilExit()
        #expect(relay.terminationStatus == 0)
    }
}
