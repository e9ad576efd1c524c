import BoardStore
import BoardSync
import Foundation
import Locking

@testable import BoardServer

/// Several in-process servers sharing one store, as the nodes of a cluster share PostgreSQL;
/// each has its own hand-driven host and clock.
final class InProcessCluster {
    let store: FlakySharedStore
    let servers: [InProcessServer]

    init(nodes: Int, arguments: [String] = [], giveUpAfter: Double = 10) throws {
        let store = FlakySharedStore(InMemoryBoardStore(retainedOps: 10_000))
        self.store = store
        servers = try (0..<nodes).map { index in
            var configuration = ClusterConfiguration(store: store, node: "node\(index + 1)")
            configuration.giveUpAfter = giveUpAfter
            configuration.settleWithin = 2
            return try InProcessServer(arguments: arguments, cluster: configuration)
        }
    }

    subscript(index: Int) -> InProcessServer { servers[index] }

    /// Moves every server's clock forward (their polls of the store fire) and lets what that
    /// starts finish.
    func advance(by seconds: Double) {
        for server in servers { server.advance(by: seconds) }
        settle()
    }

    /// Lets every server finish what is under way.
    func settle() {
        for _ in 0..<3 {
            for server in servers { server.settle() }
        }
    }
}

/// A shared store that can be made to fail like a database that cannot be reached, or to lose
/// the connection during COMMIT (after committing, or not).
final class FlakySharedStore: SharedBoardStore, @unchecked Sendable {
    /// How the next calls fail.
    enum Failure: Sendable {
        case none
        /// Every call throws `unreachable`.
        case unreachable
        /// Commits throw `commitOutcomeUnknown` after committing.
        case lostAfterCommit
        /// Commits throw `commitOutcomeUnknown` without committing.
        case lostBeforeCommit
    }

    private let inner: InMemoryBoardStore
    private let state = Locked<Failure>(.none)

    init(_ inner: InMemoryBoardStore) {
        self.inner = inner
    }

    var failure: Failure {
        get { state.withLock { $0 } }
        set { state.withLock { $0 = newValue } }
    }

    private func check() throws(StoreError) {
        if failure == .unreachable { throw .unreachable("the test cut the store off") }
    }

    var retainedOps: Int { inner.retainedOps }

    func loadBoard(_ name: BoardName) throws(StoreError) -> StoredBoard? {
        try check()
        return try inner.loadBoard(name)
    }

    func moveToTrash(_ entry: TrashedBoard) throws(StoreError) -> TrashedBoard? {
        try check()
        return try inner.moveToTrash(entry)
    }

    func trashedBoards() throws(StoreError) -> [TrashedBoard] {
        try check()
        return try inner.trashedBoards()
    }

    func restoreFromTrash(_ name: BoardName, deleted: CommitTime?) throws(StoreError) -> TrashRestore {
        try check()
        return try inner.restoreFromTrash(name, deleted: deleted)
    }

    func purgeTrash(deletedBefore cutoff: CommitTime) throws(StoreError) -> [TrashedBoard] {
        try check()
        return try inner.purgeTrash(deletedBefore: cutoff)
    }

    func boardExists(_ name: BoardName) throws(StoreError) -> Bool {
        try check()
        return try inner.boardExists(name)
    }

    func listBoards() throws(StoreError) -> [BoardName] {
        try check()
        return try inner.listBoards()
    }

    func headVersion(of board: BoardName) throws(StoreError) -> Int? {
        try check()
        return try inner.headVersion(of: board)
    }

    func commit(_ batch: CommitBatch) throws(StoreError) {
        try check()
        try inner.commit(batch)
    }

    func opsAfter(_ board: BoardName, version: Int, limit: Int) throws(StoreError) -> [SequencedOp] {
        try check()
        return try inner.opsAfter(board, version: version, limit: limit)
    }

    func opsBefore(_ board: BoardName, version: Int, limit: Int) throws(StoreError) -> [SequencedOp] {
        try check()
        return try inner.opsBefore(board, version: version, limit: limit)
    }

    func snapshot(_ board: BoardName, atOrBelow version: Int) throws(StoreError) -> Board? {
        try check()
        return try inner.snapshot(board, atOrBelow: version)
    }

    func oldestRetainedVersion(_ board: BoardName) throws(StoreError) -> Int? {
        try check()
        return try inner.oldestRetainedVersion(board)
    }

    func lastSeq(_ board: BoardName, client: ClientID) throws(StoreError) -> Int {
        try check()
        return try inner.lastSeq(board, client: client)
    }

    func committedOp(_ board: BoardName, client: ClientID, seq: Int) throws(StoreError) -> SequencedOp? {
        try check()
        return try inner.committedOp(board, client: client, seq: seq)
    }

    func commitContinuing(
        _ batch: CommitBatch, rebase: (([BoardName: [SequencedOp]]) -> CommitBatch)?
    ) throws(StoreError) -> ContinuedCommit {
        switch failure {
        case .none: return try inner.commitContinuing(batch, rebase: rebase)
        case .unreachable: throw .unreachable("the test cut the store off")
        case .lostAfterCommit:
            failure = .none
            _ = try inner.commitContinuing(batch, rebase: rebase)
            throw .commitOutcomeUnknown("the test broke the connection after COMMIT")
        case .lostBeforeCommit:
            failure = .none
            throw .commitOutcomeUnknown("the test broke the connection before COMMIT")
        }
    }

    func storedBoards(of batch: CommitBatch) throws(StoreError) -> Set<BoardName> {
        try check()
        return try inner.storedBoards(of: batch)
    }

    func headVersions(of boards: [BoardName]) throws(StoreError) -> [BoardName: Int] {
        try check()
        return try inner.headVersions(of: boards)
    }

    func opsAfter(_ versions: [BoardName: Int], limit: Int) throws(StoreError) -> [BoardName: [SequencedOp]] {
        try check()
        return try inner.opsAfter(versions, limit: limit)
    }
}
