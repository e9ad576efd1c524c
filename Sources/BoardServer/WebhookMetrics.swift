import BoardStore
import BoardSync
import Foundation
import Locking

/// The webhook figures of `/metrics`: deliveries pending and the age of the oldest (as the
/// sender last read them from the outbox), failed attempts by outcome, deliveries made and
/// given up. Counted by the sender's threads, rendered on the service thread.
final class WebhookMetrics: Sendable {
    private struct Counts {
        var failures: [String: UInt64] = [:]
        var delivered: UInt64 = 0
        var givenUp: UInt64 = 0
        var backlog = WebhookBacklog(pending: 0, oldestDue: nil)
    }

    private let counts = Locked(Counts())

    func delivered(_ count: Int = 1) {
        counts.withLock { $0.delivered += UInt64(count) }
    }

    /// A failed attempt, by `WebhookPost.Outcome.label`.
    func failed(_ label: String) {
        counts.withLock { $0.failures[label, default: 0] += 1 }
    }

    func gaveUp() {
        counts.withLock { $0.givenUp += 1 }
    }

    func record(_ backlog: WebhookBacklog) {
        counts.withLock { $0.backlog = backlog }
    }

    /// Prometheus text, the oldest delivery's age measured now.
    func render() -> String {
        let counts = counts.withLock { $0 }
        let now = CommitTime(milliseconds: Int64((Date().timeIntervalSince1970 * 1000).rounded()))
        let age = counts.backlog.oldestDue.map { max(0, Double(now.milliseconds - $0.milliseconds) / 1000) } ?? 0
        var text = "# HELP boardsync_webhook_pending Webhook deliveries not yet delivered nor given up.\n"
        text += "# TYPE boardsync_webhook_pending gauge\nboardsync_webhook_pending \(counts.backlog.pending)\n"
        text += "# HELP boardsync_webhook_oldest_pending_seconds Age of the oldest pending webhook delivery.\n"
        text += "# TYPE boardsync_webhook_oldest_pending_seconds gauge\n"
        text += "boardsync_webhook_oldest_pending_seconds \(Metrics.format(age))\n"
        text += "# HELP boardsync_webhook_delivered_total Webhook deliveries answered with a 2xx status.\n"
        text +=
            "# TYPE boardsync_webhook_delivered_total counter\nboardsync_webhook_delivered_total \(counts.delivered)\n"
        text += "# HELP boardsync_webhook_failures_total Failed webhook attempts, by status or outcome.\n"
        text += "# TYPE boardsync_webhook_failures_total counter\n"
        for (label, value) in counts.failures.sorted(by: { $0.key < $1.key }) {
            text += "boardsync_webhook_failures_total{status=\"\(label)\"} \(value)\n"
        }
        text += "# HELP boardsync_webhook_given_up_total Webhook deliveries given up after the retry window.\n"
        text += "# TYPE boardsync_webhook_given_up_total counter\nboardsync_webhook_given_up_total \(counts.givenUp)\n"
        return text
    }
}
