import BoardStore
import BoardSync
import Foundation

/// Makes the boards' turns durable and sends each turn once it may go: one mechanism for every
/// store. Each board's `TurnLog` decides what is released; this ends the turns, gathers every
/// board's waiting segments into one `CommitBatch` per commit (with board creations, snapshots,
/// and the commit time from the injected wall clock), hands it to the `Committer`, and feeds
/// what came of it back to the logs.
///
/// What differs between stores is only what a commit can come to. A store of its own never
/// conflicts: each turn's batch goes to the committer at once, however many are under way, and
/// one that fails stops the server (`storageFailed`, board-server exits with 70): nothing more
/// is sent or committed. A store other servers share can lose a board's race: the board's log
/// works its turns out again, inside the losing transaction when the service thread answers in
/// time (`rebaseInCommit`), a board has one commit under way at a time, a commit that stored
/// nothing is tried again after a backoff, and a submit still waiting after `giveUpAfter` is
/// answered `unavailable`.
final class Durability {
    private let store: any BoardStore
    private let boards: LoadedBoards
    private let delivery: Delivery
    private let committer: Committer
    private let metrics: Metrics
    private let log: Log
    private let clock: @Sendable () -> Double
    /// The time of day, the clock commit times are read from.
    private let wallClock: @Sendable () -> CommitTime
    /// Seconds after which a submit that could not be made durable is answered `unavailable`.
    private let giveUpAfter: Double
    /// Seconds a commit that lost races waits, holding the boards' heads, for the service
    /// thread to take up rebasing them; past that it commits the rest without them.
    private let rebaseWait: Double
    /// Called on the service thread when a commit failed for good.
    private let storageFailed: (StoreError) -> Void
    private let thread: ServiceThread
    /// The other servers sharing the store, told of commits and of the turns' activity.
    var others: any OtherServers = NoOtherServers()
    private var loop = CommitLoop<LoadedBoard>()
    /// What losing races cost, for `GET /metrics` of a store others share.
    private(set) var raceMetrics = RaceMetrics()
    /// Boards whose turns wait for a commit, in the order they began waiting.
    private var waitingBoards: [LoadedBoard] = []
    private var retryArmed = false

    init(
        store: any BoardStore, boards: LoadedBoards, delivery: Delivery, committer: Committer, metrics: Metrics,
        log: Log, clock: @escaping @Sendable () -> Double, wallClock: @escaping @Sendable () -> CommitTime,
        thread: ServiceThread, giveUpAfter: Double, rebaseWait: Double, storageFailed: @escaping (StoreError) -> Void
    ) {
        self.store = store
        self.boards = boards
        self.delivery = delivery
        self.committer = committer
        self.metrics = metrics
        self.log = log
        self.clock = clock
        self.wallClock = wallClock
        self.giveUpAfter = giveUpAfter
        self.rebaseWait = rebaseWait
        self.storageFailed = storageFailed
        self.thread = thread
    }

    /// Creates the demo board if it does not exist yet (nor was just created by another server).
    func createDemoBoardIfMissing() throws {
        guard try !store.boardExists(DemoBoard.name) else { return }
        let board = DemoBoard.board
        var batch = CommitBatch()
        batch.createBoard(board.id)
        for section in board.sections {
            batch.useID(section.id.rawValue, kind: .section, on: board.id)
            for item in section.items { batch.useID(item.id.rawValue, kind: .item, on: board.id) }
        }
        batch.addSnapshot(board)
        do {
            try store.commit(batch)
        } catch .boardAlreadyExists {
            return  // another server sharing the store created it first
        }
        log(.info, "demo board created", ["board": board.id.rawValue])
    }

    /// Whether another server can commit a board's next version first.
    var canLoseRaces: Bool { committer.canLoseRaces }

    /// Whether a commit is under way (its completion will be posted to the service thread).
    var isCommitting: Bool { !loop.isIdle }

    /// The ticket of the last commit started.
    var lastTicket: UInt64 { loop.lastTicket }

    /// Ends the turn of every board that had one, sends what that releases, tells the other
    /// servers, and starts a commit of what waits.
    func finishTurn() {
        endTurns()
        others.turnsEnded()
        startCommit()
    }

    /// Ends the turns under way and sends what they release, without committing (before work
    /// that may release more: a completion, ops or activity of other servers, a tick).
    func endTurns() {
        for loaded in boards.takeTouched() {
            release(loaded, loaded.endTurn())
        }
    }

    /// Sends what a board's log released, in order; once something went out the board is told
    /// the turn was flushed, which may release more.
    func release(_ loaded: LoadedBoard, _ results: [TurnLog.Result]) {
        guard !loop.isStopped else { return }
        if delivery.send(results) {
            loaded.handle(.flushed, now: clock())
            if loaded.log.open != nil { release(loaded, loaded.endTurn()) }
        }
        if loaded.log.isOutOfStep { drop(loaded, reason: "the board no longer follows the store") }
        queueIfWaiting(loaded)
    }

