/// How the servers of a cluster reach each other: every message one publishes reaches every
/// server listening, the publisher included, in one order for all. A server that stops
/// listening for a while misses what was published meanwhile; it is told `listening` again
/// once it hears everything once more, and then reads what it missed from the store.
protocol ClusterChannel: AnyObject, Sendable {
    /// Starts listening; `deliver` is called from the channel's own thread.
    func start(deliver: @escaping @Sendable (ClusterChannelEvent) -> Void)
    /// Publishes `message` soon, without waiting; may be lost when the channel is cut off.
    func publish(_ message: ClusterMessage)
    /// Stops listening and publishing, once what was published is sent (or given up).
    func stop()
}

/// What a `ClusterChannel` reports.
enum ClusterChannelEvent: Sendable {
    case received(ClusterMessage)
    /// The channel listens (again): everything published from now on will arrive.
    case listening
    /// The channel stopped hearing; what is published meanwhile is missed.
    case deaf
}
