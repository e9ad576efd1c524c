/// How a server's writes reached the socket: straight from the send path at the end of a loop
/// step, or from a WRITEABLE callback because an earlier write was still partly unsent (a slow
/// or full socket). Each write may carry several packed frames.
public struct WriteCounts: Sendable, Equatable {
    /// Writes made from the send path, without waiting for POLLOUT.
    public internal(set) var direct = 0
    /// Writes made from WRITEABLE after waiting for POLLOUT.
    public internal(set) var afterWaiting = 0

    public init() {}

    mutating func record(writes: Int, direct isDirect: Bool) {
        if isDirect { direct += writes } else { afterWaiting += writes }
    }
}
