import Foundation
import TestSupport
import Testing
import WebSocketTransport

/// `board-bench node-relay` is a relay like `board-bench relay`: each text message reaches the
/// other connections on its path and no one else, and SIGTERM closes every connection with 1001.
@Suite struct NodeRelayTests {
    @Test func forwardsToTheOtherConnectionsOfTheSamePathOnly() throws {
        let bench = try #require(BuiltProducts.url(of: "board-bench"), "board-bench is not built")
        let relay = ListeningProcess(executable: bench.path, arguments: ["node-relay", "--host", "127.0.0.1"])
        try relay.start()
        defer { relay.stop() }
        let port = relay.port
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

        relay.signal(SIGTERM)
        for client in [sender, peer, stranger] { #expect(try client.waitForClose().code == 1001) }
        #expect(relay.waitForExit(timeout: 10) == 0)
    }
}
