import BoardSync
import TestSupport

@testable import BoardServer

/// A service thread driven by hand, for a `BoardService` in a test: the clock moves only when
/// the test advances it, timers fire then, and work posted from other threads (the committer's
/// completions) waits until the test runs it. Everything but `post` is called on
/// the test's thread.
final class EmbeddedHost: ServiceHost, @unchecked Sendable {
    private struct Timer {
        let deadline: Double
        let order: Int
        let work: () -> Void
    }

    /// The clock's time in seconds; it starts far from 0, as a monotonic clock does.
    private(set) var now: Double = 10_000
    private var timers: [Timer] = []
    private var timersScheduled = 0
    private let posted = Watched<[@Sendable () -> Void]>([])

    /// The clock for the service.
    var clock: @Sendable () -> Double { { [unowned self] in now } }

    /// The time of day when the clock reads its first value: 2026-12-01T09:00:00Z.
    static let startOfDay = CommitTime(milliseconds: 1_796_115_600_000)

    /// The time of day for the service: `startOfDay` plus the time the clock moved since.
    var wallClock: @Sendable () -> CommitTime {
        { [unowned self] in self.timeOfDay }
    }

    /// The time of day now: `startOfDay` plus the time the clock moved since.
    var timeOfDay: CommitTime {
        CommitTime(milliseconds: Self.startOfDay.milliseconds + Int64(((now - 10_000) * 1000).rounded()))
    }

    func runLater(after seconds: Double, _ work: @escaping () -> Void) {
        timersScheduled += 1
        timers.append(Timer(deadline: now + max(0, seconds), order: timersScheduled, work: work))
    }

    @discardableResult
    func post(_ work: @escaping @Sendable () -> Void) -> Bool {
        posted.append(work)
        return true
    }

    /// Runs the work posted so far, and what that work posts; says whether there was any.
    @discardableResult
    func runPosted() -> Bool {
        var ran = false
        while true {
            let work = posted.update { queue -> [@Sendable () -> Void] in
                defer { queue.removeAll() }
                return queue
            }
            guard !work.isEmpty else { return ran }
            ran = true
            work.forEach { $0() }
        }
    }

    /// Waits until work is posted (at most `timeout` seconds) and runs it; false when none came.
    func waitForPosted(timeout: Double) -> Bool {
        guard posted.wait(timeout: timeout, until: { !$0.isEmpty }) else { return false }
        return runPosted()
    }

    /// Moves the clock `seconds` forward, firing every timer that falls due on the way in the
    /// order of its deadline (timers those schedule included); `between` runs after each.
    func advance(by seconds: Double, between: () -> Void = {}) {
        let end = now + seconds
        while let next = firstTimer(dueBy: end) {
            timers.removeAll { $0.order == next.order }
            now = max(now, next.deadline)
            next.work()
            runPosted()
            between()
        }
        now = end
    }

    private func firstTimer(dueBy time: Double) -> Timer? {
        timers.filter { $0.deadline <= time }.min { ($0.deadline, $0.order) < ($1.deadline, $1.order) }
    }
}
