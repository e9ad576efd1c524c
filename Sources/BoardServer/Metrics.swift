/// The server's counters, gauges and histograms, rendered as Prometheus text for `GET /metrics`.
/// Owned by the service thread; the service's parts count into the one instance.
public final class Metrics {
    public var opsCommitted: UInt64 = 0
    public var messagesSent: UInt64 = 0
    public var bytesSent: UInt64 = 0
    public var messagesReceived: UInt64 = 0
    public var slowConsumerDisconnects: UInt64 = 0
    public var connectionsOpened: UInt64 = 0
    public var errorsByCode: [String: UInt64] = [:]
    public var closesByCode: [UInt16: UInt64] = [:]
    /// Seconds from receiving a submit to handing its ack to the transport.
    public var ackLatency = Histogram(bounds: [
        0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1,
    ])
    /// Ops committed per transaction.
    public var commitBatchSize = Histogram(bounds: [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024])
    /// Seconds one group commit took.
    public var commitDuration = Histogram(bounds: [
        0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1,
    ])

    public init() {}

    /// Point-in-time values supplied when rendering.
    public struct Gauges: Sendable {
        public var connections: Int
        public var boardsLoaded: Int
        public var dragsActive: Int

        public init(connections: Int, boardsLoaded: Int, dragsActive: Int) {
            self.connections = connections
            self.boardsLoaded = boardsLoaded
            self.dragsActive = dragsActive
        }
    }

    public func render(_ gauges: Gauges) -> String {
        var text = ""
        func gauge(_ name: String, _ help: String, _ value: Int) {
            text += "# HELP \(name) \(help)\n# TYPE \(name) gauge\n\(name) \(value)\n"
        }
        func counter(_ name: String, _ help: String, _ value: UInt64) {
            text += "# HELP \(name) \(help)\n# TYPE \(name) counter\n\(name) \(value)\n"
        }
        gauge("boardsync_connections", "Open WebSocket connections.", gauges.connections)
        gauge("boardsync_boards_loaded", "Boards held in memory.", gauges.boardsLoaded)
        gauge("boardsync_drags_active", "Drags in progress on loaded boards.", gauges.dragsActive)
        counter("boardsync_connections_opened_total", "WebSocket connections accepted.", connectionsOpened)
        counter("boardsync_ops_committed_total", "Operations committed durably.", opsCommitted)
        counter("boardsync_messages_received_total", "WebSocket messages received.", messagesReceived)
        counter("boardsync_messages_sent_total", "WebSocket messages queued for sending.", messagesSent)
        counter("boardsync_bytes_sent_total", "Payload bytes of messages queued for sending.", bytesSent)
        counter(
            "boardsync_slow_consumer_disconnects_total", "Connections closed because they did not read.",
            slowConsumerDisconnects)
        text += "# HELP boardsync_errors_total Error messages sent, by code.\n# TYPE boardsync_errors_total counter\n"
        for (code, value) in errorsByCode.sorted(by: { $0.key < $1.key }) {
            text += "boardsync_errors_total{code=\"\(code)\"} \(value)\n"
        }
        text += "# HELP boardsync_closes_total Connections closed by the server, by close code.\n"
        text += "# TYPE boardsync_closes_total counter\n"
        for (code, value) in closesByCode.sorted(by: { $0.key < $1.key }) {
            text += "boardsync_closes_total{code=\"\(code)\"} \(value)\n"
        }
        text += ackLatency.render(
            name: "boardsync_ack_latency_seconds", help: "Time from receiving a submit to sending its ack.")
        text += commitBatchSize.render(name: "boardsync_commit_batch_ops", help: "Operations per group commit.")
        text += commitDuration.render(name: "boardsync_commit_seconds", help: "Duration of one group commit.")
        return text
    }

    static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}
