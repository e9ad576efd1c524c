import ServerTransport

/// One client connection as `BoardService` sees it: where it asked to go and from where, and
/// the two things the service does to it. board-server's WebSocket connection is the real one;
/// tests use an in-memory one that records what it was sent, so most server tests need no socket.
package protocol BoardSession: AnyObject {
    /// Unique among the server's sessions, increasing in accept order.
    var id: UInt64 { get }
    /// The upgrade request's path, without the query.
    var path: String { get }
    /// The peer's IP address.
    var peerAddress: String { get }
    /// Queues a frame; one frame may be queued on many sessions.
    func send(_ frame: OutboundFrame)
    /// Closes with `code` once the queued frames are written.
    func close(code: UInt16, reason: String)
}
