import CLibPQ

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A dedicated connection that LISTENs on channels and waits for their notifications.
///
/// `next(timeout:)` waits on the connection's socket with `poll`, reads what arrived and
/// returns the notifications, a timeout, or the loss of the connection. PostgreSQL keeps no
/// notification for a session that is not connected: after a loss, `reconnect()` and then read
/// whatever the notifications would have announced. Waking up at least once a second (a short
/// timeout) also bounds how late a missed notification is noticed.
///
/// Not thread-safe: one thread owns the listener and calls `next` in a loop.
public final class PostgresListener {
    private let connection: PostgresConnection
    /// The channels listened on, in the order they were added; `reconnect()` listens again.
    public private(set) var channels: [String] = []
    private var pending: [PostgresNotification] = []

    /// Opens the listening connection to `url`.
    public init(url: String, options: PostgresConnectionOptions = PostgresConnectionOptions()) throws(PostgresError) {
        connection = try PostgresConnection(url: url, options: options)
    }

    /// The backend process id of the listening session (changes with every reconnect).
    public var backendPID: Int32 { connection.backendPID }

    /// Whether the listening connection was working when last used.
    public var isConnected: Bool { connection.isConnected }

    /// Starts listening on `channel`; notifications sent after this returns are delivered.
    public func listen(_ channel: String) throws(PostgresError) {
        try connection.execute("LISTEN \(try connection.quotedIdentifier(channel))")
        if !channels.contains(channel) { channels.append(channel) }
    }

    /// Stops listening on `channel`.
    public func unlisten(_ channel: String) throws(PostgresError) {
        try connection.execute("UNLISTEN \(try connection.quotedIdentifier(channel))")
        channels.removeAll { $0 == channel }
    }

    /// Connects again after a loss and listens on every channel again.
    public func reconnect() throws(PostgresError) {
        pending.removeAll()
        try connection.reset()
        for channel in channels {
            try connection.execute("LISTEN \(try connection.quotedIdentifier(channel))")
        }
    }

    /// Closes the listening connection.
    public func close() {
        connection.close()
    }

    /// Waits up to `timeout` for notifications and returns those that arrived, in commit order.
    ///
    /// Returns as soon as at least one notification is there; notifications already read
    /// (during `listen`, say) are returned at once.
    public func next(timeout: Duration) -> PostgresListenerEvent {
        guard let handle = try? connection.openHandle() else { return .connectionLost("the listener is closed") }
        collect(from: handle)
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while pending.isEmpty {
            guard PQstatus(handle) == CONNECTION_OK else { return lost(handle) }
            let socket = PQsocket(handle)
            guard socket >= 0 else { return lost(handle) }
            var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let remaining = ContinuousClock.now.duration(to: deadline)
            let ready = poll(
                &descriptor, 1, Int32(clamping: PostgresConnectionOptions.milliseconds(max(.zero, remaining))))
            if ready < 0 {
                if errno == EINTR { continue }
                return .connectionLost("poll failed with errno \(errno)")
            }
            if ready == 0 { return .timeout }
            guard PQconsumeInput(handle) == 1 else { return lost(handle) }
            collect(from: handle)
        }
        defer { pending.removeAll() }
        return .notifications(pending)
    }

    /// Moves the notifications libpq has parsed into `pending`.
    private func collect(from handle: OpaquePointer) {
        while let notification = PQnotifies(handle) {
            pending.append(
                PostgresNotification(
                    channel: String(cString: notification.pointee.relname),
                    payload: String(cString: notification.pointee.extra),
                    senderPID: notification.pointee.be_pid))
            PQfreemem(notification)
        }
    }

    private func lost(_ handle: OpaquePointer) -> PostgresListenerEvent {
        guard case .connectionLost(let reason) = connection.failure(of: handle) else {
            return .connectionLost(PostgresConnection.errorMessage(of: handle))
        }
        return .connectionLost(reason)
    }
}
