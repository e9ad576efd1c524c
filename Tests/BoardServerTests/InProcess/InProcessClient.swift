import BoardSync
import Foundation
import TestSupport

@testable import BoardServer

/// A protocol-speaking test client on an in-process server's session: what `ProtocolClient`
/// does over a socket, without one.
final class InProcessClient: ProtocolPeer {
    let server: InProcessServer
    let session: EmbeddedSession
    let client: ClientID
    let user: String

    init(server: InProcessServer, session: EmbeddedSession, client: ClientID?, user: String) {
        self.server = server
        self.session = session
        self.client = client ?? ClientID("c" + String(UInt64.random(in: 0...UInt64.max), radix: 16))
        self.user = user
    }

    func send(_ message: ClientMessage) {
        sendTogether([WireCodec.encode(message)])
    }

    func sendRaw(_ text: String) {
        sendTogether([Array(text.utf8)])
    }

    /// Messages that arrive in one loop turn, as when a client writes them at once.
    func sendTogether(_ messages: [[UInt8]]) {
        guard session.isOpen else { return }
        for bytes in messages {
            server.service.received(bytes, from: ConnectionID(session.id))
        }
        server.service.turnEnded()
        server.run()
    }

    /// The next message; waits only while a commit that can release one is under way.
    func receive(timeout: Double) throws -> ServerMessage {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while true {
            server.run()
            if let message = session.take() { return message }
            if let code = session.closeCode { throw ProtocolClientError.closed(code) }
            guard server.awaitCommits(timeout: max(0, deadline.timeIntervalSinceNow)) else {
                throw ProtocolClientError.unexpected("no message: nothing under way would send one")
            }
        }
    }

    /// The close code the server closed the session with, once what it sent before is taken.
    func closeCode(timeout: Double = 5) throws -> UInt16? {
        server.settle(timeout: timeout)
        while session.take() != nil {}
        guard let code = session.closeCode else { throw ProtocolClientError.unexpected("not closed") }
        return code
    }

    /// The client goes away (the transport reports a close from the client).
    func close() {
        guard session.isOpen else { return }
        session.clientClosed()
        server.service.sessionClosed(ConnectionID(session.id), reason: .clientClosed(code: 1000))
        server.run()
    }
}
