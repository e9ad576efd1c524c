import BoardStore
import BoardSync
import Foundation
import Locking
import TestSupport
import Testing

/// A commit that lost a board's race asks for a rebase inside its transaction, while the board's
/// head stays locked, and writes the answer with the rest, for every shared store.
@Suite("shared store, rebase in the commit")
struct SharedStoreRebaseTests {
    @Test(arguments: SharedStoreFactory.all)
    func aLostRaceIsRebasedAndWrittenInTheSameCommit(factory: SharedStoreFactory) throws {
        let (first, second) = try factory.make()
        try first.commit(creation(of: "hot"))
        try first.commit(creation(of: "calm"))
        try commitOps(1...2, to: "hot", in: first, client: "other")
        var batch = CommitBatch()
        batch.append(op(1, client: "me", seq: 1), to: "hot")
        batch.append(op(1, client: "me", seq: 2), to: "calm")
        var asked: [[String: [StoredOp]]] = []
        let result = try second.commitContinuing(batch) { newer in
            asked.append(newer)
            var rebased = CommitBatch()
            rebased.append(op(3, client: "me", seq: 1), to: "hot")
            rebased.advanceSeq(of: "me", on: "hot", to: 1)
            return rebased
        }
        #expect(asked == [["hot": [op(1, client: "other"), op(2, client: "other")]]])
        #expect(result.newer == [:])
        #expect(result.rebased.ops.map(\.op) == [op(3, client: "me", seq: 1)])
        #expect(try first.headVersion(of: "hot") == 3)
        #expect(try first.headVersion(of: "calm") == 1)
        #expect(try first.opsAfter("hot", version: 2, limit: 5) == [op(3, client: "me", seq: 1)])
        #expect(try first.lastSeq("hot", client: "me") == 1)
    }

    @Test(arguments: SharedStoreFactory.all)
    func aRebaseThatDoesNotContinueTheHeadIsLeftOutWithWhatItMissed(factory: SharedStoreFactory) throws {
        let (first, second) = try factory.make()
        try first.commit(creation(of: "hot"))
        try commitOps(1...3, to: "hot", in: first, client: "other")
        var batch = CommitBatch()
        batch.append(op(2, client: "me", seq: 1), to: "hot")
        let result = try second.commitContinuing(batch) { _ in
            var stale = CommitBatch()
            stale.append(op(3, client: "me", seq: 1), to: "hot")
            return stale
        }
        #expect(result.newer == ["hot": [op(3, client: "other")]])
        #expect(result.rebased.isEmpty)
        #expect(try first.headVersion(of: "hot") == 3)
        #expect(try first.lastSeq("hot", client: "me") == 0)
    }

    @Test(arguments: SharedStoreFactory.all)
    func aRebaseAnsweringNothingLeavesTheBoardOutAndWinningCommitsAskNothing(factory: SharedStoreFactory) throws {
        let (first, second) = try factory.make()
        try first.commit(creation(of: "hot"))
        try commitOps(1...1, to: "hot", in: first, client: "other")
        var lost = CommitBatch()
        lost.append(op(1, client: "me", seq: 1), to: "hot")
        let result = try second.commitContinuing(lost) { _ in CommitBatch() }
        #expect(result.newer == ["hot": [op(1, client: "other")]])
        var winning = CommitBatch()
        winning.append(op(2, client: "me", seq: 1), to: "hot")
        let won = try second.commitContinuing(winning) { _ in
            Issue.record("a commit that lost no race asked for a rebase")
            return CommitBatch()
        }
        #expect(won == ContinuedCommit())
        #expect(try first.headVersion(of: "hot") == 2)
    }

    @Test(arguments: SharedStoreFactory.all)
    func aRebaseThatBreaksTheRulesRejectsTheWholeCommit(factory: SharedStoreFactory) throws {
        let (first, second) = try factory.make()
        try first.commit(creation(of: "hot"))
        try first.commit(creation(of: "calm"))
        try commitOps(1...1, to: "hot", in: first, client: "other")
        var batch = CommitBatch()
        batch.append(op(1, client: "me", seq: 1), to: "hot")
        batch.append(op(1, client: "me", seq: 2), to: "calm")
        let error = storeError {
            _ = try second.commitContinuing(batch) { _ in
                var broken = CommitBatch()
                broken.append(op(2, client: "me", seq: 1), to: "hot")
                broken.append(op(4, client: "me", seq: 3), to: "hot")
                return broken
            }
        }
        #expect(error == .versionConflict(board: "hot", expected: 3, found: 4))
        #expect(try first.headVersion(of: "calm") == 0)
        #expect(try first.headVersion(of: "hot") == 1)
    }

    /// While the losing server rebases, the board's head stays locked: the other server's next
    /// commit of the board waits for it instead of winning again, and then loses to it.
    @Test func theHeadStaysLockedWhileAServerRebasesOnPostgreSQL() throws {
        let url = try ThrowawayPostgres.shared().url
        let schema = uniquePostgresName("rebase")
        let first = try PostgreSQLBoardStore(url: url, schema: schema, retainedOps: 100)
        let second = try PostgreSQLBoardStore(url: url, schema: schema, retainedOps: 100)
        let observer = try connectToSharedPostgres()
        try first.commit(creation(of: "hot"))
        try commitOps(1...1, to: "hot", in: first, client: "other")
        let otherDone = DispatchSemaphore(value: 0)
        let otherResult = Locked<[String: [StoredOp]]?>(nil)
        var batch = CommitBatch()
        batch.append(op(1, client: "me", seq: 1), to: "hot")
        let result = try second.commitContinuing(batch) { _ in
            Thread {
                var next = CommitBatch()
                next.append(op(2, client: "other", seq: 9), to: "hot")
                let newer = try? first.commitContinuing(next)
                otherResult.withLock { $0 = newer }
                otherDone.signal()
            }.start()
            #expect(
                Self.waitUntil(seconds: 10) { (try? Self.commitsWaitingForALock(in: schema, observer)) == 1 },
                "the other server's commit never waited for the head")
            var rebased = CommitBatch()
            rebased.append(op(2, client: "me", seq: 1), to: "hot")
            return rebased
        }
        #expect(result.newer == [:])
        #expect(otherDone.wait(timeout: .now() + 10) == .success)
        #expect(otherResult.withLock { $0 } == ["hot": [op(2, client: "me", seq: 1)]])
        #expect(try first.opsAfter("hot", version: 1, limit: 5) == [op(2, client: "me", seq: 1)])
    }

    /// Backends of the cluster waiting for a transaction to end while holding a lock on the
    /// `boards` table of `schema`: commits blocked on a board's locked head.
    private static func commitsWaitingForALock(in schema: String, _ connection: PostgresConnection) throws -> Int {
        try connection.execute(
            """
            SELECT count(*) FROM pg_locks waiting
            WHERE NOT waiting.granted AND waiting.locktype = 'transactionid' AND EXISTS (
                SELECT 1 FROM pg_locks held JOIN pg_class c ON c.oid = held.relation
                JOIN pg_namespace n ON n.oid = c.relnamespace
                WHERE held.pid = waiting.pid AND n.nspname = $1 AND c.relname = 'boards')
            """, [schema]
        )[0].int(0)
    }

    /// Checks `condition` until it holds or `seconds` have passed; whether it held.
    private static func waitUntil(seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while !condition() {
            guard Date() < deadline else { return false }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return true
    }
}
