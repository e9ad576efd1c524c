import Foundation
import Testing
import WebSocketTransport

@Suite struct ServerHTTPTests {
    private func upgradeRequest(port: Int, path: String, protocols: String?) -> String {
        var request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\n"
        request += "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
        request += "Sec-WebSocket-Version: 13\r\n"
        if let protocols { request += "Sec-WebSocket-Protocol: \(protocols)\r\n" }
        return request + "\r\n"
    }

    @Test func refusedUpgradeAnswersWithAnHTTP11Status() throws {
        let (server, _) = try startServer()
        defer { stopServer(server) }
        let unauthorized = rawHTTPExchange(
            port: server.port,
            request: upgradeRequest(port: server.port, path: "/boards/b1?token=bad", protocols: "boardsync.v1"))
        #expect(unauthorized?.hasPrefix("HTTP/1.1 401 ") == true)
        #expect(unauthorized?.hasSuffix("bad token") == true)
        let missing = rawHTTPExchange(
            port: server.port, request: upgradeRequest(port: server.port, path: "/missing", protocols: nil))
        #expect(missing?.hasPrefix("HTTP/1.1 404 ") == true)
        #expect(throws: ClientConnectError.refused(httpStatus: 401)) {
            _ = try BlockingWebSocket(url: url(server, "/b?token=bad"))
        }
    }

    @Test func unknownSubprotocolIsRefusedWith400() throws {
        let (server, handler) = try startServer()
        defer { stopServer(server) }
        let response = rawHTTPExchange(
            port: server.port, request: upgradeRequest(port: server.port, path: "/boards/b1", protocols: "chat, other"))
        #expect(response?.hasPrefix("HTTP/1.1 400 ") == true)
        #expect(throws: ClientConnectError.refused(httpStatus: 400)) {
            _ = try BlockingWebSocket(url: url(server), options: ClientConnectOptions(subprotocols: ["other.v9"]))
        }
        #expect(handler.log.read { $0.upgradeRequests.isEmpty })
    }

    @Test func servesPlainHTTPGets() throws {
        let (server, _) = try startServer()
        defer { stopServer(server) }
        let ok = rawHTTPExchange(port: server.port, request: "GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(ok?.hasPrefix("HTTP/1.1 200 ") == true)
        #expect(ok?.hasSuffix("\r\n\r\nok") == true)
        let missing = rawHTTPExchange(port: server.port, request: "GET /nothing HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(missing?.hasPrefix("HTTP/1.1 404 ") == true)
        let put = rawHTTPExchange(
            port: server.port, request: "PUT /health HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n")
        #expect(put?.hasPrefix("HTTP/1.1 405 ") == true)
        // A POST without a body reaches the handler as a request to answer (a handler that reads
        // no bodies answers it as it answers a GET).
        let post = rawHTTPExchange(
            port: server.port, request: "POST /health HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n")
        #expect(post?.hasPrefix("HTTP/1.1 200 ") == true)
        #expect(post?.hasSuffix("\r\n\r\nok") == true)
    }

    @Test(.enabled(if: otherLocalAddress() != nil, "the machine has no non-loopback address"))
    func loopbackServerIsNotReachableOnOtherAddresses() throws {
        let (server, _) = try startServer()
        defer { stopServer(server) }
        let other = try #require(otherLocalAddress())
        let loopback = connectTCP(host: "127.0.0.1", port: server.port)
        #expect(loopback != nil)
        loopback.map { _ = close($0) }
        let elsewhere = connectTCP(host: other, port: server.port)
        #expect(elsewhere == nil, "reachable on \(other)")
        elsewhere.map { _ = close($0) }
    }
}
