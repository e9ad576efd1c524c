import BoardSync

/// The turns of one board that the server has sequenced and not yet released: the one place
/// that decides when a turn's messages may go out, whatever the store. Pure: the service owns
/// the board's current `Sequencer` and passes it in.
///
/// Each turn of the service loop that touched the board ends a segment: what the sequencer's
/// events (and the messages the shell answered with itself, rate-limit refusals) produced, in
/// order. A segment is released (its messages may be sent) once it and every segment before it
/// are durable; one that stores nothing goes as soon as nothing waits before it. The service
/// takes the waiting segments for a commit under a ticket (`takeForCommit`) and says what came
/// of it:
/// - committed: the segments up to the ticket are durable and released in order;
/// - not committed (the store could not be reached): they wait for the next try;
/// - conflicted (another server committed the board's next version first): the newer ops are
///   applied and sent at once, and every pending segment is worked out again on top of them,
///   so that its submits are rebased like any stale base, and waits for the next commit.
/// Ops another server committed that the service learns of otherwise (a hint, a poll) are
/// applied the same way, or kept until the commit under way is answered; past a deadline the
/// service may give up, and every pending submit is answered `unavailable` instead.
///
/// Working turns out again needs their events and the sequencer as of the last released
/// segment, and keeping them costs a second sequencer that handles every event once more. A log
/// keeps them only when its store can lose a race (`replays`): for a store of its own, which
/// never conflicts, it keeps only what the segments produced, and a board may have several
/// commits under way at once; with `replays`, one at a time, since a lost race rewrites what
/// follows it.
struct TurnLog {
    /// One thing that happened to the board, as it is replayed.
    enum Entry: Equatable {
        case event(SequencerEvent, now: Double)
        /// A message the shell answered with itself (a rate limit refusal).
        case direct(ConnectionID, ServerMessage)
    }

    /// What to send, in order.
    enum Result: Equatable {
        case sequencer(SequencerOutput)
        case direct(ConnectionID, ServerMessage)
    }

    /// Where a segment stands.
    enum Stage: Equatable {
        case waiting
        case committing(UInt64)
        case durable
    }

    /// The entries of one turn (kept only when the log replays) and what they produced.
    struct Segment: Equatable {
        var entries: [Entry] = []
        var results: [Result] = []
        /// When its first entry happened: the age the service gives up at is counted from here.
        let since: Double
        var stage = Stage.waiting
        /// Whether it produced something to store: commits, seq advances or new ids.
        var persists = false
        /// The board at each version its commits reached that is a multiple of `snapshotEvery`.
        var snapshots: [Board] = []
        /// The board as the segment leaves it, when it committed ops.
        var board: Board?
        /// It carries the creation of the board in the store (the first segment that produced
        /// something, on a board created in memory).
        var createsBoard = false

        /// Adds what one entry produced; `board` is the board right after it, read only when a
        /// snapshot is due.
        mutating func add(_ result: Result, boardAfter board: () -> Board, snapshotEvery: Int) {
            results.append(result)
            guard case .sequencer(let output) = result, output.needsPersisting else { return }
            persists = true
            if let last = output.commits.last?.version, last % snapshotEvery == 0 {
                snapshots.append(board())
            }
        }
    }

    /// What the segments taken for one commit store.
    struct Commit: Equatable {
        /// Their sequencer outputs that store something, in order.
        var outputs: [SequencerOutput] = []
        /// The snapshots they reached.
        var snapshots: [Board] = []
        /// They create the board in the store.
        var createsBoard = false

        /// The ops they commit.
        var opCount: Int { outputs.reduce(0) { $0 + $1.commits.count } }
    }

    /// Whether the log keeps what working its turns out again needs (its store can lose races).
    let replays: Bool
    /// A snapshot is stored at every version that is a multiple of this.
    let snapshotEvery: Int
    /// The board's sequencer after the last released segment; kept only when the log replays.
    private(set) var durable: Sequencer?
    /// The board as of the last released segment: what `GET /boards/NAME` shows.
    private(set) var durableBoard: Board
    /// Ended segments not released yet, in order.
    private(set) var segments: [Segment] = []
    /// The segment of the turn under way.
    private(set) var open: Segment?
    /// Ops of other servers learnt while a commit of this board was under way.
    private(set) var stashed: [SequencedOp] = []
    /// Set when ops of other servers did not continue the board or did not apply: the board in
    /// memory no longer follows the store and must be loaded again.
    private(set) var isOutOfStep = false
    /// Whether the board exists in the store: false for a board created in memory until the
    /// segment that creates it is released.
    private(set) var isStored: Bool
    /// A segment carries the board's creation already.
    private var creationPlanned: Bool

