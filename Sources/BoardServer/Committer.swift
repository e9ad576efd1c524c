import BoardStore
import BoardSync
import Foundation
import Locking

/// Runs a service's commits off the service thread, one transaction at a time, without waiting
/// for the service thread between them.
///
/// The service thread submits each turn's batch with a ticket. The commit queue takes every
/// batch waiting when it gets to them, commits them together in one transaction through its
/// `CommitTarget` (the store's own way of committing), and reports the highest ticket the
/// transaction covered with what came of it; batches that arrive during a commit go into the
/// next one at once, so the disk never waits for the service thread to hand it work. After a
/// commit that failed for good nothing more is committed.
final class Committer: @unchecked Sendable {
    /// What one commit came to.
    enum Outcome: Sendable, Equatable {
        /// The transaction committed; the boards of `newer` were left out of it, another server
        /// having committed their next version first (and their rebase did not continue it).
        case stored(newer: [BoardName: [SequencedOp]])
        /// Nothing was stored, and the store may take the batch later (a database that cannot
        /// be reached, or that refused it).
        case notStored(StoreError)
        /// Nothing was stored, and nothing may be any more (a store of its own that failed: what
        /// it acknowledges after that could not be trusted).
        case failed(StoreError)
        /// Whether anything was stored could not be learnt in time.
        case unknown(StoreError)
    }

    /// What one transaction came to, reported on the service thread.
    struct Completion: Sendable {
        /// It covered every batch up to this ticket.
        let ticket: UInt64
        let outcome: Outcome
        /// Wall-clock seconds of the transaction, read-back included.
        let duration: Double
        /// Ops it held.
        let ops: Int
    }

    /// Works out again, while the transaction of `ticket` holds their heads, the turns of the
    /// boards that lost their race to the ops the store holds above them; answers what to write
    /// instead.
    typealias Rebase = @Sendable (_ newer: [BoardName: [SequencedOp]], _ ticket: UInt64) -> CommitBatch

    private struct Waiting {
        var batches: [(ticket: UInt64, batch: CommitBatch)] = []
        var draining = false
    }

    private let target: any CommitTarget
    private let queue = DispatchQueue(label: "board-server.commit")
    private let waiting = Locked(Waiting())

    init(target: any CommitTarget) {
        self.target = target
    }

    /// Whether another server can commit a board's next version first.
    var canLoseRaces: Bool { target.canLoseRaces }

    /// Queues `batch` and starts draining if nothing is. The handlers of the submit that started
    /// a drain serve every transaction of that drain, on the commit queue, so every submit must
    /// pass the same ones (`completed` posts the completion to the service thread).
    func submit(
        _ batch: CommitBatch, ticket: UInt64, rebase: @escaping Rebase,
        completed: @escaping @Sendable (Completion) -> Void
    ) {
        let start = waiting.withLock { waiting -> Bool in
            waiting.batches.append((ticket, batch))
            guard !waiting.draining else { return false }
            waiting.draining = true
            return true
        }
        if start { queue.async { [self] in drain(rebase: rebase, completed: completed) } }
    }

    /// Waits until everything submitted so far is committed (or the committer stopped).
    func waitUntilIdle() {
        queue.sync {}
    }

    /// Commits `batch` as one transaction on the calling thread, timing it.
    func commitNow(
        _ batch: CommitBatch, ticket: UInt64, rebase: ([BoardName: [SequencedOp]], UInt64) -> CommitBatch
    ) -> Completion {
        let started = BoardService.now()
        let outcome = target.commit(batch) { newer in rebase(newer, ticket) }
        return Completion(
            ticket: ticket, outcome: outcome, duration: BoardService.now() - started, ops: batch.ops.count)
    }

    private func drain(rebase: Rebase, completed: @Sendable (Completion) -> Void) {
        while true {
            let taken = waiting.withLock { waiting -> [(ticket: UInt64, batch: CommitBatch)] in
                let taken = waiting.batches
                waiting.batches = []
                if taken.isEmpty { waiting.draining = false }
                return taken
            }
            guard let last = taken.last else { return }
            var merged = CommitBatch()
            for entry in taken { merged.append(contentsOf: entry.batch) }
            let completion = commitNow(merged, ticket: last.ticket, rebase: rebase)
            completed(completion)
            if case .failed = completion.outcome { return }
        }
    }
}
