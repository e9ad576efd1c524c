import BoardStore
import Foundation
import Locking

/// A `ClusterChannel` through PostgreSQL's LISTEN/NOTIFY, on two connections of its own (never
/// the store's): one LISTENs on a thread of its own, one sends NOTIFYs from a queue.
///
/// NOTIFY makes every committing transaction that issued one take a cluster-wide lock, so
/// nothing is notified inside the store's commits: the commit hint goes out after the commit,
/// and everything waiting to be sent goes in one transaction. Commit hints waiting together
/// merge (the highest version of each board). What cannot be sent while the database is away
/// is dropped, oldest first past `maxWaiting`: it is all short-lived, and the listeners read
/// missed ops from the store anyway.
final class PostgresClusterChannel: ClusterChannel, @unchecked Sendable {
    private let url: String
    private let opsChannel: String
    private let liveChannel: String
    private let options: PostgresConnectionOptions
    private let sendQueue = DispatchQueue(label: "board-server.cluster-notify")
    private let waiting = Locked<[ClusterMessage]>([])
    private let stopped = Locked(false)
    private var sender: PostgresConnection?
    private var listenerThread: Thread?
    /// The number of the next message sent (on the send queue only), which keeps its states apart.
    private var nextSerial: UInt64 = 1
    /// Messages kept while they cannot be sent.
    static let maxWaiting = 1_000

    /// Listens and notifies on channels named after `schema`, so that clusters in one database
    /// but different schemas do not hear each other.
    init(url: String, schema: String) {
        self.url = url
        self.opsChannel = "\(schema)_ops"
        self.liveChannel = "\(schema)_live"
        self.options = PostgresConnectionOptions(
            statementTimeout: .seconds(5), applicationName: "board-server cluster channel")
    }

    func start(deliver: @escaping @Sendable (ClusterChannelEvent) -> Void) {
        let thread = Thread { [self] in listen(deliver) }
        thread.name = "board-server.cluster-listen"
        listenerThread = thread
        thread.start()
    }

    func publish(_ message: ClusterMessage) {
        let first = waiting.withLock { waiting -> Bool in
            if case .committed(let heads) = message.body, let last = waiting.last, last.node == message.node,
                case .committed(let earlier) = last.body
            {
                waiting[waiting.count - 1] = ClusterMessage(
                    node: message.node, body: .committed(earlier.merging(heads) { max($0, $1) }))
                return false
            }
            waiting.append(message)
            if waiting.count > Self.maxWaiting { waiting.removeFirst(waiting.count - Self.maxWaiting) }
            return waiting.count == 1
        }
        if first { sendQueue.async { [self] in sendWaiting() } }
    }

    func stop() {
        sendQueue.sync { sendWaiting() }
        stopped.withLock { $0 = true }
        sendQueue.sync {
            sender?.close()
            sender = nil
        }
    }

    /// Sends everything waiting in one transaction; on failure keeps it and tries again soon.
    private func sendWaiting() {
        let messages = waiting.withLock { waiting in
            defer { waiting.removeAll() }
            return waiting
        }
        guard !messages.isEmpty else { return }
        var channels: [String] = []
        var payloads: [String] = []
        for message in messages {
            let channel = if case .committed = message.body { opsChannel } else { liveChannel }
            defer { nextSerial += 1 }
            for payload in message.encoded(serial: nextSerial) {
                channels.append(channel)
                payloads.append(payload)
            }
        }
        do {
            if sender == nil { sender = try PostgresConnection(url: url, options: options) }
            try sender?.execute(
                prepared: """
                    SELECT pg_notify(c, p) FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS t(c, p, n)
                    ORDER BY n
                    """, [channels, payloads])
        } catch {
            sender?.close()
            sender = nil
            let keep = waiting.withLock { waiting -> Bool in
                waiting.insert(contentsOf: messages, at: 0)
                if waiting.count > Self.maxWaiting { waiting.removeFirst(waiting.count - Self.maxWaiting) }
                return true
            }
            if keep, !stopped.withLock({ $0 }) {
                sendQueue.asyncAfter(deadline: .now() + 0.25) { [self] in sendWaiting() }
            }
        }
    }

    /// The listener thread: listens, reports what arrives, and connects again after a loss.
    private func listen(_ deliver: @escaping @Sendable (ClusterChannelEvent) -> Void) {
        var listener: PostgresListener?
        var reader = ClusterPayloadReader()
        while !stopped.withLock({ $0 }) {
            guard let current = listener else {
                do {
                    let fresh = try PostgresListener(url: url, options: options)
                    try fresh.listen(opsChannel)
                    try fresh.listen(liveChannel)
                    listener = fresh
                    deliver(.listening)
                } catch {
                    Thread.sleep(forTimeInterval: 0.25)
                }
                continue
            }
            switch current.next(timeout: .milliseconds(250)) {
            case .notifications(let notifications):
                for notification in notifications {
                    guard let message = reader.read(notification.payload) else { continue }
                    deliver(.received(message))
                }
            case .timeout:
                continue
            case .connectionLost:
                current.close()
                listener = nil
                reader.reset()
                deliver(.deaf)
            }
        }
        listener?.close()
    }
}
