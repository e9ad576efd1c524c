import BoardStore
import BoardSync
import Foundation
import Locking
import Testing

/// A commit that fails stops the service: what depended on it is never acknowledged, and
/// nothing is sent any more (board-server then exits with 70) (in-process).
@Suite("storage failure")
struct StorageFailureTests {
    /// An in-memory store whose commits fail once `failing` is set.
    final class FailingStore: BoardStore {
        let inner = InMemoryBoardStore()
        let failing = Locked(false)

        var retainedOps: Int { inner.retainedOps }

        func commit(_ batch: CommitBatch) throws(StoreError) {
            if failing.withLock({ $0 }) { throw .database(code: 10, message: "disk I/O error") }
            try inner.commit(batch)
        }

        func loadBoard(_ name: String) throws(StoreError) -> StoredBoard? { try inner.loadBoard(name) }
        func boardExists(_ name: String) throws(StoreError) -> Bool { try inner.boardExists(name) }
        func listBoards() throws(StoreError) -> [String] { try inner.listBoards() }
        func headVersion(of board: String) throws(StoreError) -> Int? { try inner.headVersion(of: board) }
        func opsAfter(_ board: String, version: Int, limit: Int) throws(StoreError) -> [StoredOp] {
            try inner.opsAfter(board, version: version, limit: limit)
        }
        func opsBefore(_ board: String, version: Int, limit: Int) throws(StoreError) -> [StoredOp] {
            try inner.opsBefore(board, version: version, limit: limit)
        }
        func snapshot(_ board: String, atOrBelow version: Int) throws(StoreError) -> Board? {
            try inner.snapshot(board, atOrBelow: version)
        }
        func oldestRetainedVersion(_ board: String) throws(StoreError) -> Int? {
            try inner.oldestRetainedVersion(board)
        }
        func lastSeq(_ board: String, client: String) throws(StoreError) -> Int {
            try inner.lastSeq(board, client: client)
        }
        func committedOp(_ board: String, client: String, seq: Int) throws(StoreError) -> StoredOp? {
            try inner.committedOp(board, client: client, seq: seq)
        }
    }

    @Test func aFailedCommitIsNeverAcknowledgedAndNothingIsSentAfterIt() throws {
        let store = FailingStore()
        let server = try InProcessServer(store: store)
        let (alice, _) = try server.joined(board: "fail", user: "alice")
        let (bob, _) = try server.joined(board: "fail", user: "bob")
        _ = try alice.receive { $0.presenceValue }
        #expect(try alice.submit(seq: 1, base: 0, Ops.insert("kept")).ackValue?.version == 1)
        #expect(try bob.receive { $0.opValue }.version == 1)

        store.failing.withLock { $0 = true }
        alice.send(.submit(.init(seq: 2, base: 1, op: Ops.insert("lost"))))
        server.settle()
        #expect(server.storageFailures == [.database(code: 10, message: "disk I/O error")])
        #expect(throws: ProtocolClientError.self) { try alice.receive() }
        #expect(throws: ProtocolClientError.self) { try bob.receive() }

        bob.send(.drag(.begin(item: "kept")))
        alice.send(.submit(.init(seq: 3, base: 1, op: Ops.insert("later"))))
        server.settle()
        #expect(throws: ProtocolClientError.self) { try alice.receive() }
        #expect(throws: ProtocolClientError.self) { try bob.receive() }
        #expect(try store.inner.loadBoard("fail")?.version == 1)
        #expect(server.log.contains("storage failed; stopping without acknowledging"))
    }
}
