import Foundation
import ServerTransport
import TestSupport
import Testing
import WebSocketTransport

@Suite struct ServerDeliveryTests {
    @Test func oneSharedFrameReachesManyConnections() throws {
        let (server, handler) = try startServer()
        defer { stopServer(server) }
        let context = try ClientContext()
        defer { context.shutdown() }
        let counter = CountingClientHandler()
        let clients = 50
        for _ in 0..<clients { _ = try context.connect(to: url(server), handler: counter) }
        #expect(counter.counts.wait { $0.opened == clients })
        // A client may hear the handshake's answer before the server has registered it.
        #expect(handler.log.wait { $0.opened == clients })
        #expect(server.connectionCount == clients)
        server.post { [server] in
            server.broadcast(OutboundFrame(text: "shared"), to: server.connections)
        }
        #expect(counter.counts.wait { $0.texts == clients })
        #expect(counter.counts.read { $0.lastText } == "shared")
    }

    @Test func postRunsWorkOnTheServiceThreadAndWakesTheHandler() throws {
        let (server, handler) = try startServer()
        defer { stopServer(server) }
        let client = try BlockingWebSocket(url: url(server))
        #expect(handler.log.wait { $0.opened == 1 })
        let done = Watched(false)
        Thread.detachNewThread { [server] in
            server.post {
                server.broadcast(OutboundFrame(text: "from elsewhere"), to: server.connections)
                done.update { $0 = true }
            }
        }
        #expect(try client.receive() == .text("from elsewhere"))
        #expect(done.wait { $0 })
        #expect(handler.log.wait { $0.wakeUps >= 1 })
    }

    @Test func scheduledWorkRunsOnTime() throws {
        let (server, _) = try startServer()
        defer { stopServer(server) }
        let fired = Watched<[String]>([])
        server.post { [server] in
            let start = Date()
            server.schedule(after: 0.2) {
                fired.update { $0.append("late \(Date().timeIntervalSince(start) >= 0.19)") }
            }
            server.schedule(after: 0.05) { fired.update { $0.append("early") } }
            let cancelled = server.schedule(after: 0.1) { fired.update { $0.append("cancelled") } }
            server.cancelTimer(cancelled)
        }
        #expect(fired.wait { $0.count == 2 })
        #expect(fired.read { $0 } == ["early", "late true"])
    }

    @Test func slowConsumerIsClosedWith1013WhileOthersKeepReceiving() throws {
        let (server, handler) = try startServer { $0.maxQueuedBytes = 256 * 1024 }
        defer { stopServer(server) }
        let context = try ClientContext()
        defer { context.shutdown() }
        let fast = CountingClientHandler()
        let slow = CountingClientHandler()
        _ = try context.connect(to: url(server, "/b?token=fast"), handler: fast)
        let slowConnection = try context.connect(to: url(server, "/b?token=slow"), handler: slow)
        slowConnection.pauseReceiving()
        #expect(fast.counts.wait { $0.opened == 1 } && slow.counts.wait { $0.opened == 1 })

        let frame = OutboundFrame(text: String(repeating: "x", count: 16 * 1024))
        let flood = Watched(true)
        @Sendable func pump() {
            guard flood.read({ $0 }) else { return }
            // Keep pace with the reading client so only the paused one falls behind.
            let fastQueue = server.connections.first { $0.query["token"] == "fast" }?.queuedBytes ?? 0
            if fastQueue < 64 * 1024 {
                for _ in 0..<8 { server.broadcast(frame, to: server.connections) }
            }
            server.schedule(after: 0.001) { pump() }
        }
        server.post { pump() }
        #expect(handler.log.wait(timeout: 10) { $0.closed.contains(.slowConsumer) })
        let before = fast.counts.read { $0.texts }
        #expect(fast.counts.wait { $0.texts > before + 100 })
        flood.update { $0 = false }
        slowConnection.resumeReceiving()
        #expect(slow.counts.wait { !$0.closedCodes.isEmpty })
        #expect(fast.counts.read { $0.closedCodes.isEmpty })
        #expect(server.connectionCount == 1)
    }

    @Test func stopClosesEveryClientWith1001() throws {
        let (server, handler) = try startServer()
        let first = try BlockingWebSocket(url: url(server))
        let second = try BlockingWebSocket(url: url(server))
        #expect(handler.log.wait { $0.opened == 2 })
        server.stop()
        server.waitUntilStopped()
        #expect(try first.waitForClose().code == 1001)
        #expect(try second.waitForClose().code == 1001)
        #expect(handler.log.read { $0.closed } == [.serverShutdown, .serverShutdown])
        #expect(server.connectionCount == 0)
        #expect(!server.post {})
    }
}
