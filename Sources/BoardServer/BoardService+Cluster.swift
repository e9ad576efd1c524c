import BoardStore
import BoardSync
import Foundation
import ServerTransport

/// The turns of a server whose store other servers share: each board's speculative log says
/// what may be sent; one commit at a time takes every board's waiting turns; a lost race, a
/// failure and giving up are answered by the log (see `SpeculativeLog`).
extension BoardService {
    /// Whether work under way will post something back: a commit or a read of the store (turns
    /// waiting for a retry wait for a timer).
    var hasWorkUnderWay: Bool {
        guard let cluster else { return !pipeline.isIdle || !turn.isEmpty }
        return cluster.scheduler.inFlight != nil || cluster.readInFlight || cluster.pollInFlight
    }

    /// Ends the turn of every board that had events, sends what that releases and starts the
    /// next commit if none is under way.
    func finishClusterTurn() {
        endClusterTurns()
        publishLocalActivity()
        startClusterCommit()
    }

    /// Ends the turns under way without committing (before handling a completion or new ops).
    func endClusterTurns() {
        for loaded in boards.values where loaded.log?.open != nil {
            sendReleased(loaded, loaded.log?.endTurn() ?? [])
        }
    }

    /// Sends what a board's log released, in order; once something went out the board is told
    /// the turn was flushed, which may release more.
    func sendReleased(_ loaded: LoadedBoard, _ results: [SpeculativeLog.Result]) {
        var sentAny = false
        for result in results {
            switch result {
            case .sequencer(let output):
                send(output, board: loaded.name)
                sentAny = sentAny || !output.messages.isEmpty || !output.closes.isEmpty
            case .direct(let connection, let message):
                deliver(message, to: [connection])
                sentAny = true
            }
        }
        if let log = loaded.log { loaded.durableSnapshot = log.durable.snapshot }
        if sentAny {
            _ = loaded.handle(.flushed, now: clock())
            sendReleased(loaded, loaded.log?.endTurn() ?? [])
        }
        if loaded.log?.isOutOfStep == true { dropBoard(loaded, reason: "the board no longer follows the store") }
    }

    /// Starts a commit of every board's waiting turns (and the boards not created yet) unless
    /// one is under way or a retry is not due.
    func startClusterCommit() {
        guard let cluster else { return }
        let now = clock()
        guard cluster.scheduler.mayStart(at: now) else {
            armCommitRetry()
            return
        }
        var batch = CommitBatch()
        let ticket = cluster.scheduler.lastTicket + 1
        let committedAt = wallClock()
        var included: [String: Int] = [:]
        for name in boards.keys.sorted() {
            guard let loaded = boards[name], let log = loaded.log else { continue }
            let creates = loaded.awaitingCreation
            guard log.hasWaitingCommits || creates else { continue }
            if creates {
                batch.createBoard(name)
                batch.useID("main", kind: .section, on: name)
                batch.addSnapshot(.initial(id: name))
                cluster.creating.insert(name)
            }
            included[name] = takeForCommit(loaded, ticket: ticket, committedAt: committedAt, into: &batch)
        }
        guard !batch.isEmpty else { return }
        precondition(cluster.scheduler.start() == ticket)
        cluster.committing = included
        cluster.rebasedInCommit = []
        guard let host else {
            clusterCommitCompleted(
                cluster.committer.commitAndWait(batch, ticket: ticket) { self.rebaseInCommit($0, ticket: ticket) })
            return
        }
        metrics.commitBatchSize.observe(Double(batch.ops.count))
        let target = ServiceThreadReference(self)
        let wait = cluster.configuration.rebaseWait
        cluster.committer.commit(
            batch, ticket: ticket,
            rebase: { newer in
                let request = RebaseRequest()
                host.post {
                    guard request.claim() else { return }
                    request.answer(target.value.rebaseInCommit(newer, ticket: ticket))
                }
                return request.waitForAnswer(within: wait) ?? CommitBatch()
            },
            completed: { completion in
                host.post { target.value.clusterCommitCompleted(completion) }
            })
    }