    /// A log of the board `current` holds, durable as it is; `stored` is false for a board
    /// created in memory, whose first segment that produces something creates it in the store.
    init(board current: Sequencer, snapshotEvery: Int, replays: Bool, stored: Bool = true) {
        self.replays = replays
        self.snapshotEvery = max(1, snapshotEvery)
        durable = replays ? current : nil
        durableBoard = current.snapshot
        isStored = stored
        creationPlanned = stored
    }

    /// Whether an ended segment waits for a commit that may start now: one that stores
    /// something, of a board without a commit under way when the log replays. Stored, and kept
    /// up to date by every change of the segments, so that reading it copies nothing.
    private(set) var hasWaitingCommits = false

    /// Whether anything waits to be sent or stored.
    var isIdle: Bool { segments.isEmpty && open == nil && stashed.isEmpty }

    /// Whether a segment is in a commit under way.
    var isCommitting: Bool { segments.contains { if case .committing = $0.stage { true } else { false } } }

    private mutating func segmentsChanged() {
        hasWaitingCommits =
            segments.contains { $0.stage == .waiting && $0.persists } && !(replays && isCommitting)
    }

    /// When the oldest segment waiting for a commit began.
    var oldestWaitingSince: Double? { segments.first { $0.stage == .waiting && $0.persists }?.since }

    /// Records what `entry` produced in the turn under way; `boardAfter` is the board right after
    /// it, read only when a snapshot is due (the sequencer is not copied for each entry). A log
    /// that does not replay keeps nothing of an entry that produced nothing. On a board not
    /// stored yet, the first sequencer output that asks for something makes its segment create
    /// the board.
    mutating func append(_ entry: Entry, result: Result, boardAfter: @autoclosure () -> Board, now: Double) {
        let output: SequencerOutput? = if case .sequencer(let output) = result { output } else { nil }
        if !replays, output?.isEmpty == true { return }
        if open == nil { open = Segment(since: now) }
        if replays { open?.entries.append(entry) }
        open?.add(result, boardAfter: boardAfter, snapshotEvery: snapshotEvery)
        if !creationPlanned, let output, !output.isEmpty {
            creationPlanned = true
            open?.createsBoard = true
            open?.persists = true
        }
    }

    /// Ends the turn under way; `board` is the board as the turn left it, read only when the
    /// turn stores something. Returns what can be sent now.
    mutating func endTurn(board: @autoclosure () -> Board) -> [Result] {
        if var ended = open {
            if ended.persists { ended.board = board() }
            segments.append(ended)
            open = nil
            if ended.persists { segmentsChanged() }
        }
        return releaseReady()
    }

    /// Marks every waiting segment that stores something as part of the commit `ticket` and
    /// returns what they store; nil when nothing waits or, for a log that replays, a commit of
    /// the board is under way. A segment that stores nothing waits only for those before it.
    mutating func takeForCommit(ticket: UInt64) -> Commit? {
        guard hasWaitingCommits else { return nil }
        var commit = Commit()
        for index in segments.indices where segments[index].stage == .waiting && segments[index].persists {
            segments[index].stage = .committing(ticket)
            commit.snapshots += segments[index].snapshots
            commit.createsBoard = commit.createsBoard || segments[index].createsBoard
            for case .sequencer(let output) in segments[index].results where output.needsPersisting {
                commit.outputs.append(output)
            }
        }
        segmentsChanged()
        return commit
    }

    /// Every commit up to `ticket` is durable: returns what can be sent now, in order.
    mutating func committed(through ticket: UInt64, current: inout Sequencer, now: Double) -> [Result] {
        for index in segments.indices {
            guard case .committing(let taken) = segments[index].stage, taken <= ticket else { continue }
            segments[index].stage = .durable
        }
        if replays { segmentsChanged() }
        var results = releaseReady()
        if !stashed.isEmpty, !isCommitting {
            let ops = stashed
            stashed = []
            results += rebase(onto: ops, current: &current, now: now)
        }
        return results
    }

    /// The commits up to `ticket` stored nothing of this board: their segments wait for the next.
    mutating func notCommitted(through ticket: UInt64) {
        for index in segments.indices {
            guard case .committing(let taken) = segments[index].stage, taken <= ticket else { continue }
            segments[index].stage = .waiting
        }
        segmentsChanged()
    }

