import Foundation
import ServerTransport
import Testing
import WebSocketTransport

/// Frames that may wait: one alone goes out with the deferred flush, and a frame that may not
/// wait takes the waiting ones along at once, in order.
@Suite struct DeferredFrameTests {
    @Test func aWaitingFrameGoesOutWithTheDeferredFlush() throws {
        let (server, _) = try startServer { $0.deferredFrameDelay = 0.01 }
        defer { stopServer(server) }
        let client = try BlockingWebSocket(url: url(server))
        server.post { [server] in
            server.broadcast(
                OutboundFrame(text: "position", coalescingKey: "drag:a", mayWait: true), to: server.connections)
        }
        #expect(try client.receiveText() == "position")
    }

    @Test func aFrameThatCannotWaitTakesTheWaitingOnesAlongInOrder() throws {
        let (server, _) = try startServer { $0.deferredFrameDelay = 60 }
        defer { stopServer(server) }
        let client = try BlockingWebSocket(url: url(server))
        server.post { [server] in
            server.broadcast(OutboundFrame(text: "first position", mayWait: true), to: server.connections)
            server.broadcast(OutboundFrame(text: "second position", mayWait: true), to: server.connections)
        }
        #expect(throws: BlockingWebSocket.Failure.timedOut) { try client.receiveText(timeout: 0.3) }
        server.post { [server] in server.broadcast(OutboundFrame(text: "op"), to: server.connections) }
        #expect(try client.receiveText() == "first position")
        #expect(try client.receiveText() == "second position")
        #expect(try client.receiveText() == "op")
    }
}
