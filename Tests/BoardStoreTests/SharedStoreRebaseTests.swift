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
        var ours = CommitBatch()
        ours.append(op(1, client: "me", seq: 1), to: "hot")
        ours.append(op(1, client: "me", seq: 2), to: "calm")
        var asked: [[BoardName: [SequencedOp]]] = []
        let result = try second.commitContinuing(ours) { newer in
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
        let ours = batch(op(2, client: "me", seq: 1), to: "hot")
        let result = try second.commitContinuing(ours) { _ in
            let stale = batch(op(3, client: "me", seq: 1), to: "hot")
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
        let lost = batch(op(1, client: "me", seq: 1), to: "hot")
        let result = try second.commitContinuing(lost) { _ in CommitBatch() }
        #expect(result.newer == ["hot": [op(1, client: "other")]])
        let winning = batch(op(2, client: "me", seq: 1), to: "hot")
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
        var ours = CommitBatch()
        ours.append(op(1, client: "me", seq: 1), to: "hot")
        ours.append(op(1, client: "me", seq: 2), to: "calm")
        let error = storeError {
            _ = try second.commitContinuing(ours) { _ in
                let broken = batch(op(2, client: "me", seq: 1), op(4, client: "me", seq: 3), to: "hot")
                return broken
            }
        }
        #expect(error == .versionConflict(board: "hot", expected: 3, found: 4))
        #expect(try first.headVersion(of: "calm") == 0)
        #expect(try first.headVersion(of: "hot") == 1)
    }

    /// While the losing server rebases, the board's head stays locked: the other server's commit
    /// of the board cannot take it (its statement times out waiting), and once the rebase is
    /// written the other server loses to it.
    @Test func theHeadStaysLockedWhileAServerRebasesOnPostgreSQL() throws {
        let url = try ThrowawayPostgres.shared().url
        let schema = uniquePostgresName("rebase")
        let patient = PostgresConnectionOptions(statementTimeout: .milliseconds(500))
        let first = try PostgreSQLBoardStore(url: url, schema: schema, retainedOps: 100, options: patient)
        let second = try PostgreSQLBoardStore(url: url, schema: schema, retainedOps: 100)
        try first.commit(creation(of: "hot"))
        try commitOps(1...1, to: "hot", in: first, client: "other")
        let next = {
            let next = batch(op(2, client: "other", seq: 9), to: "hot")
            return next
        }()
        let ours = batch(op(1, client: "me", seq: 1), to: "hot")
        let result = try second.commitContinuing(ours) { _ in
            let otherDone = DispatchSemaphore(value: 0)
            let otherError = Locked<StoreError?>(nil)
            Thread {
                otherError.withLock { $0 = storeError { _ = try first.commitContinuing(next) } }
                otherDone.signal()
            }.start()
            #expect(otherDone.wait(timeout: .now() + 10) == .success, "the other server's commit never ended")
            guard case .database(_, let message)? = otherError.withLock({ $0 }) else {
                Issue.record(
                    "the other server's commit took the head: \(String(describing: otherError.withLock { $0 }))")
                return CommitBatch()
            }
            #expect(message.contains("statement timeout"), "\(message)")
            let rebased = batch(op(2, client: "me", seq: 1), to: "hot")
            return rebased
        }
        #expect(result.newer == [:])
        #expect(try first.commitContinuing(next) == ["hot": [op(2, client: "me", seq: 1)]])
        #expect(try first.opsAfter("hot", version: 1, limit: 5) == [op(2, client: "me", seq: 1)])
    }
}