    /// The commit `ticket` lost the race for the board's next version to `newer` (the ops the
    /// store holds after the durable version): returns what can be sent now, the newer ops
    /// first, and leaves every pending segment worked out again on top of them.
    mutating func conflicted(
        through ticket: UInt64, newer: [SequencedOp], current: inout Sequencer, now: Double
    ) -> [Result] {
        notCommitted(through: ticket)
        let ops = stashed + newer
        stashed = []
        return rebase(onto: ops, current: &current, now: now)
    }

    /// Ops another server committed, learnt from a hint or a poll: applied now, or kept until
    /// the commit under way is answered (it may hold the board's own ops at those versions).
    mutating func committedElsewhere(_ ops: [SequencedOp], current: inout Sequencer, now: Double) -> [Result] {
        guard !isCommitting else {
            stashed += ops
            return []
        }
        return rebase(onto: ops, current: &current, now: now)
    }

    /// Gives up on the waiting commits when the oldest began `deadline` seconds before `now` and
    /// none is under way: every submit of the pending segments is answered `unavailable`
    /// instead, and the segments are worked out again without them. Returns what can be sent.
    /// Only a log that replays can give up.
    mutating func giveUp(now: Double, deadline: Double, current: inout Sequencer, message: String) -> [Result] {
        guard replays, !isCommitting, let oldest = oldestWaitingSince, now - oldest >= deadline else { return [] }
        for index in segments.indices {
            segments[index].entries = segments[index].entries.map { entry in
                guard case .event(.received(let id, .submit(let submit)), _) = entry else { return entry }
                return .direct(id, .error(.init(code: .unavailable, message: message, seq: submit.seq)))
            }
        }
        replayPending(from: &current)
        return releaseReady()
    }

    /// Applies the ops above the durable version to it, sends them, and works every pending
    /// segment out again on top.
    private mutating func rebase(onto ops: [SequencedOp], current: inout Sequencer, now: Double) -> [Result] {
        guard let version = durable?.version else { return [] }
        let newer = ops.filter { $0.version > version }.sorted { $0.version < $1.version }
        guard let last = newer.last, let output = durable?.handle(.committedElsewhere(newer), now: now),
            let base = durable
        else { return [] }
        if base.version < last.version { isOutOfStep = true }
        durableBoard = base.snapshot
        replayPending(from: &current)
        return [.sequencer(output)] + releaseReady()
    }

    /// Starts `current` over from the durable sequencer and replays every pending segment on it.
    private mutating func replayPending(from current: inout Sequencer) {
        guard let durable else { return }
        current = durable
        for index in segments.indices {
            segments[index] = replayed(segments[index], on: &current)
        }
        if let segment = open {
            open = replayed(segment, on: &current)
        }
        segmentsChanged()
    }

    private func replayed(_ segment: Segment, on sequencer: inout Sequencer) -> Segment {
        var again = Segment(entries: segment.entries, since: segment.since, stage: segment.stage)
        again.createsBoard = segment.createsBoard
        again.persists = segment.createsBoard
        for entry in segment.entries {
            switch entry {
            case .event(let event, let now):
                let output = sequencer.handle(event, now: now)
                again.add(.sequencer(output), boardAfter: { sequencer.snapshot }, snapshotEvery: snapshotEvery)
            case .direct(let id, let message):
                again.add(.direct(id, message), boardAfter: { sequencer.snapshot }, snapshotEvery: snapshotEvery)
            }
        }
        if again.persists { again.board = sequencer.snapshot }
        return again
    }

    /// Releases the segments at the front that are durable or store nothing, replaying their
    /// events on the durable sequencer when the log replays.
    private mutating func releaseReady() -> [Result] {
        var released = 0
        while released < segments.count {
            let stage = segments[released].stage
            guard stage == .durable || (stage == .waiting && !segments[released].persists) else { break }
            if durable != nil {
                for case .event(let event, let now) in segments[released].entries {
                    _ = durable?.handle(event, now: now)
                }
            }
            if let board = segments[released].board { durableBoard = board }
            if segments[released].createsBoard { isStored = true }
            released += 1
        }
        let results: [Result]
        switch released {
        case 0: return []
        case 1: results = segments.removeFirst().results
        default:
            results = segments[..<released].flatMap(\.results)
            segments.removeFirst(released)
        }
        segmentsChanged()
        return results
    }
}
