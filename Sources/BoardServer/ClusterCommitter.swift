import BoardStore
import BoardSync
import Foundation

/// Commits the batches of a server whose store other servers share, one at a time, off the
/// service thread, and says what came of each: which boards lost their race (with the ops
/// they missed), or that nothing was stored. A board that lost is rebased while the
/// transaction holds its head (the service's `Rebase`), and what that answers is written with
/// the rest.
///
/// A connection that broke during COMMIT leaves the outcome unknown: the committer reads back,
/// board by board, whether the batch's first ops are there, trying again until `settleWithin`
/// has passed. Only if it still cannot tell does it report the outcome as unknown.
final class ClusterCommitter: @unchecked Sendable {
    /// What one commit came to.
    enum Outcome: Sendable {
        /// The transaction committed; the boards of `newer` were left out of it, another server
        /// having committed their next version first (and their rebase did not continue it).
        case stored(newer: [String: [SequencedOp]])
        /// Nothing was stored (the database could not be reached, or refused the batch).
        case notStored(StoreError)
        /// The outcome could not be learnt in time.
        case unknown(StoreError)
    }

    /// A finished commit, reported on the service thread.
    struct Completion: Sendable {
        let ticket: UInt64
        let outcome: Outcome
        /// Wall-clock seconds of the commit, read-back included.
        let duration: Double
        /// Ops the batch held.
        let ops: Int
    }

    private let store: any SharedBoardStore
    private let settleWithin: Double
    private let queue = DispatchQueue(label: "board-server.cluster-commit")

    init(store: any SharedBoardStore, settleWithin: Double) {
        self.store = store
        self.settleWithin = settleWithin
    }

    /// Rebases the turns of boards that lost their race on the ops the store holds above them
    /// (called inside the commit's transaction, at most once) and answers what to write instead.
    typealias Rebase = ([String: [SequencedOp]]) -> CommitBatch

    /// Commits `batch` on the commit queue and calls `completed` there.
    func commit(
        _ batch: CommitBatch, ticket: UInt64, rebase: @escaping @Sendable ([String: [SequencedOp]]) -> CommitBatch,
        completed: @escaping @Sendable (Completion) -> Void
    ) {
        queue.async { [self] in
            let started = BoardService.now()
            let outcome = commitNow(batch, rebase: rebase)
            completed(
                Completion(
                    ticket: ticket, outcome: outcome, duration: BoardService.now() - started, ops: batch.ops.count))
        }
    }

    /// Commits on the calling thread, once the commit under way is done (a service without a loop).
    func commitAndWait(_ batch: CommitBatch, ticket: UInt64, rebase: Rebase) -> Completion {
        queue.sync {
            let started = BoardService.now()
            let outcome = commitNow(batch, rebase: rebase)
            return Completion(
                ticket: ticket, outcome: outcome, duration: BoardService.now() - started, ops: batch.ops.count)
        }
    }

    /// Waits until the commit under way, if any, is done.
    func waitUntilIdle() {
        queue.sync {}
    }

    private func commitNow(_ batch: CommitBatch, rebase: Rebase) -> Outcome {
        var offered: CommitBatch?
        do {
            // The store calls the rebase only while the commit runs.
            let result = try withoutActuallyEscaping(rebase) { rebase throws(StoreError) in
                try store.commitContinuing(batch) { newer in
                    let answer = rebase(newer)
                    offered = answer
                    return answer
                }
            }
            return .stored(newer: result.newer)
        } catch .commitOutcomeUnknown(let message) {
            return settle(batch, offered: offered ?? CommitBatch(), cause: .commitOutcomeUnknown(message))
        } catch {
            return .notStored(error)
        }
    }

    /// Reads back what a commit of unknown outcome did, until it can tell or `settleWithin`:
    /// the transaction holds the parts of `batch` and of the rebase's `offered` batch whose
    /// first ops are stored, or nothing.
    private func settle(_ batch: CommitBatch, offered: CommitBatch, cause: StoreError) -> Outcome {
        let deadline = BoardService.now() + settleWithin
        while true {
            do {
                let stored = try store.storedBoards(of: batch)
                let storedOffered = try store.storedBoards(of: offered)
                guard !stored.isEmpty || !storedOffered.isEmpty else { return .notStored(cause) }
                var behind = batch.continuedVersions.filter { !stored.contains($0.key) }
                for (board, version) in offered.continuedVersions {
                    behind[board] = storedOffered.contains(board) ? nil : version
                }
                var newer = try store.opsAfter(behind, limit: Int(Int32.max))
                for board in behind.keys where newer[board] == nil { newer[board] = [] }
                return .stored(newer: newer)
            } catch {
                guard BoardService.now() < deadline else { return .unknown(cause) }
                Thread.sleep(forTimeInterval: 0.25)
            }
        }
    }
}
