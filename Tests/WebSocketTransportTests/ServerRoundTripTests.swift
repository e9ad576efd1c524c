import Foundation
import ServerTransport
import Testing
import WebSocketTransport

@Suite struct ServerRoundTripTests {
    @Test func echoesTextAndReportsTheSubprotocol() throws {
        let (server, handler) = try startServer()
        defer { stopServer(server) }
        let client = try BlockingWebSocket(url: url(server, "/boards/b1?token=good&name=a%20b"))
        #expect(client.subprotocol == "boardsync.v1")
        client.send("hello")
        #expect(try client.receive() == .text("hello"))
        #expect(handler.log.wait { $0.turnsEnded >= 1 })
        let request = try #require(handler.log.read { $0.upgradeRequests.first })
        #expect(request.path == "/boards/b1" && request.token == "good" && request.peerAddress == "127.0.0.1")
        #expect(request.offeredSubprotocols == ["boardsync.v1"])
        #expect(request.query["name"] == "a b")
    }

    @Test func acceptsClientsOfferingNoSubprotocolAndPassesHeaders() throws {
        let (server, handler) = try startServer()
        defer { stopServer(server) }
        let options = ClientConnectOptions(subprotocols: [], headers: ["Authorization": "Bearer xyz"])
        let client = try BlockingWebSocket(url: url(server), options: options)
        #expect(client.subprotocol == nil)
        client.send("x")
        #expect(try client.receive() == .text("x"))
        #expect(handler.log.read { $0.upgradeRequests.first?.authorization } == "Bearer xyz")
    }

    @Test func broadcastsToEveryConnection() throws {
        let (server, _) = try startServer()
        defer { stopServer(server) }
        let first = try BlockingWebSocket(url: url(server))
        let second = try BlockingWebSocket(url: url(server))
        first.send("all:news")
        #expect(try first.receive() == .text("all:news"))
        #expect(try second.receive() == .text("all:news"))
    }

    @Test func acceptsAMessageOfExactlyTheLimitAndClosesAbove() throws {
        let (server, handler) = try startServer()
        defer { stopServer(server) }
        let client = try BlockingWebSocket(url: url(server))
        let exact = String(repeating: "a", count: 65_536)
        client.send(exact)
        #expect(try client.receive() == .text(exact))
        client.send(exact + "b")
        #expect(try client.waitForClose().code == 1009)
        #expect(handler.log.wait { $0.closed == [.tooLarge] })
    }

    @Test func closesBinaryMessagesWith1003() throws {
        let (server, handler) = try startServer()
        defer { stopServer(server) }
        let client = try BlockingWebSocket(url: url(server))
        client.connection.sendBinary([1, 2, 3])
        #expect(try client.waitForClose().code == 1003)
        #expect(handler.log.wait { $0.closed == [.binary] })
    }

    @Test func closesInvalidUTF8With1007() throws {
        let (server, handler) = try startServer()
        defer { stopServer(server) }
        let client = try BlockingWebSocket(url: url(server))
        client.connection.send(textBytes: [0x68, 0xC3, 0x28])
        #expect(try client.waitForClose().code == 1007)
        #expect(handler.log.wait { $0.closed == [.invalidUTF8] })
    }

    @Test func reassemblesFragmentedMessages() throws {
        let (server, handler) = try startServer()
        defer { stopServer(server) }
        let client = try BlockingWebSocket(url: url(server))
        let parts = ["frag", "men", String(repeating: "t", count: 9_000)]
        client.connection.sendFragments(parts.map { Array($0.utf8) })
        #expect(try client.receive() == .text(parts.joined()))
        #expect(handler.log.read { $0.received } == [parts.joined()])
    }

    @Test func fragmentsAboveTheLimitClose1009() throws {
        let (server, _) = try startServer { $0.maxMessageSize = 1_000 }
        defer { stopServer(server) }
        let client = try BlockingWebSocket(url: url(server))
        client.connection.sendFragments([Array(repeating: 0x61, count: 600), Array(repeating: 0x62, count: 600)])
        #expect(try client.waitForClose().code == 1009)
    }

    @Test func clientCloseCodeReachesTheHandler() throws {
        let (server, handler) = try startServer()
        defer { stopServer(server) }
        let client = try BlockingWebSocket(url: url(server))
        client.close(code: 4000, reason: "bye")
        _ = try client.waitForClose()
        #expect(handler.log.wait { $0.closed == [.clientClosed(code: 4000)] })
    }

    @Test func serverCloseSendsTheChosenCode() throws {
        let (server, _) = try startServer()
        defer { stopServer(server) }
        let client = try BlockingWebSocket(url: url(server))
        server.post { [server] in
            for connection in server.connections { connection.close(code: 4409, reason: "conflict") }
        }
        let closed = try client.waitForClose()
        #expect(closed.code == 4409 && closed.reason == "conflict")
    }
}
