import BoardStore
import BoardSync
import Foundation
import Locking
import TestSupport
import Testing

/// A commit that fails stops the service: what depended on it is never acknowledged, and
/// nothing is sent any more (board-server then exits with 70) (in-process).
@Suite("storage failure")
struct StorageFailureTests {
    @Test func aFailedCommitIsNeverAcknowledgedAndNothingIsSentAfterIt() throws {
        let failing = Locked(false)
        let store = InterceptedStore { _ throws(StoreError) in
            if failing.withLock({ $0 }) { throw .database(code: 10, message: "disk I/O error") }
        }
        let server = try InProcessServer(store: store)
        let (alice, _) = try server.joined(board: "fail", user: "alice")
        let (bob, _) = try server.joined(board: "fail", user: "bob")
        _ = try alice.receive { $0.presenceValue }
        #expect(try alice.submit(seq: 1, base: 0, Ops.insert("kept")).ackValue?.version == 1)
        #expect(try bob.receive { $0.opValue }.version == 1)

        failing.withLock { $0 = true }
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
