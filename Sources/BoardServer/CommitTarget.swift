import BoardStore
import BoardSync

/// How a store takes one transaction: a store of its own never conflicts, a store other servers
/// share can lose a board's race to one of them (`SharedStoreCommits`).
protocol CommitTarget: Sendable {
    /// Whether another server can commit a board's next version first: the boards' turn logs
    /// then keep what working their turns out again needs.
    var canLoseRaces: Bool { get }

    /// Commits `batch` in one transaction. `rebase` is asked at most once, inside the
    /// transaction, for the turns of the boards that lost their race (never by a store that
    /// cannot lose one).
    func commit(_ batch: CommitBatch, rebase: ([BoardName: [SequencedOp]]) -> CommitBatch) -> Committer.Outcome
}

/// The commits of a store only this server writes (SQLite, or in memory): they never conflict,
/// and one that fails stops the server (nothing it acknowledged after that could be trusted).
struct OwnStoreCommits: CommitTarget {
    let store: any BoardStore

    var canLoseRaces: Bool { false }

    func commit(_ batch: CommitBatch, rebase: ([BoardName: [SequencedOp]]) -> CommitBatch) -> Committer.Outcome {
        do {
            try store.commit(batch)
            return .stored(newer: [:])
        } catch {
            return .failed(error)
        }
    }
}
