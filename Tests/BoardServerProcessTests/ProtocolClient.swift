import BoardSync
import Foundation
import TestSupport
import WebSocketTransport

/// A protocol-speaking test client over a real WebSocket: sends `ClientMessage`s, receives and
/// decodes `ServerMessage`s with deadlines.
final class ProtocolClient: @unchecked Sendable {
    let socket: BlockingWebSocket
    let client: ClientID
    let user: String

    init(
        url: String, client: ClientID = ClientID("c" + String(UInt64.random(in: 0...UInt64.max), radix: 16)),
        user: String = "tester"
    ) throws {
        socket = try BlockingWebSocket(url: url, options: ClientConnectOptions(subprotocols: ["boardsync.v1"]))
        self.client = client
        self.user = user
    }

    /// Connects and completes `hello`/`welcome`.
    static func joined(
        _ url: String, client: ClientID? = nil, user: String = "tester", since: Int? = nil
    ) throws -> (ProtocolClient, ServerMessage.Welcome) {
        let connection =
            try client.map { try ProtocolClient(url: url, client: $0, user: user) }
            ?? ProtocolClient(url: url, user: user)
        connection.send(.hello(.init(client: connection.client, user: user, since: since)))
        guard case .welcome(let welcome) = try connection.receive() else {
            throw ProtocolClientError.unexpected("no welcome")
        }
        return (connection, welcome)
    }

    func send(_ message: ClientMessage) {
        socket.send(String(decoding: WireCodec.encode(message), as: UTF8.self))
    }

    func sendRaw(_ text: String) {
        socket.send(text)
    }

    /// The next server message; throws on timeout or close.
    func receive(timeout: Double) throws -> ServerMessage {
        switch try socket.receive(timeout: timeout) {
        case .text(let text):
            return try WireCodec.decodeServerMessage(Array(text.utf8))
        case .binary:
            throw ProtocolClientError.unexpected("binary frame")
        case .closed(let code, _):
            throw ProtocolClientError.closed(code)
        }
    }

    /// Waits for the connection to be closed and returns the close code.
    func closeCode(timeout: Double = 5) throws -> UInt16? {
        try socket.waitForClose(timeout: timeout).code
    }

    func close() {
        socket.close()
    }
}

extension ProtocolClient: ProtocolPeer {}