    /// Puts `loaded` on the list of boards the next commit takes turns of, when it has some that
    /// may be committed now.
    private func queueIfWaiting(_ loaded: LoadedBoard) {
        guard !loaded.queuedForCommit, loaded.log.hasWaitingCommits else { return }
        loaded.queuedForCommit = true
        waitingBoards.append(loaded)
    }

    /// Starts a commit of every waiting board's turns, unless a retry is not due yet.
    func startCommit() {
        guard !loop.isStopped, !waitingBoards.isEmpty else { return }
        guard loop.mayStart(at: clock()) else {
            armRetry()
            return
        }
        let ticket = loop.lastTicket + 1
        let committedAt = wallClock()
        var batch = CommitBatch()
        var parts: [CommitLoop<LoadedBoard>.Part] = []
        var creating: [LoadedBoard] = []
        for loaded in waitingBoards {
            loaded.queuedForCommit = false
            guard loaded.isLoaded, let commit = loaded.log.takeForCommit(ticket: ticket) else { continue }
            append(commit, of: loaded.name, committedAt: committedAt, to: &batch)
            parts.append(.init(board: loaded, ops: commit.opCount))
            if commit.createsBoard { creating.append(loaded) }
        }
        waitingBoards = []
        guard !batch.isEmpty else { return }
        precondition(loop.start(parts, creating: creating) == ticket)
        submit(batch, ticket: ticket)
    }

    /// Adds what a board's segments store to `batch`: its creation (with the initial section id
    /// and the snapshot at version 0), its sequencer outputs stamped `committedAt`, its snapshots.
    private func append(
        _ commit: TurnLog.Commit, of name: BoardName, committedAt: CommitTime, to batch: inout CommitBatch
    ) {
        if commit.createsBoard {
            batch.createBoard(name)
            batch.useID("main", kind: .section, on: name)
            batch.addSnapshot(.initial(id: name))
        }
        for output in commit.outputs { batch.append(output, of: name, committedAt: committedAt) }
        for snapshot in commit.snapshots { batch.addSnapshot(snapshot) }
    }

    private func submit(_ batch: CommitBatch, ticket: UInt64) {
        guard let host = thread.host else {
            commitCompleted(committer.commitNow(batch, ticket: ticket) { self.rebaseInCommit($0, ticket: $1) })
            return
        }
        let target = ServiceThreadReference(self)
        let wait = rebaseWait
        committer.submit(
            batch, ticket: ticket,
            rebase: { newer, ticket in
                let request = RebaseRequest()
                host.post {
                    guard request.claim() else { return }
                    request.answer(target.value.rebaseInCommit(newer, ticket: ticket))
                }
                return request.waitForAnswer(within: wait) ?? CommitBatch()
            },
            completed: { completion in
                host.post { target.value.commitCompleted(completion) }
            })
    }

    /// The transaction of `ticket` found that other servers committed the next versions of these
    /// boards first, and holds their heads: each board's log takes the newer ops (their `op`
    /// messages go out, they are durable) and works its pending turns out again on top of them;
    /// answers those turns, to be written in the same transaction.
    func rebaseInCommit(_ newer: [BoardName: [SequencedOp]], ticket: UInt64) -> CommitBatch {
        thread.check()
        endTurns()
        let now = clock()
        let committedAt = wallClock()
        var batch = CommitBatch()
        for (name, ops) in newer.sorted(by: { $0.key < $1.key }) {
            guard let loaded = boards[name], loop.holds(loaded, through: ticket) else { continue }
            raceMetrics.racesLost += 1
            loaded.racesLostInARow += 1
            loop.rebased(loaded, ops: 0, in: ticket)
            release(loaded, loaded.log.conflicted(through: ticket, newer: ops, current: &loaded.sequencer, now: now))
            guard loaded.isLoaded, let commit = loaded.log.takeForCommit(ticket: ticket) else { continue }
            append(commit, of: name, committedAt: committedAt, to: &batch)
            loop.rebased(loaded, ops: commit.opCount, in: ticket)
        }
        others.turnsEnded()
        return batch
    }

    /// What a transaction came to: each board's log releases, works its turns out again or
    /// waits; a failure for good stops everything.
    func commitCompleted(_ completion: Committer.Completion) {
        thread.check()
        guard !loop.isStopped else { return }
        endTurns()
        let now = clock()
        switch completion.outcome {
        case .stored(let newer):
            let finished = loop.finish(through: completion.ticket, stored: true, at: now)
            metrics.commitDuration.observe(completion.duration)
            if completion.ops > 0 { metrics.commitBatchSize.observe(Double(completion.ops)) }
            for part in finished.parts {
                let loaded = part.board
                guard loaded.isLoaded else { continue }
                if !newer.isEmpty, let missed = newer[loaded.name] {
                    lostRace(loaded, missed: missed, rebasedInCommit: part.rebased)
                    release(
                        loaded,
                        loaded.log.conflicted(
                            through: completion.ticket, newer: missed, current: &loaded.sequencer, now: now))
                    continue
                }
                metrics.opsCommitted += UInt64(part.ops)
                if part.ops > 0, canLoseRaces {
                    raceMetrics.racesLostBeforeCommit.observe(Double(loaded.racesLostInARow))
                    loaded.racesLostInARow = 0
                }
                release(loaded, loaded.log.committed(through: completion.ticket, current: &loaded.sequencer, now: now))
                if part.ops > 0 || finished.creating.contains(loaded) {
                    others.committed(loaded.name, at: loaded.log.durableBoard.version)
                }
            }
        case .notStored(let error):
            storedNothing(through: completion.ticket, at: now, .warn, "commit not stored; trying again", error) {
                $0.log.notCommitted(through: completion.ticket)
                queueIfWaiting($0)
            }
        case .unknown(let error):
            storedNothing(
                through: completion.ticket, at: now, .error, "commit outcome unknown; reloading its boards", error
            ) {
                drop($0, reason: "the outcome of a commit is unknown")
            }
        case .failed(let error):
            loop.stop()
            log(.error, "storage failed; stopping without acknowledging", ["error": String(describing: error)])
            storageFailed(error)
            return
        }
        giveUpOverdueSubmits()
        others.commitAnswered()
        others.turnsEnded()
        startCommit()
    }