    /// Adds the board's waiting turns to `batch` as part of the commit `ticket`, with the
    /// snapshots they reach; answers how many ops that is.
    private func takeForCommit(
        _ loaded: LoadedBoard, ticket: UInt64, committedAt: CommitTime, into batch: inout CommitBatch
    ) -> Int {
        guard let durable = loaded.log?.durable.snapshot else { return 0 }
        var commits: [SequencedOp] = []
        for output in loaded.log?.takeForCommit(ticket: ticket) ?? [] {
            batch.append(output, of: loaded.name, committedAt: committedAt)
            commits += output.commits
        }
        for snapshot in Self.snapshots(of: durable, after: commits, every: options.snapshotEvery) {
            batch.addSnapshot(snapshot)
        }
        return commits.count
    }

    /// The commit `ticket` found that another server committed the next versions of these
    /// boards first, and holds their heads: each board's log takes the newer ops (their `op`
    /// messages go out, they are durable) and works its pending turns out again on top of them;
    /// answers those turns, to be written in the same transaction.
    func rebaseInCommit(_ newer: [String: [SequencedOp]], ticket: UInt64) -> CommitBatch {
        serviceThread.check()
        guard let cluster else { return CommitBatch() }
        endClusterTurns()
        let now = clock()
        let committedAt = wallClock()
        var batch = CommitBatch()
        for (name, ops) in newer.sorted(by: { $0.key < $1.key }) {
            guard let loaded = boards[name], cluster.committing[name] != nil else { continue }
            cluster.metrics.racesLost += 1
            loaded.racesLostInARow += 1
            cluster.rebasedInCommit.insert(name)
            cluster.committing[name] = 0
            sendReleased(
                loaded,
                loaded.log?.conflicted(
                    ticket: ticket, newer: ops, current: &loaded.sequencer, now: now)
                    ?? [])
            guard boards[name] === loaded, loaded.log?.hasWaitingCommits == true else { continue }
            cluster.committing[name] = takeForCommit(loaded, ticket: ticket, committedAt: committedAt, into: &batch)
        }
        publishLocalActivity()
        return batch
    }

    /// The board at every version of `commits` (which continue `board`) that is a multiple of
    /// `every`: every node of a cluster snapshots a board at the same versions, whichever of
    /// them committed the ops.
    static func snapshots(of board: Board, after commits: [SequencedOp], every: Int) -> [Board] {
        guard let last = commits.last?.version, every > 0, last / every > board.version / every else { return [] }
        var state = BoardState(board: board)
        var taken: [Board] = []
        for committed in commits {
            guard state.replay(committed.op, committedAt: committed.version) else { break }
            if committed.version % every == 0 { taken.append(state.board) }
        }
        return taken
    }

