import BoardSync
import Locking

/// A `BoardStore` that keeps everything in memory, with the same rules and errors as
/// `SQLiteBoardStore`; for tests and for running without a disk. Several servers of one test
/// process may share it (`SharedBoardStore`), as servers share a PostgreSQL database.
///
/// Calls are serialized by a lock (see `BoardStore` on threading).
public final class InMemoryBoardStore: SharedBoardStore {
    public let retainedOps: Int
    let boards = Locked<[BoardName: InMemoryBoard]>([:])
    /// The boards in the trash, each with what it held.
    let trash = Locked<[TrashedBoard: InMemoryBoard]>([:])

    /// Creates an empty store that keeps at least `retainedOps` recent ops per board.
    public init(retainedOps: Int = 10_000) {
        self.retainedOps = max(0, retainedOps)
    }

    public func loadBoard(_ name: BoardName) throws(StoreError) -> StoredBoard? {
        boards.withLock { $0[name]?.stored(name: name) }
    }

    public func boardExists(_ name: BoardName) throws(StoreError) -> Bool {
        boards.withLock { $0[name] != nil }
    }

    public func listBoards() throws(StoreError) -> [BoardName] {
        boards.withLock { $0.keys.sorted() }
    }

    public func headVersion(of board: BoardName) throws(StoreError) -> Int? {
        boards.withLock { $0[board]?.head }
    }

    public func commit(_ batch: CommitBatch) throws(StoreError) {
        let retainedOps = retainedOps
        try boards.withLock { (boards: inout [BoardName: InMemoryBoard]) throws(StoreError) in
            var check = CommitBatchCheck()
            try check.check(batch) { boards[$0]?.head }
            Self.apply(batch, to: &boards, retainedOps: retainedOps)
        }
    }

    public func opsAfter(_ board: BoardName, version: Int, limit: Int) throws(StoreError) -> [SequencedOp] {
        guard version >= 0, limit >= 0 else {
            throw .invalidArgument("opsAfter needs a version and a limit of at least 0")
        }
        return boards.withLock { boards in
            let ops = boards[board]?.ops ?? []
            return Array(ops.lazy.filter { $0.version > version }.prefix(limit))
        }
    }

    public func opsBefore(_ board: BoardName, version: Int, limit: Int) throws(StoreError) -> [SequencedOp] {
        guard version >= 0, limit >= 0 else {
            throw .invalidArgument("opsBefore needs a version and a limit of at least 0")
        }
        return boards.withLock { boards in
            let ops = boards[board]?.ops ?? []
            return Array(ops.reversed().lazy.filter { $0.version < version }.prefix(limit))
        }
    }

    public func snapshot(_ board: BoardName, atOrBelow version: Int) throws(StoreError) -> Board? {
        guard version >= 0 else { throw .invalidArgument("snapshot needs a version of at least 0") }
        return boards.withLock { $0[board]?.snapshot(atOrBelow: version) }
    }

    public func oldestRetainedVersion(_ board: BoardName) throws(StoreError) -> Int? {
        boards.withLock { $0[board]?.ops.first?.version }
    }

    public func lastSeq(_ board: BoardName, client: ClientID) throws(StoreError) -> Int {
        boards.withLock { $0[board]?.lastSeqs[client] ?? 0 }
    }

    public func committedOp(_ board: BoardName, client: ClientID, seq: Int) throws(StoreError) -> SequencedOp? {
        boards.withLock { boards in
            boards[board]?.ops.first { $0.client == client && $0.seq == seq }
        }
    }

    public func commitContinuing(
        _ batch: CommitBatch, rebase: (([BoardName: [SequencedOp]]) -> CommitBatch)?
    ) throws(StoreError) -> ContinuedCommit {
        let retainedOps = retainedOps
        return try boards.withLock {
            (boards: inout [BoardName: InMemoryBoard]) throws(StoreError) -> ContinuedCommit in
            var staged = boards
            let newer = try Self.commitContinuing(
                batch, creating: Set(batch.newBoards.filter { boards[$0] == nil }), into: &staged,
                retainedOps: retainedOps)
            guard !newer.isEmpty, let rebase else {
                boards = staged
                return ContinuedCommit(newer: newer)
            }
            let offered = rebase(newer).rebaseOffer(for: newer.keys)
            let newerAgain = try Self.commitContinuing(offered, creating: [], into: &staged, retainedOps: retainedOps)
            boards = staged
            return ContinuedCommit(leftOut: newer, offered: offered, leftOutAgain: newerAgain)
        }
    }

    /// Applies the parts of `batch` that continue the heads of `boards` (creating the boards of
    /// `created`); answers, for each board left out, the ops above the version it continued.
    private static func commitContinuing(
        _ batch: CommitBatch, creating created: Set<BoardName>, into boards: inout [BoardName: InMemoryBoard],
        retainedOps: Int
    ) throws(StoreError) -> [BoardName: [SequencedOp]] {
        let continued = batch.continuedVersions
        let behind = Set(
            continued.filter { board, version in
                (boards[board]?.head ?? (created.contains(board) ? 0 : -1)) != version
            }.keys)
        var kept = batch.excluding(behind, withoutCreations: true)
        for name in created.sorted() { kept.createBoard(name) }
        var check = CommitBatchCheck()
        try check.check(kept) { boards[$0]?.head }
        apply(kept, to: &boards, retainedOps: retainedOps)
        var newer: [BoardName: [SequencedOp]] = [:]
        for board in behind {
            newer[board] = boards[board]?.ops.filter { $0.version > continued[board]! } ?? []
        }
        return newer
    }

    public func storedBoards(of batch: CommitBatch) throws(StoreError) -> Set<BoardName> {
        let firstOps = batch.firstOps
        return boards.withLock { boards in
            Set(
                firstOps.filter { board, first in
                    boards[board]?.ops.first { $0.version == first.version }.map {
                        $0.client == first.client && $0.seq == first.seq
                    } ?? false
                }.keys)
        }
    }

    public func headVersions(of names: [BoardName]) throws(StoreError) -> [BoardName: Int] {
        boards.withLock { boards in
            var heads: [BoardName: Int] = [:]
            for name in names { heads[name] = boards[name]?.head }
            return heads
        }
    }

    public func opsAfter(_ versions: [BoardName: Int], limit: Int) throws(StoreError) -> [BoardName: [SequencedOp]] {
        guard limit >= 0, versions.values.allSatisfy({ $0 >= 0 }) else {
            throw .invalidArgument("opsAfter needs versions and a limit of at least 0")
        }
        return boards.withLock { boards in
            var found: [BoardName: [SequencedOp]] = [:]
            for (name, version) in versions {
                let ops = Array((boards[name]?.ops ?? []).lazy.filter { $0.version > version }.prefix(limit))
                if !ops.isEmpty { found[name] = ops }
            }
            return found
        }
    }

    /// Applies a batch that `CommitBatchCheck` accepted, mutating the boards in place.
    private static func apply(_ batch: CommitBatch, to boards: inout [BoardName: InMemoryBoard], retainedOps: Int) {
        for name in batch.newBoards {
            boards[name] = InMemoryBoard()
        }
        for entry in batch.ops {
            boards[entry.board]?.append(entry.op)
        }
        for advance in batch.seqAdvances {
            boards[advance.board]?.advanceSeq(of: advance.client, to: advance.seq)
        }
        for used in batch.newIDs {
            boards[used.board]?.usedIDs[used.id] = used.kind
        }
        for snapshot in batch.snapshots {
            boards[snapshot.id]?.store(snapshot, retainedOps: retainedOps)
        }
    }
}