    /// The commits up to `ticket` stored nothing (or nothing that can be told): counted, logged,
    /// and each of their boards handled by `each`.
    private func storedNothing(
        through ticket: UInt64, at now: Double, _ level: LogLevel, _ message: String, _ error: StoreError,
        each: (LoadedBoard) -> Void
    ) {
        let finished = loop.finish(through: ticket, stored: false, at: now)
        raceMetrics.commitFailures += 1
        log(level, message, ["error": String(describing: error)])
        for part in finished.parts where part.board.isLoaded {
            each(part.board)
        }
    }

    /// Counts a race `loaded` lost: a board rebased inside the transaction comes back only when
    /// its rebased turns did not continue the head after all, and the ops it took then are not
    /// new.
    private func lostRace(_ loaded: LoadedBoard, missed: [SequencedOp], rebasedInCommit: Bool) {
        let durable = loaded.log.durableBoard.version
        guard !rebasedInCommit || missed.contains(where: { $0.version > durable }) else { return }
        raceMetrics.racesLost += 1
        loaded.racesLostInARow += 1
    }

    /// Answers `unavailable` to the submits of every waiting board whose oldest waiting turn is
    /// older than `giveUpAfter`, when no commit of it is under way (only a log that works its
    /// turns out again can give up).
    private func giveUpOverdueSubmits() {
        let now = clock()
        for loaded in waitingBoards where loaded.isLoaded {
            let results = loaded.log.giveUp(
                now: now, deadline: giveUpAfter, current: &loaded.sequencer,
                message: "the database cannot be reached; submit again later")
            guard !results.isEmpty else { continue }
            let refused = results.reduce(0) { count, result in
                guard case .direct(_, .error(let report)) = result, report.code == .unavailable else { return count }
                return count + 1
            }
            raceMetrics.submitsGivenUp += UInt64(refused)
            log(.warn, "gave up on submits", ["board": loaded.name.rawValue, "submits": String(refused)])
            release(loaded, results)
        }
    }

    /// Once a second: overdue submits are given up, a due retry is started.
    func tick() {
        endTurns()
        giveUpOverdueSubmits()
        finishTurn()
    }

    /// Forgets a board that no longer follows the store: its connections are closed (1012,
    /// the server restarts the board) so that their clients reconnect and load it again.
    func drop(_ loaded: LoadedBoard, reason: String) {
        guard loaded.isLoaded else { return }
        log(.error, "board dropped", ["board": loaded.name.rawValue, "reason": reason])
        boards.remove(loaded)
        for id in loaded.connections.sorted() {
            guard let context = delivery[id] else { continue }
            delivery.close(context, code: 1012, reason: "the board is reloading")
        }
    }

    private func armRetry() {
        guard !retryArmed, let host = thread.host else { return }
        retryArmed = true
        host.runLater(after: loop.wait(at: clock())) { [weak self] in
            guard let self else { return }
            retryArmed = false
            finishTurn()
        }
    }

    /// Waits for the commits under way, then commits what the last turns left (the loop has
    /// stopped, so nothing is sent: clients that reconnect catch up; a board that loses its race
    /// now is left out, and its clients submit again). After a failure, or while the store does
    /// not answer, nothing more is committed.
    func commitRemainingAtExit() {
        committer.waitUntilIdle()
        guard !loop.isStopped, loop.isReachable else { return }
        for loaded in boards.takeTouched() { _ = loaded.endTurn() }
        let ticket = loop.lastTicket + 1
        let committedAt = wallClock()
        var batch = CommitBatch()
        for loaded in boards.sorted {
            guard let commit = loaded.log.takeForCommit(ticket: ticket) else { continue }
            append(commit, of: loaded.name, committedAt: committedAt, to: &batch)
        }
        guard !batch.isEmpty else { return }
        switch committer.commitNow(batch, ticket: ticket, rebase: { _, _ in CommitBatch() }).outcome {
        case .stored: break
        case .notStored(let error), .failed(let error), .unknown(let error):
            log(.error, "storage failed at exit", ["error": String(describing: error)])
        }
    }
}
