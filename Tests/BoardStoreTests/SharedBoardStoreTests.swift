import BoardStore
import BoardSync
import Foundation
import TestSupport
import Testing

/// One way of making a store that several servers share, and a second handle on the same
/// data (another server).
struct SharedStoreFactory: Sendable, CustomStringConvertible {
    let name: String
    let make: @Sendable () throws -> (first: any SharedBoardStore, second: any SharedBoardStore)

    var description: String { name }

    static let inMemory = SharedStoreFactory(name: "in-memory") {
        let store = InMemoryBoardStore(retainedOps: 100)
        return (store, store)
    }

    static let postgreSQL = SharedStoreFactory(name: "PostgreSQL") {
        let url = try ThrowawayPostgres.shared().url
        let schema = uniquePostgresName("shared")
        return (
            try PostgreSQLBoardStore(url: url, schema: schema, retainedOps: 100),
            try PostgreSQLBoardStore(url: url, schema: schema, retainedOps: 100)
        )
    }

    static let all = [inMemory, postgreSQL]
}

/// What a store shared by several servers must do beyond `BoardStore`, for every such store.
@Suite("shared board store")
struct SharedBoardStoreTests {
    @Test(arguments: SharedStoreFactory.all)
    func aCommitKeepsTheBoardsItContinuesAndReturnsWhatTheOthersMissed(factory: SharedStoreFactory) throws {
        let (first, second) = try factory.make()
        var setup = creation(of: "ahead")
        setup.createBoard("calm")
        setup.useID("main", kind: .section, on: "calm")
        try first.commit(setup)
        try commitOps(1...2, to: "ahead", in: first, client: "other")

        var batch = CommitBatch()
        batch.append(op(1, client: "me", seq: 5), to: "ahead")
        batch.advanceSeq(of: "me", on: "ahead", to: 6)
        batch.useID("lost", kind: .item, on: "ahead")
        batch.append(op(1, client: "me", seq: 7), to: "calm")
        batch.advanceSeq(of: "me", on: "calm", to: 8)
        batch.useID("kept", kind: .item, on: "calm")
        let newer = try second.commitContinuing(batch)

        #expect(newer == ["ahead": [op(1, client: "other"), op(2, client: "other")]])
        #expect(try first.headVersion(of: "calm") == 1)
        #expect(try first.lastSeq("calm", client: "me") == 8)
        #expect(try first.loadBoard("calm")?.usedIDs["kept"] == .item)
        #expect(try first.headVersion(of: "ahead") == 2)
        #expect(try first.lastSeq("ahead", client: "me") == 0)
        #expect(try first.loadBoard("ahead")?.usedIDs["lost"] == nil)
    }

    @Test(arguments: SharedStoreFactory.all)
    func creatingABoardAnotherServerCreatedIsNoError(factory: SharedStoreFactory) throws {
        let (first, second) = try factory.make()
        try first.commit(creation(of: "team"))
        var again = CommitBatch()
        again.createBoard("team")
        again.useID("main", kind: .section, on: "team")
        again.append(op(1), to: "team")
        #expect(try second.commitContinuing(again) == [:])
        #expect(try first.headVersion(of: "team") == 1)
        var fresh = CommitBatch()
        fresh.createBoard("new")
        fresh.append(op(1), to: "new")
        #expect(try second.commitContinuing(fresh) == [:])
        #expect(try first.listBoards() == ["new", "team"])
    }

    @Test(arguments: SharedStoreFactory.all)
    func otherViolationsStillRejectTheWholeBatch(factory: SharedStoreFactory) throws {
        let (first, second) = try factory.make()
        try first.commit(creation(of: "team"))
        var batch = CommitBatch()
        batch.append(op(1), to: "team")
        batch.append(op(3), to: "team")
        #expect(
            storeError { _ = try second.commitContinuing(batch) }
                == .versionConflict(board: "team", expected: 2, found: 3))
        var unknown = CommitBatch()
        unknown.append(op(1), to: "team")
        unknown.advanceSeq(of: "c1", on: "nowhere", to: 1)
        #expect(storeError { _ = try second.commitContinuing(unknown) } == .unknownBoard("nowhere"))
        #expect(try first.headVersion(of: "team") == 0)
    }

    @Test(arguments: SharedStoreFactory.all)
    func aStoredBatchIsRecognisedByTheFirstOpOfEachBoard(factory: SharedStoreFactory) throws {
        let (first, second) = try factory.make()
        try first.commit(creation(of: "team"))
        try first.commit(creation(of: "other"))
        var batch = CommitBatch()
        batch.append(op(1, client: "me", seq: 3), to: "team")
        batch.append(op(2, client: "me", seq: 4), to: "team")
        batch.append(op(1, client: "me", seq: 5), to: "other")
        #expect(try second.storedBoards(of: batch) == [])
        try commitOps(1...1, to: "other", in: first, client: "else")
        _ = try first.commitContinuing(batch)
        #expect(try second.storedBoards(of: batch) == ["team"])
        var seqsOnly = CommitBatch()
        seqsOnly.advanceSeq(of: "me", on: "team", to: 9)
        #expect(try second.storedBoards(of: seqsOnly) == [])
    }

    @Test(arguments: SharedStoreFactory.all)
    func headsAndOpsOfSeveralBoardsComeInOneCall(factory: SharedStoreFactory) throws {
        let (first, second) = try factory.make()
        try first.commit(creation(of: "a"))
        try first.commit(creation(of: "b"))
        try commitOps(1...4, to: "a", in: first)
        try commitOps(1...2, to: "b", in: first)
        #expect(try second.headVersions(of: ["a", "b", "nowhere"]) == ["a": 4, "b": 2])
        let ops = try second.opsAfter(["a": 1, "b": 2, "nowhere": 0], limit: 2)
        #expect(ops == ["a": [op(2), op(3)]])
    }

    /// Two servers commit the same board's next version at the same time, over and over: one
    /// wins each round, and the other gets exactly the winner's op back.
    @Test func concurrentCommitsOfOneVersionOnPostgreSQLHaveOneWinner() async throws {
        let (first, second) = try SharedStoreFactory.postgreSQL.make()
        try first.commit(creation(of: "hot"))
        for round in 1...20 {
            let version = round
            async let a = Task.detached { () throws -> [BoardName: [SequencedOp]] in
                var batch = CommitBatch()
                batch.append(op(version, client: "a", seq: version), to: "hot")
                return try first.commitContinuing(batch)
            }.value
            async let b = Task.detached { () throws -> [BoardName: [SequencedOp]] in
                var batch = CommitBatch()
                batch.append(op(version, client: "b", seq: version), to: "hot")
                return try second.commitContinuing(batch)
            }.value
            let (fromA, fromB) = try await (a, b)
            let stored = try #require(try first.opsAfter("hot", version: version - 1, limit: 5).first)
            #expect([fromA, fromB].filter(\.isEmpty).count == 1, "round \(round)")
            #expect((fromA["hot"] ?? fromB["hot"]) == [stored], "round \(round)")
        }
        #expect(try first.headVersion(of: "hot") == 20)
    }
}
