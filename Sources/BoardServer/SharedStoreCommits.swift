import BoardStore
import BoardSync
import Foundation

/// The commits of a store other servers share (PostgreSQL): a board whose next version another
/// server committed first is left out of the transaction, worked out again by the caller's
/// rebase while the transaction holds its head, and written with the rest; a board that still
/// does not continue its head comes back with the ops it missed. A store that cannot be reached
/// stored nothing, and is asked again.
///
/// A connection that broke during COMMIT leaves the outcome unknown: the batch's first ops are
/// read back, board by board, until `settleWithin` has passed. Only if it still cannot tell is
/// the outcome reported as unknown.
struct SharedStoreCommits: CommitTarget {
    let store: any SharedBoardStore
    let settleWithin: Double

    var canLoseRaces: Bool { true }

    func commit(_ batch: CommitBatch, rebase: ([BoardName: [SequencedOp]]) -> CommitBatch) -> Committer.Outcome {
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
    private func settle(_ batch: CommitBatch, offered: CommitBatch, cause: StoreError) -> Committer.Outcome {
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
