import Testing

@testable import WebSocketTransport

/// The epoll loop is the one in use wherever its plugin is installed (a dependency `make`
/// installs): if libwebsockets quietly fell back to its poll loop, every turn would poll every
/// socket again and nothing else would show it.
@Suite struct EventLoopTests {
    @Test func serverAndClientContextsRunOnEpoll() throws {
        let (server, _) = try startServer()
        defer { stopServer(server) }
        let context = try ClientContext()
        defer { context.shutdown() }
        #expect(server.loop.usesEpoll)
        #expect(context.loop.usesEpoll)
    }
}
