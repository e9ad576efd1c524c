/// The commits of one service in ticket order: which are under way and what each holds, and
/// when the next may start. A store that reports a commit stored nothing is asked again only
/// once a backoff has passed (doubling from `firstRetry` up to `longestRetry`), so a database
/// that is down is asked again and again, but not in a tight loop. Pure: `Durability` carries
/// it out, with its loaded boards as `Board`.
///
/// Commits overlap: each turn's may be handed to the committer while earlier ones run, and the
/// committer merges whatever waits into its next transaction and reports the highest ticket it
/// covered, so one completion finishes every commit up to it.
struct CommitLoop<Board: Equatable> {
    /// What a commit holds of one board.
    struct Part: Equatable {
        let board: Board
        /// The ops it holds of the board (0 when it stores only `seq` advances or ids).
        var ops: Int
        /// The board lost its race and was worked out again inside the commit's transaction.
        var rebased = false
    }

    /// One commit under way.
    struct Commit: Equatable {
        let ticket: UInt64
        /// The boards it stores something of, in the order they were taken.
        var parts: [Part] = []
        /// The boards it creates.
        var creating: [Board] = []
    }

    let firstRetry: Double
    let longestRetry: Double
    /// The ticket of the last commit started.
    private(set) var lastTicket: UInt64 = 0
    /// The commits under way, in ticket order.
    private(set) var underWay: [Commit] = []
    /// Commits since the last one that stored something that stored nothing.
    private(set) var failures = 0
    /// No commit starts before this time.
    private(set) var notBefore = -Double.infinity
    /// A commit failed for good: nothing more is committed, and nothing under way counts.
    private(set) var isStopped = false

    init(firstRetry: Double = 0.1, longestRetry: Double = 2) {
        self.firstRetry = firstRetry
        self.longestRetry = longestRetry
    }

    /// Whether no commit is under way.
    var isIdle: Bool { underWay.isEmpty }

    /// Whether a commit may start at `now`.
    func mayStart(at now: Double) -> Bool { !isStopped && now >= notBefore }

    /// How long until a commit may start.
    func wait(at now: Double) -> Double { max(0, notBefore - now) }

    /// Whether the store answered the last commit (false after one stored nothing, until one does).
    var isReachable: Bool { failures == 0 }

    /// A commit of `parts`, creating `creating`, starts; returns its ticket.
    mutating func start(_ parts: [Part], creating: [Board]) -> UInt64 {
        lastTicket += 1
        underWay.append(Commit(ticket: lastTicket, parts: parts, creating: creating))
        return lastTicket
    }

    /// Whether a commit up to `ticket` holds something of `board`.
    func holds(_ board: Board, through ticket: UInt64) -> Bool {
        underWay.contains { $0.ticket <= ticket && $0.parts.contains { $0.board == board } }
    }

    /// The transaction of `ticket` found that `board` lost its race and wrote `ops` of its turns
    /// worked out again instead.
    mutating func rebased(_ board: Board, ops: Int, in ticket: UInt64) {
        for commit in underWay.indices where underWay[commit].ticket <= ticket {
            guard let part = underWay[commit].parts.firstIndex(where: { $0.board == board }) else { continue }
            underWay[commit].parts[part].ops = ops
            underWay[commit].parts[part].rebased = true
            return
        }
    }

    /// A commit failed for good: no commit starts any more, and what is under way is forgotten.
    mutating func stop() {
        isStopped = true
        underWay = []
    }

    /// Every commit up to `ticket` ended at `now`, having stored something or not; returns them
    /// as one. After `stop`, nothing.
    mutating func finish(through ticket: UInt64, stored: Bool, at now: Double) -> Commit {
        var finished = Commit(ticket: ticket)
        guard !isStopped else { return finished }
        let count = underWay.prefix { $0.ticket <= ticket }.count
        for commit in underWay[..<count] {
            finished.parts += commit.parts
            finished.creating += commit.creating
        }
        underWay.removeFirst(count)
        if stored {
            failures = 0
            notBefore = -Double.infinity
        } else {
            failures += 1
            var delay = firstRetry
            for _ in 1..<min(failures, 16) { delay = min(longestRetry, delay * 2) }
            notBefore = now + min(delay, longestRetry)
        }
        return finished
    }
}