    /// What the commit under way came to: each board's log releases, replays or waits.
    func clusterCommitCompleted(_ completion: ClusterCommitter.Completion) {
        serviceThread.check()
        guard let cluster else { return }
        endClusterTurns()
        let now = clock()
        let included = cluster.committing
        let creating = cluster.creating
        cluster.committing = [:]
        cluster.creating = []
        let rebased = cluster.rebasedInCommit
        cluster.rebasedInCommit = []
        switch completion.outcome {
        case .stored(let newer):
            cluster.scheduler.finish(stored: true, at: now)
            var heads: [String: Int] = [:]
            metrics.commitDuration.observe(completion.duration)
            for (name, ops) in included.sorted(by: { $0.key < $1.key }) {
                guard let loaded = boards[name] else { continue }
                if creating.contains(name) { loaded.awaitingCreation = false }
                if let ops = newer[name] {
                    // A board rebased in the transaction comes back only when its rebased turns
                    // did not continue the head after all; the ops it took then are not new.
                    let durable = loaded.log?.durable.version ?? 0
                    if !rebased.contains(name) || ops.contains(where: { $0.version > durable }) {
                        cluster.metrics.racesLost += 1
                        loaded.racesLostInARow += 1
                    }
                    sendReleased(
                        loaded,
                        loaded.log?.conflicted(
                            ticket: completion.ticket, newer: ops, current: &loaded.sequencer, now: now
                        )
                            ?? [])
                } else {
                    metrics.opsCommitted += UInt64(ops)
                    if ops > 0 {
                        cluster.metrics.racesLostBeforeCommit.observe(Double(loaded.racesLostInARow))
                        loaded.racesLostInARow = 0
                    }
                    sendReleased(
                        loaded,
                        loaded.log?.committed(ticket: completion.ticket, current: &loaded.sequencer, now: now) ?? [])
                    if ops > 0 || creating.contains(name) { heads[name] = loaded.log?.durable.version }
                }
            }
            if !heads.isEmpty { publish(.committed(heads)) }
        case .notStored(let error):
            cluster.scheduler.finish(stored: false, at: now)
            cluster.metrics.commitFailures += 1
            log(.warn, "commit not stored; trying again", ["error": String(describing: error)])
            for name in included.keys { boards[name]?.log?.notCommitted(ticket: completion.ticket) }
        case .unknown(let error):
            cluster.scheduler.finish(stored: false, at: now)
            cluster.metrics.commitFailures += 1
            log(.error, "commit outcome unknown; reloading its boards", ["error": String(describing: error)])
            for name in included.keys.sorted() {
                guard let loaded = boards[name] else { continue }
                dropBoard(loaded, reason: "the outcome of a commit is unknown")
            }
        }
        giveUpOverdueSubmits()
        receiveRemoteAhead()
        publishLocalActivity()
        startClusterCommit()
    }

    /// Answers `unavailable` to the submits of every board whose oldest waiting turn is older
    /// than the deadline, when no commit of it is under way.
    func giveUpOverdueSubmits() {
        guard let cluster else { return }
        let now = clock()
        let deadline = cluster.configuration.giveUpAfter
        for name in boards.keys.sorted() {
            guard let loaded = boards[name], let pending = loaded.log, !pending.isCommitting,
                let oldest = pending.oldestWaitingSince, now - oldest >= deadline
            else { continue }
            let results =
                loaded.log?.giveUp(
                    now: now, deadline: deadline, current: &loaded.sequencer,
                    message: "the database cannot be reached; submit again later") ?? []
            let refused = results.reduce(0) { count, result in
                guard case .direct(_, .error(let report)) = result, report.code == .unavailable else { return count }
                return count + 1
            }
            cluster.metrics.submitsGivenUp += UInt64(refused)
            log(.warn, "gave up on submits", ["board": name, "submits": String(refused)])
            sendReleased(loaded, results)
        }
    }

    /// Once a second: overdue submits are given up, a due retry is started.
    func clusterTick() {
        guard cluster != nil else { return }
        endClusterTurns()
        clusterLiveTick()
        giveUpOverdueSubmits()
        endClusterTurns()
        publishLocalActivity()
        startClusterCommit()
    }

    /// A board loaded or created in memory; a server in a cluster starts polling the store.
    func boardLoaded(_ loaded: LoadedBoard) {
        guard cluster != nil else { return }
        armPoll()
    }

    /// Forgets a board that no longer follows the store: its connections are closed (1012,
    /// the server restarts the board) so that their clients reconnect and load it again.
    func dropBoard(_ loaded: LoadedBoard, reason: String) {
        guard boards[loaded.name] === loaded else { return }
        log(.error, "board dropped", ["board": loaded.name, "reason": reason])
        boards[loaded.name] = nil
        for id in loaded.connections.sorted() {
            guard let context = connections[id] else { continue }
            metrics.closesByCode[1012, default: 0] += 1
            context.session.close(code: 1012, reason: "the board is reloading")
        }
    }

    private func armCommitRetry() {
        guard let cluster, !cluster.retryArmed, let host, let wait = cluster.scheduler.wait(at: clock()) else { return }
        cluster.retryArmed = true
        host.runLater(after: wait) { [weak self] in
            guard let self, let cluster = self.cluster else { return }
            serviceThread.check()
            cluster.retryArmed = false
            finishClusterTurn()
        }
    }
}
