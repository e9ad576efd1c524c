import BoardSync
import ServerTransport

@testable import BoardServer

/// A session in memory, the way swift-nio's EmbeddedChannel stands in for a socket: it keeps
/// every frame the service sent it, decoded, and how the service closed it. Closing tells its
/// `InProcessServer`, which reports the end to the service on its next run, as the transport
/// does once the close handshake is over.
final class EmbeddedSession: BoardSession {
    let id: UInt64
    let path: String
    let peerAddress: String
    /// Messages sent and not yet taken by the test, in order.
    private(set) var inbox: [ServerMessage] = []
    /// Frames that did not decode as a server message (there should be none).
    private(set) var undecodable: [String] = []
    /// The code the service closed the session with.
    private(set) var closeCode: UInt16?
    /// The client closed it.
    private(set) var closedByClient = false
    private let closed: (EmbeddedSession) -> Void

    init(id: UInt64, path: String, peerAddress: String, closed: @escaping (EmbeddedSession) -> Void) {
        self.id = id
        self.path = path
        self.peerAddress = peerAddress
        self.closed = closed
    }

    var isOpen: Bool { closeCode == nil && !closedByClient }

    func send(_ frame: OutboundFrame) {
        guard isOpen else { return }
        do {
            inbox.append(try WireCodec.decodeServerMessage(Array(frame.bytes)))
        } catch {
            undecodable.append(String(decoding: frame.bytes, as: UTF8.self))
        }
    }

    func close(code: UInt16, reason: String) {
        guard isOpen else { return }
        closeCode = code
        closed(self)
    }

    /// The oldest message not taken yet.
    func take() -> ServerMessage? {
        inbox.isEmpty ? nil : inbox.removeFirst()
    }

    /// The client goes away: no more sends reach it.
    func clientClosed() {
        closedByClient = true
    }
}
