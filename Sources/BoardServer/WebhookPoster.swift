import BoardStore
import Foundation

/// The thread that makes one `WebhookSender` worker's HTTP exchanges, in Linux's idle
/// scheduling class: it runs only on a processor nothing else wants, so that posting never
/// takes time from the threads that acknowledge ops. It touches no lock those threads take (the
/// store's calls stay on the worker, at nice 10), so its being held off the processors can delay
/// deliveries, never a commit. It keeps one connection per URL open between deliveries
/// (`WebhookConnection`).
final class WebhookPoster: @unchecked Sendable {
    /// What one call of `post` did.
    struct Result {
        /// How many deliveries, from the first, were answered 2xx.
        var delivered = 0
        /// The outcome of the delivery after them, when it failed; nil when the poster stopped
        /// before it (every one delivered, the time given was up, or the sender stops).
        var failure: WebhookPost.Outcome?
    }

    private struct Job {
        let deliveries: [WebhookDelivery]
        let until: Date
    }

    private let connections: [String: WebhookConnection]
    private let secret: [UInt8]
    private let timeout: Double
    private let stopping: @Sendable () -> Bool
    private let condition = NSCondition()
    private var job: Job?
    private var result: Result?
    private var closed = false

    /// A poster for `urls`, signing with `secret`, each exchange within `timeout` seconds;
    /// `stopping` says when to stop between deliveries.
    init(
        urls: [String: WebhookURL], secret: [UInt8], timeout: Double, stopping: @escaping @Sendable () -> Bool
    ) {
        connections = urls.mapValues(WebhookConnection.init)
        self.secret = secret
        self.timeout = timeout
        self.stopping = stopping
        let thread = Thread { [self] in
            var parameters = sched_param(sched_priority: 0)
            _ = sched_setscheduler(0, Self.idlePolicy, &parameters)
            serve()
        }
        thread.name = "webhook post"
        thread.start()
    }

    /// `SCHED_IDLE`, which Glibc's headers do not export to Swift.
    private static let idlePolicy: Int32 = 5

    /// Posts `deliveries` (all to one URL) in order until one fails, `until` passes or the sender
    /// stops; returns when the poster has.
    func post(_ deliveries: [WebhookDelivery], until: Date) -> Result {
        condition.withLock {
            job = Job(deliveries: deliveries, until: until)
            result = nil
            condition.broadcast()
            while result == nil { condition.wait() }
            defer { result = nil }
            return result ?? Result()
        }
    }

    /// Ends the thread and closes the connections, once the exchange under way is over.
    func close() {
        condition.withLock {
            closed = true
            condition.broadcast()
        }
    }

    private func serve() {
        while let next = nextJob() {
            let done = run(next)
            condition.withLock {
                result = done
                condition.broadcast()
            }
        }
        for connection in connections.values { connection.close() }
    }

    private func nextJob() -> Job? {
        condition.withLock {
            while job == nil, !closed { condition.wait() }
            defer { job = nil }
            return closed ? nil : job
        }
    }

    private func run(_ job: Job) -> Result {
        var result = Result()
        for delivery in job.deliveries {
            guard !stopping(), Date() < job.until, let connection = connections[delivery.url] else { break }
            let body = Array(delivery.body.utf8)
            let outcome = connection.post(
                headers: [
                    ("Content-Type", "application/json"), ("X-Board-Delivery", delivery.id),
                    ("X-Board-Signature", HMACSHA256.signatureHeader(body: body, secret: secret)),
                ], body: body, timeout: timeout)
            guard outcome.delivered else {
                result.failure = outcome
                break
            }
            result.delivered += 1
        }
        return result
    }
}
