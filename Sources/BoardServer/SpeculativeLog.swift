import BoardSync

/// The turns of one board that a server has sequenced but not yet made durable, for a board
/// whose store other servers share. Pure: the service owns the board's current `Sequencer` and
/// passes it in; this keeps the sequencer as of the last durable point and everything that
/// happened since, so that it can say what to send and, when the store took another server's
/// ops first, work every pending turn out again on top of them.
///
/// Each turn of the service loop that touched the board ends a segment: the events it fed the
/// sequencer (with their times) and the messages the shell itself answered with, in order,
/// and what they produced. A segment is sent once it and every segment before it are durable;
/// one that needs nothing stored goes as soon as nothing waits before it. The service commits
/// the waiting segments of every board together (one transaction at a time), and says what
/// came of it:
/// - committed: the segments are released in order, and their events replayed on the durable
///   sequencer;
/// - conflicted (another server committed the board's next version first): the newer ops are
///   applied to the durable sequencer, their `op` messages go out at once, and every pending
///   segment is replayed on top of them, so that its submits are rebased like any stale base,
///   and waits for the next commit;
/// - not committed (the store could not be reached): the segments wait for the next try;
///   past a deadline the service gives up, and every pending submit is answered `unavailable`
///   instead (its seq is not consumed).
/// Ops another server committed that the service learns of otherwise (a hint, a poll) are
/// applied the same way, or kept until the commit under way is answered.
struct SpeculativeLog {
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

    /// The entries of one turn and what they produced.
    struct Segment: Equatable {
        var entries: [Entry] = []
        var results: [Result] = []
        /// When its first entry happened: the age the service gives up at is counted from here.
        let since: Double
        var stage = Stage.waiting

        /// Whether it produced something to store: commits, seq advances or new ids.
        var persists: Bool {
            results.contains {
                if case .sequencer(let output) = $0 { output.needsPersisting } else { false }
            }
        }
    }

    /// The board's sequencer after the last released segment.
    private(set) var durable: Sequencer
    /// Ended segments not released yet, in order.
    private(set) var segments: [Segment] = []
    /// The segment of the turn under way.
    private(set) var open: Segment?
    /// Ops of other servers learnt while a commit of this board was under way.
    private(set) var stashed: [SequencedOp] = []
    /// Set when ops of other servers did not continue the board or did not apply: the board in
    /// memory no longer follows the store and must be loaded again.
    private(set) var isOutOfStep = false

    init(durable: Sequencer) {
        self.durable = durable
    }

    /// Whether anything waits to be sent or stored.
    var isIdle: Bool { segments.isEmpty && open == nil && stashed.isEmpty }

    /// Whether a segment is in a commit under way.
    var isCommitting: Bool { segments.contains { if case .committing = $0.stage { true } else { false } } }

    /// Whether an ended segment waits for a commit.
    var hasWaitingCommits: Bool { segments.contains { $0.stage == .waiting && $0.persists } }

    /// When the oldest segment waiting for a commit began.
    var oldestWaitingSince: Double? { segments.first { $0.stage == .waiting && $0.persists }?.since }

    /// Records what the current sequencer did in the turn under way.
    mutating func append(_ entry: Entry, result: Result, now: Double) {
        if open == nil { open = Segment(since: now) }
        open?.entries.append(entry)
        open?.results.append(result)
    }

    /// Ends the turn under way; returns what can be sent now.
    mutating func endTurn() -> [Result] {
        if let open { segments.append(open) }
        open = nil
        return releaseReady()
    }

    /// Marks every waiting segment as part of the commit `ticket` and returns what they store.
    /// Call only when no commit of the board is under way.
    mutating func takeForCommit(ticket: UInt64) -> [SequencerOutput] {
        precondition(!isCommitting, "a commit of the board is already under way")
        var outputs: [SequencerOutput] = []
        for index in segments.indices where segments[index].stage == .waiting {
            segments[index].stage = .committing(ticket)
            for case .sequencer(let output) in segments[index].results where output.needsPersisting {
                outputs.append(output)
            }
        }
        return outputs
    }

    /// The commit `ticket` is durable: returns what can be sent now, in order.
    mutating func committed(ticket: UInt64, current: inout Sequencer, now: Double) -> [Result] {
        for index in segments.indices where segments[index].stage == .committing(ticket) {
            segments[index].stage = .durable
        }
        var results = releaseReady()
        if !stashed.isEmpty, !isCommitting {
            let ops = stashed
            stashed = []
            results += rebase(onto: ops, current: &current, now: now)
        }
        return results
    }

    /// The commit `ticket` stored nothing of this board: its segments wait for the next.
    mutating func notCommitted(ticket: UInt64) {
        for index in segments.indices where segments[index].stage == .committing(ticket) {
            segments[index].stage = .waiting
        }
    }

    /// The commit `ticket` lost the race for the board's next version to `newer` (the ops the
    /// store holds after the durable version): returns what can be sent now, the newer ops
    /// first, and leaves every pending segment worked out again on top of them.
    mutating func conflicted(
        ticket: UInt64, newer: [SequencedOp], current: inout Sequencer, now: Double
    ) -> [Result] {
        notCommitted(ticket: ticket)
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
    mutating func giveUp(now: Double, deadline: Double, current: inout Sequencer, message: String) -> [Result] {
        guard !isCommitting, let oldest = oldestWaitingSince, now - oldest >= deadline else { return [] }
        for index in segments.indices {
            segments[index].entries = segments[index].entries.map { entry in
                guard case .event(.received(let id, .submit(let submit)), _) = entry else { return entry }
                return .direct(id, .error(.init(code: .unavailable, message: message, seq: submit.seq)))
            }
        }
        current = durable
        replayPending(on: &current)
        return releaseReady()
    }

    /// Applies the ops above the durable version to it, sends them, and replays every pending
    /// segment on top.
    private mutating func rebase(onto ops: [SequencedOp], current: inout Sequencer, now: Double) -> [Result] {
        let newer = ops.filter { $0.version > durable.version }.sorted { $0.version < $1.version }
        guard let last = newer.last else { return [] }
        let output = durable.handle(.committedElsewhere(newer), now: now)
        if durable.version < last.version { isOutOfStep = true }
        current = durable
        replayPending(on: &current)
        return [.sequencer(output)] + releaseReady()
    }

    private mutating func replayPending(on current: inout Sequencer) {
        for index in segments.indices {
            segments[index].results = Self.replay(segments[index].entries, on: &current)
        }
        if let entries = open?.entries {
            open?.results = Self.replay(entries, on: &current)
        }
    }

    private static func replay(_ entries: [Entry], on sequencer: inout Sequencer) -> [Result] {
        entries.map { entry in
            switch entry {
            case .event(let event, let now): .sequencer(sequencer.handle(event, now: now))
            case .direct(let id, let message): .direct(id, message)
            }
        }
    }

    /// Releases the segments at the front that are durable or need nothing stored, replaying
    /// their events on the durable sequencer.
    private mutating func releaseReady() -> [Result] {
        var results: [Result] = []
        while let first = segments.first, first.stage == .durable || (first.stage == .waiting && !first.persists) {
            segments.removeFirst()
            for case .event(let event, let now) in first.entries {
                _ = durable.handle(event, now: now)
            }
            results += first.results
        }
        return results
    }
}
