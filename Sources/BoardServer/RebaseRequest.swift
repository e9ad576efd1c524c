import BoardStore
import Foundation

/// A commit's question to the service thread, asked from the commit thread while the
/// transaction holds the heads of boards that lost their race: rebase their turns on the ops
/// another server committed first, and answer the batch to write in the same transaction.
///
/// The commit thread waits a while for the answer. Either the service thread claims the
/// question first, and the commit waits for its answer however long it takes (the service has
/// started rebasing the boards' logs on the newer ops and counts on that batch being written),
/// or the commit gives up first, and the service, finding the question abandoned, changes
/// nothing: the commit then goes on without the boards, as a commit without a rebase does.
final class RebaseRequest: @unchecked Sendable {
    private enum Stage {
        case asked
        case claimed
        case answered(CommitBatch)
        case abandoned
    }

    private let condition = NSCondition()
    private var stage = Stage.asked

    /// Service thread: takes the question on; false when the commit no longer waits for it.
    func claim() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard case .asked = stage else { return false }
        stage = .claimed
        return true
    }

    /// Service thread: the batch to write, after `claim` returned true.
    func answer(_ batch: CommitBatch) {
        condition.lock()
        stage = .answered(batch)
        condition.broadcast()
        condition.unlock()
    }

    /// Commit thread: the answer, or nil when the service thread did not claim the question
    /// within `seconds` (the question is then abandoned).
    func waitForAnswer(within seconds: Double) -> CommitBatch? {
        let deadline = Date(timeIntervalSinceNow: seconds)
        condition.lock()
        defer { condition.unlock() }
        while true {
            switch stage {
            case .answered(let batch):
                return batch
            case .asked:
                if !condition.wait(until: deadline) {
                    if case .asked = stage {
                        stage = .abandoned
                        return nil
                    }
                }
            case .claimed:
                condition.wait()
            case .abandoned:
                return nil
            }
        }
    }
}
