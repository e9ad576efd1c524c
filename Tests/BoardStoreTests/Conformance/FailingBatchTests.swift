import BoardStore
import BoardSync
import Testing

/// A refused batch must leave every board exactly as it was, in every store.
@Suite("Failing batches roll back")
struct FailingBatchTests {
    /// Commits a base state, runs `batch`, checks the error and that nothing changed.
    private func expectRefusal(
        _ factory: StoreFactory, of batch: (inout CommitBatch) -> Void, with expected: StoreError,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        try factory.withStore(retainedOps: 2) { (store: any BoardStore) throws in
            try store.commit(creation(of: "team"))
            var base = CommitBatch()
            base.append(op(1), to: "team")
            base.append(op(2, client: "c2", seq: 1), to: "team")
            base.useID("a1", kind: .item, on: "team")
            try store.commit(base)
            let before = try store.loadBoard("team")
            let retainedBefore = try store.opsAfter("team", version: 0, limit: 100)

            var failing = validBatch()
            batch(&failing)

            #expect(storeError { try store.commit(failing) } == expected, sourceLocation: sourceLocation)
            #expect(try store.loadBoard("team") == before, sourceLocation: sourceLocation)
            #expect(
                try store.opsAfter("team", version: 0, limit: 100) == retainedBefore, sourceLocation: sourceLocation)
            #expect(try store.boardExists("other") == false, sourceLocation: sourceLocation)
            #expect(try store.listBoards() == ["team"], sourceLocation: sourceLocation)
            #expect(try store.lastSeq("team", client: "c9") == 0, sourceLocation: sourceLocation)

            try store.commit(validBatch())
            #expect(try store.headVersion(of: "team") == 3, sourceLocation: sourceLocation)
        }
    }

    /// A batch that commits on the base state; each test appends one violation to it.
    private func validBatch() -> CommitBatch {
        var batch = CommitBatch()
        batch.createBoard("other")
        batch.append(op(3), to: "team")
        batch.advanceSeq(of: "c9", on: "team", to: 50)
        batch.useID("z9", kind: .item, on: "team")
        batch.addSnapshot(snapshot(of: "team", at: 3))
        return batch
    }

    @Test(arguments: StoreFactory.all)
    func duplicateVersion(factory: StoreFactory) throws {
        try expectRefusal(
            factory, of: { $0.append(op(3, client: "c3", seq: 1), to: "team") },
            with: .versionConflict(board: "team", expected: 4, found: 3))
    }

    @Test(arguments: StoreFactory.all)
    func versionGap(factory: StoreFactory) throws {
        try expectRefusal(
            factory, of: { $0.append(op(5), to: "team") }, with: .versionConflict(board: "team", expected: 4, found: 5))
    }

    @Test(arguments: StoreFactory.all)
    func unknownBoard(factory: StoreFactory) throws {
        try expectRefusal(factory, of: { $0.useID("x", kind: .item, on: "nowhere") }, with: .unknownBoard("nowhere"))
    }

    @Test(arguments: StoreFactory.all)
    func existingBoard(factory: StoreFactory) throws {
        try expectRefusal(factory, of: { $0.createBoard("team") }, with: .boardAlreadyExists("team"))
    }

    @Test(arguments: StoreFactory.all)
    func negativeSnapshotVersion(factory: StoreFactory) throws {
        try expectRefusal(
            factory, of: { $0.addSnapshot(snapshot(of: "team", at: -1)) },
            with: .invalidArgument("snapshot version -1 of board team"))
    }

    @Test(arguments: StoreFactory.all)
    func snapshotAheadOfTheBoard(factory: StoreFactory) throws {
        try expectRefusal(
            factory, of: { $0.addSnapshot(snapshot(of: "team", at: 9)) },
            with: .snapshotAheadOfBoard(board: "team", version: 9, head: 3))
    }
}
