import Foundation
import ServerTransport
import Testing
import WebSocketTransport

@Suite struct ServerLifecycleTests {
    @Test func stopBeforeListeningEndsAtOnce() throws {
        let server = WebSocketServer(handler: RecordingHandler())
        server.stop()
        server.waitUntilStopped()
        #expect(throws: ListenError.stopped) { try server.listen() }
    }

    @Test func runOnAThreadOfTheCallersChoice() throws {
        let handler = RecordingHandler()
        let server = WebSocketServer(handler: handler)
        handler.server = server
        try server.listen()
        #expect(server.port > 0)
        Thread.detachNewThread { try? server.run() }
        let client = try BlockingWebSocket(url: url(server))
        client.send("all:mine")
        #expect(try client.receive() == .text("all:mine"))
        #expect(throws: ListenError.alreadyStarted) { try server.listen() }
        stopServer(server)
        #expect(try client.waitForClose().code == 1001)
    }

    @Test func rejectsUnusableHosts() {
        let server = WebSocketServer(configuration: .init(host: "not an address"), handler: RecordingHandler())
        #expect(throws: ListenError.invalidHost("not an address")) { try server.listen() }
    }
}
