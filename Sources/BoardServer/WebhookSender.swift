import BoardStore
import BoardSync
import Foundation

/// Sends the deliveries of the webhook outbox (protocol 1.2 section 12) on threads of its own,
/// never the service or commit threads, so a slow receiver never delays an ack.
///
/// A dispatcher asks the outbox every `pollSeconds` for the lanes (URL and board) whose next
/// delivery is due and hands each lane not already under way to one of `workers` threads.
/// A worker claims the lane (in a cluster, a lease in the database, so one node sends it),
/// then has its poster (`WebhookPoster`, a thread in the idle scheduling class) POST its
/// deliveries one by one in version order until one fails: that one is postponed by
/// `WebhookRetry`, and the lane waits for it while other lanes go on. The dispatcher and the
/// workers, which call the store, run at nice 10; the posters, which make the HTTP exchanges,
/// only when a processor is otherwise idle. A failure after the retry window gives the
/// delivery up with one log line, and the lane goes on.
/// Delivered deliveries are removed from the outbox in runs (a crash before the removal sends
/// them again: at least once).
final class WebhookSender: @unchecked Sendable {
    /// What the sender needs besides its outbox.
    struct Settings: Sendable {
        var urls: [String]
        var secret: [UInt8]
        var retry: WebhookRetry
        /// The lease holder's name (this node's).
        var holder: String
        var workers = 4
        var pollSeconds = 0.1
        var requestTimeout = 10.0
        /// How long a lane's lease lasts; renewed at least every `renewSeconds`, which with the
        /// request timeout stays well inside it.
        var leaseSeconds = 30.0
        var renewSeconds = 5.0
        /// Deliveries read from the outbox at once.
        var batch = 128
    }

    private let outbox: any WebhookOutbox
    private let settings: Settings
    private let targets: [String: WebhookURL]
    private let log: Log
    private let metrics: WebhookMetrics
    private let condition = NSCondition()
    private var waiting: [WebhookLane] = []
    private var underWay: Set<WebhookLane> = []
    private var stopped = false
    private var threads = 0

    init(outbox: any WebhookOutbox, settings: Settings, log: Log, metrics: WebhookMetrics) {
        self.outbox = outbox
        self.settings = settings
        self.log = log
        self.metrics = metrics
        var targets: [String: WebhookURL] = [:]
        for url in settings.urls { targets[url] = WebhookURL(url) }
        self.targets = targets
    }

    /// Starts the dispatcher and the workers.
    func start() {
        condition.withLock { threads = settings.workers + 1 }
        startThread("webhooks") { $0.dispatch() }
        for index in 0..<settings.workers {
            startThread("webhook \(index + 1)") { $0.work() }
        }
    }

    /// Stops taking lanes and waits for the deliveries under way to end (a request ends within
    /// its timeout).
    func stop() {
        condition.withLock {
            stopped = true
            condition.broadcast()
            while threads > 0 { condition.wait() }
        }
    }

    /// The niceness of the sender's threads: Linux keeps one per thread, and `setpriority` of
    /// process 0 sets the calling thread's.
    static let niceness: Int32 = 10

