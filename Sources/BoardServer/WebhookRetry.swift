import BoardSync

/// When a failed webhook delivery is tried again, and when it is given up: the delay before
/// attempt n + 1 is `base` doubled n - 1 times, at most an hour, less a random part of up to a
/// half (jitter, so that lanes failing together spread out); a delivery that fails once its
/// retry window since it was due has passed is given up.
struct WebhookRetry: Sendable {
    /// The delay after the first failure, in milliseconds.
    var baseMilliseconds: Int
    /// The retry window, in hours.
    var hours: Double

    static let longestDelayMilliseconds: Int64 = 3_600_000

    /// The longest delay after `attempts` failures, before jitter.
    func delayMilliseconds(after attempts: Int) -> Int64 {
        var delay = Int64(baseMilliseconds)
        for _ in 1..<max(1, attempts) {
            delay *= 2
            if delay >= Self.longestDelayMilliseconds { return Self.longestDelayMilliseconds }
        }
        return min(delay, Self.longestDelayMilliseconds)
    }

    /// When to try again after the `attempts`-th failure at `failedAt`.
    func nextAttempt(after attempts: Int, from failedAt: CommitTime) -> CommitTime {
        let delay = delayMilliseconds(after: attempts)
        let jitter = Int64.random(in: 0...(delay / 2))
        return CommitTime(milliseconds: failedAt.milliseconds + delay - jitter)
    }

    /// Whether a delivery due at `due` that failed at `failedAt` is given up.
    func givesUp(due: CommitTime, at failedAt: CommitTime) -> Bool {
        Double(failedAt.milliseconds - due.milliseconds) >= hours * 3_600_000
    }
}
