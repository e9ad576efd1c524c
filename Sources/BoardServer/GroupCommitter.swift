import BoardStore
import Foundation
import Locking

/// Runs group commits off the service thread without waiting for it between commits.
///
/// The service thread submits each turn's batch with a ticket number. The commit queue takes
/// every batch waiting when it gets to them, commits them together in one transaction, and
/// reports the highest ticket it made durable; batches that arrive during a commit go into the
/// next one at once, so the disk never waits for the service thread to hand it work.
final class GroupCommitter: @unchecked Sendable {
    /// What one transaction made durable, reported on the service thread.
    struct Completion: Sendable {
        /// Every ticket up to this one is durable (unless `error` is set).
        let ticket: UInt64
        let error: StoreError?
        /// Wall-clock seconds of the transaction.
        let duration: Double
        /// Ops it committed.
        let ops: Int
    }

    private struct Waiting {
        var batches: [(ticket: UInt64, batch: CommitBatch)] = []
        var draining = false
    }

    private let store: any BoardStore
    private let queue = DispatchQueue(label: "board-server.commit")
    private let waiting = Locked(Waiting())

    init(store: any BoardStore) {
        self.store = store
    }

    /// Queues `batch` and starts draining if nothing is. The `completed` of the submit that
    /// started a drain runs on the commit queue after each transaction of that drain, so every
    /// submit must pass the same handler (post the completion to the service thread from there).
    func submit(
        _ batch: CommitBatch, ticket: UInt64, completed: @escaping @Sendable (Completion) -> Void
    ) {
        let start = waiting.withLock { waiting -> Bool in
            waiting.batches.append((ticket, batch))
            guard !waiting.draining else { return false }
            waiting.draining = true
            return true
        }
        if start { queue.async { [self] in drain(completed) } }
    }

    /// Waits until everything submitted so far is committed.
    func waitUntilIdle() {
        queue.sync {}
    }

    /// Commits `batch` as one transaction on the calling thread (the drain, and when there is no
    /// service loop or it has stopped), timing it.
    func commitNow(_ batch: CommitBatch, ticket: UInt64 = 0) -> Completion {
        let started = BoardService.now()
        var failure: StoreError?
        do {
            try store.commit(batch)
        } catch {
            failure = error
        }
        return Completion(ticket: ticket, error: failure, duration: BoardService.now() - started, ops: batch.ops.count)
    }

    private func drain(_ completed: @Sendable (Completion) -> Void) {
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
            let completion = commitNow(merged, ticket: last.ticket)
            completed(completion)
            if completion.error != nil { return }
        }
    }
}
