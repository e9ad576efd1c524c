/// When a server sharing its store starts its next commit: one at a time, and after a failed
/// one only once a backoff has passed (doubling from `firstRetry` up to `longestRetry`), so a
/// database that is down is asked again and again, but not in a tight loop. Pure.
struct CommitScheduler: Equatable {
    let firstRetry: Double
    let longestRetry: Double
    /// The ticket of the commit under way.
    private(set) var inFlight: UInt64?
    private(set) var lastTicket: UInt64 = 0
    /// Failed commits since the last one that stored something.
    private(set) var failures = 0
    /// No commit starts before this time.
    private(set) var notBefore = -Double.infinity

    init(firstRetry: Double = 0.1, longestRetry: Double = 2) {
        self.firstRetry = firstRetry
        self.longestRetry = longestRetry
    }

    /// Whether a commit may start at `now`.
    func mayStart(at now: Double) -> Bool { inFlight == nil && now >= notBefore }

    /// How long until a commit may start, when none is under way.
    func wait(at now: Double) -> Double? { inFlight == nil ? max(0, notBefore - now) : nil }

    /// A commit starts; returns its ticket.
    mutating func start() -> UInt64 {
        precondition(inFlight == nil, "a commit is already under way")
        lastTicket += 1
        inFlight = lastTicket
        return lastTicket
    }

    /// The commit under way ended at `now`, having stored something or not.
    mutating func finish(stored: Bool, at now: Double) {
        inFlight = nil
        if stored {
            failures = 0
            notBefore = -Double.infinity
        } else {
            failures += 1
            var delay = firstRetry
            for _ in 1..<min(failures, 16) { delay = min(longestRetry, delay * 2) }
            notBefore = now + min(delay, longestRetry)
        }
    }

    /// Whether the database answered the last commit (false after a failure, until one stores).
    var isReachable: Bool { failures == 0 }
}
