import BoardStore
import BoardSync

/// A board as it was at an earlier version, rebuilt from what the store kept: the newest
/// snapshot at or below that version with the retained ops after it applied. Compaction keeps
/// a snapshot at or below every retained version (`BoardStore.writeSnapshot`) and the server
/// writes one every `snapshotEvery` ops, so a rebuild applies fewer than `snapshotEvery` ops;
/// one that would need more (a file written with a larger `--snapshot-every`) is refused as not
/// retained, so a request never costs more than that.
enum PastBoard {
    /// What a rebuild found.
    enum Outcome: Equatable {
        case board(Board)
        /// The board does not exist.
        case noSuchBoard
        /// The version is above the head, or the store no longer holds what rebuilding it needs.
        case notRetained
    }

    static func rebuild(
        _ name: BoardName, at version: Int, store: any BoardStore, maxOps: Int
    ) throws -> Outcome {
        guard let head = try store.headVersion(of: name) else { return .noSuchBoard }
        guard version <= head, let base = try store.snapshot(name, atOrBelow: version) else { return .notRetained }
        let count = version - base.version
        guard count <= maxOps else { return .notRetained }
        let ops = try store.opsAfter(name, version: base.version, limit: count)
        guard ops.count == count, ops.first.map({ $0.version == base.version + 1 }) ?? true else {
            return .notRetained
        }
        return .board(try BoardLoader.replay(ops, onto: base))
    }
}