    private func startThread(_ name: String, _ body: @escaping @Sendable (WebhookSender) -> Void) {
        let thread = Thread { [self] in
            // Below the service and commit threads: on a busy machine sending yields to acks.
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, Self.niceness)
            body(self)
            condition.withLock {
                threads -= 1
                condition.broadcast()
            }
        }
        thread.name = name
        thread.start()
    }

    private var now: CommitTime { CommitTime(milliseconds: Int64((Date().timeIntervalSince1970 * 1000).rounded())) }

    private func dispatch() {
        var lastBacklog = Date.distantPast
        var failing = false
        while !condition.withLock({ stopped }) {
            do {
                let lanes = try outbox.dueWebhookLanes(of: settings.urls, now: now)
                condition.withLock {
                    for lane in lanes where !underWay.contains(lane) {
                        underWay.insert(lane)
                        waiting.append(lane)
                    }
                    condition.broadcast()
                }
                if Date().timeIntervalSince(lastBacklog) >= 1 {
                    metrics.record(try outbox.webhookBacklog(of: settings.urls))
                    lastBacklog = Date()
                }
                failing = false
            } catch {
                if !failing { log(.warn, "webhook outbox unreadable", ["error": "\(error)"]) }
                failing = true
            }
            condition.withLock {
                if !stopped { _ = condition.wait(until: Date().addingTimeInterval(settings.pollSeconds)) }
            }
        }
    }

    /// Takes lanes until the sender stops, handing each one's deliveries to a poster of its own,
    /// which keeps a connection per URL open between them.
    private func work() {
        let poster = WebhookPoster(
            urls: targets, secret: settings.secret, timeout: settings.requestTimeout,
            stopping: { [self] in condition.withLock { stopped } })
        while let lane = nextLane() {
            do {
                while try send(lane, with: poster) {}
            } catch {
                log(.warn, "webhook outbox unreadable", ["error": "\(error)"])
            }
            condition.withLock { _ = underWay.remove(lane) }
        }
        poster.close()
    }

    private func nextLane() -> WebhookLane? {
        condition.withLock {
            while waiting.isEmpty, !stopped { condition.wait() }
            return stopped ? nil : waiting.removeFirst()
        }
    }

    /// Sends the due deliveries of `lane` in order while it holds the lane's lease, up to
    /// `batch` of them; answers whether it sent a whole batch, so that more may be due. The
    /// poster posts them; this thread does what touches the store, and renews the lease between
    /// the poster's runs, each of which ends by the time a renewal is due.
    private func send(_ lane: WebhookLane, with poster: WebhookPoster) throws(StoreError) -> Bool {
        guard targets[lane.url] != nil,
            try outbox.claimWebhookLane(lane, holder: settings.holder, seconds: settings.leaseSeconds)
        else { return false }
        var claimed = Date()
        var sent: Int64?
        defer {
            if let sent { try? outbox.removeWebhookDeliveries(of: lane, through: sent) }
        }
        let deliveries = try outbox.pendingWebhookDeliveries(of: lane, limit: settings.batch)
        var next = 0
        while next < deliveries.count {
            if condition.withLock({ stopped }) { return false }
            if Date().timeIntervalSince(claimed) >= settings.renewSeconds {
                if let done = sent { try outbox.removeWebhookDeliveries(of: lane, through: done) }
                sent = nil
                guard try outbox.claimWebhookLane(lane, holder: settings.holder, seconds: settings.leaseSeconds)
                else { return false }
                claimed = Date()
            }
            let attemptedAt = now
            let due = deliveries[next...].prefix { $0.nextAttempt <= attemptedAt }
            guard !due.isEmpty else { return false }
            let result = poster.post(Array(due), until: claimed.addingTimeInterval(settings.renewSeconds))
            if result.delivered > 0 {
                metrics.delivered(result.delivered)
                sent = deliveries[next + result.delivered - 1].position
                next += result.delivered
            }
            guard let failure = result.failure else { continue }
            let delivery = deliveries[next]
            metrics.failed(failure.label)
            let attempts = delivery.attempts + 1
            let failedAt = now
            if settings.retry.givesUp(due: delivery.due, at: failedAt) {
                log(
                    .warn, "webhook delivery given up",
                    [
                        "url": lane.url, "board": lane.board.rawValue, "version": String(delivery.version),
                        "delivery": delivery.id, "attempts": String(attempts), "last": failure.words,
                    ])
                metrics.gaveUp()
                sent = delivery.position
                next += 1
                continue
            }
            try outbox.postponeWebhookDelivery(
                delivery, attempts: attempts, until: settings.retry.nextAttempt(after: attempts, from: failedAt))
            return false
        }
        return deliveries.count == settings.batch
    }
}
