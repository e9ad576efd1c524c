import Testing
import WebSocketTransport

/// The client's `Origin` header reaches the server exactly as given.
@Suite struct ClientOriginTests {
    @Test(arguments: ["https://boards.example.com", "http://localhost:3000", "null"])
    func originIsSentVerbatim(origin: String) throws {
        let (server, handler) = try startServer()
        defer { stopServer(server) }
        let client = try BlockingWebSocket(url: url(server), options: ClientConnectOptions(origin: origin))
        client.close()
        let received = handler.log.read { $0.upgradeRequests.map(\.origin) }
        #expect(received == [origin])
    }

    @Test func noOriginSendsNoHeader() throws {
        let (server, handler) = try startServer()
        defer { stopServer(server) }
        let client = try BlockingWebSocket(url: url(server))
        client.close()
        let received = handler.log.read { $0.upgradeRequests.map(\.origin) }
        #expect(received == [nil])
    }
}
