import BoardStore
import BoardSync
import Testing

/// What every `BoardStore` must do, checked against each store of `StoreFactory.all`.
@Suite("BoardStore conformance")
struct BoardStoreConformanceTests {
    @Test(arguments: StoreFactory.all)
    func unknownBoardIsAbsent(factory: StoreFactory) throws {
        try factory.withStore { (store: any BoardStore) throws in
            #expect(try store.loadBoard("team") == nil)
            #expect(try store.boardExists("team") == false)
            #expect(try store.headVersion(of: "team") == nil)
            #expect(try store.listBoards() == [])
            #expect(try store.lastSeq("team", client: "c1") == 0)
            #expect(try store.opsAfter("team", version: 0, limit: 10) == [])
            #expect(try store.oldestRetainedVersion("team") == nil)
            #expect(try store.committedOp("team", client: "c1", seq: 1) == nil)
            #expect(try store.opsBefore("team", version: 10, limit: 10) == [])
            #expect(try store.snapshot("team", atOrBelow: 10) == nil)
        }
    }

    @Test(arguments: StoreFactory.all)
    func createdBoardStartsAtVersionZero(factory: StoreFactory) throws {
        try factory.withStore { (store: any BoardStore) throws in
            try store.commit(creation(of: "team"))
            try store.commit(creation(of: "alpha"))

            let board = try #require(try store.loadBoard("team"))
            #expect(board.name == "team")
            #expect(board.version == 0)
            #expect(board.snapshot == Board(id: "team", version: 0, sections: []))
            #expect(board.ops == [])
            #expect(board.usedIDs == ["main": .section])
            #expect(board.lastSeqs == [:])
            #expect(try store.boardExists("team"))
            #expect(try store.headVersion(of: "team") == 0)
            #expect(try store.listBoards() == ["alpha", "team"])
        }
    }

    @Test(arguments: StoreFactory.all)
    func committedOpsIdsAndSeqsLoadBack(factory: StoreFactory) throws {
        try factory.withStore { (store: any BoardStore) throws in
            try store.commit(creation(of: "team"))
            var first = CommitBatch()
            first.append(op(1, client: "c1", seq: 1), to: "team")
            first.append(op(2, client: "c2", user: "bob", seq: 7), to: "team")
            first.useID("a1", kind: .item, on: "team")
            first.useID("todo", kind: .section, on: "team")
            try store.commit(first)
            var second = CommitBatch()
            second.append(op(3, client: "c1", seq: 2), to: "team")
            second.useID("b2", kind: .item, on: "team")
            try store.commit(second)

            let board = try #require(try store.loadBoard("team"))
            #expect(board.version == 3)
            #expect(
                board.ops == [
                    op(1, client: "c1", seq: 1), op(2, client: "c2", user: "bob", seq: 7), op(3, client: "c1", seq: 2),
                ])
            #expect(board.usedIDs == ["main": .section, "a1": .item, "todo": .section, "b2": .item])
            #expect(board.lastSeqs == ["c1": 2, "c2": 7])
            #expect(try store.lastSeq("team", client: "c1") == 2)
            #expect(try store.lastSeq("team", client: "c2") == 7)
            #expect(try store.lastSeq("team", client: "c3") == 0)
            #expect(try store.headVersion(of: "team") == 3)
            #expect(try store.committedOp("team", client: "c2", seq: 7) == op(2, client: "c2", user: "bob", seq: 7))
            #expect(try store.committedOp("team", client: "c2", seq: 1) == nil)
        }
    }

    @Test(arguments: StoreFactory.all)
    func textIsStoredExactly(factory: StoreFactory) throws {
        try factory.withStore { (store: any BoardStore) throws in
            try store.commit(creation(of: "team"))
            let unusual = SequencedOp(
                version: 1, client: "c:1", user: "Zoë 🚀", seq: 1,
                op: .update(item: "i\u{301}1", label: " e\u{301} \"q\" \u{0}\\ \n"),
                committedAt: CommitTime(milliseconds: 0))
            var batch = CommitBatch()
            batch.append(unusual, to: "team")
            try store.commit(batch)
            #expect(try store.loadBoard("team")?.ops == [unusual])
        }
    }

    @Test(arguments: StoreFactory.all)
    func oneBatchCommitsManyBoards(factory: StoreFactory) throws {
        try factory.withStore { (store: any BoardStore) throws in
            var batch = creation(of: "a")
            batch.createBoard("b")
            batch.append(op(1), to: "a")
            batch.append(op(1, client: "x", seq: 4), to: "b")
            batch.append(op(2), to: "a")
            batch.advanceSeq(of: "y", on: "b", to: 9)
            batch.useID("i1", kind: .item, on: "b")
            batch.addSnapshot(snapshot(of: "b", at: 1))
            try store.commit(batch)

            #expect(try store.listBoards() == ["a", "b"])
            #expect(try store.loadBoard("a")?.ops == [op(1), op(2)])
            let b = try #require(try store.loadBoard("b"))
            #expect(b.snapshot == snapshot(of: "b", at: 1))
            #expect(b.ops == [])
            #expect(b.version == 1)
            #expect(b.lastSeqs == ["x": 4, "y": 9])
            #expect(b.usedIDs == ["i1": .item])
        }
    }

    @Test(arguments: StoreFactory.all)
    func loadReplaysOnlyTheTailAfterTheLatestSnapshot(factory: StoreFactory) throws {
        try factory.withStore { (store: any BoardStore) throws in
            try store.commit(creation(of: "team"))
            try commitOps(1...10, to: "team", in: store)
            try store.writeSnapshot(snapshot(of: "team", at: 6))
            try store.writeSnapshot(snapshot(of: "team", at: 4))

            let board = try #require(try store.loadBoard("team"))
            #expect(board.snapshot == snapshot(of: "team", at: 6))
            #expect(board.ops.map(\.version) == [7, 8, 9, 10])
            #expect(board.version == 10)
            #expect(board.lastSeqs == ["c1": 10])
            #expect(try store.opsAfter("team", version: 0, limit: 100).map(\.version) == Array(1...10))
        }
    }

    @Test(arguments: StoreFactory.all)
    func compactionKeepsTheRetainedOps(factory: StoreFactory) throws {
        try factory.withStore(retainedOps: 5) { (store: any BoardStore) throws in
            #expect(store.retainedOps == 5)
            try store.commit(creation(of: "team"))
            try commitOps(1...20, to: "team", in: store)
            #expect(try store.oldestRetainedVersion("team") == 1)

            try store.writeSnapshot(snapshot(of: "team", at: 10))
            #expect(try store.oldestRetainedVersion("team") == 11)

            // 20 - 5 = 15: compaction stops at the newest snapshot at or below it, 10, so that every
            // retained version can still be rebuilt.
            try store.writeSnapshot(snapshot(of: "team", at: 18))
            #expect(try store.oldestRetainedVersion("team") == 11)
            #expect(try store.opsAfter("team", version: 0, limit: 100).map(\.version) == Array(11...20))
            #expect(try store.committedOp("team", client: "c1", seq: 3) == nil)
            #expect(try store.committedOp("team", client: "c1", seq: 17) == op(17))

            let board = try #require(try store.loadBoard("team"))
            #expect(board.snapshot?.version == 18)
            #expect(board.ops.map(\.version) == [19, 20])
            #expect(board.lastSeqs == ["c1": 20])
        }
    }

    @Test(arguments: StoreFactory.all)
    func snapshotInABatchCompactsAfterTheBatchOps(factory: StoreFactory) throws {
        try factory.withStore(retainedOps: 3) { (store: any BoardStore) throws in
            try store.commit(creation(of: "team"))
            try commitOps(1...4, to: "team", in: store)
            try store.writeSnapshot(snapshot(of: "team", at: 4))
            #expect(try store.oldestRetainedVersion("team") == 1)
            var batch = CommitBatch()
            for version in 5...8 {
                batch.append(op(version), to: "team")
            }
            batch.addSnapshot(snapshot(of: "team", at: 8))
            try store.commit(batch)
            #expect(try store.opsAfter("team", version: 0, limit: 100).map(\.version) == [5, 6, 7, 8])
            #expect(try store.loadBoard("team")?.version == 8)
        }
    }

    @Test(arguments: StoreFactory.all)
    func opsAfterHonoursVersionAndLimit(factory: StoreFactory) throws {
        try factory.withStore { (store: any BoardStore) throws in
            try store.commit(creation(of: "team"))
            try commitOps(1...10, to: "team", in: store)
            #expect(try store.opsAfter("team", version: 3, limit: 4).map(\.version) == [4, 5, 6, 7])
            #expect(try store.opsAfter("team", version: 10, limit: 4) == [])
            #expect(try store.opsAfter("team", version: 8, limit: 0) == [])
            #expect(storeError { _ = try store.opsAfter("team", version: -1, limit: 4) } != nil)
            #expect(storeError { _ = try store.opsAfter("team", version: 0, limit: -4) } != nil)
        }
    }

    @Test(arguments: StoreFactory.all)
    func lastSeqOnlyMovesUp(factory: StoreFactory) throws {
        try factory.withStore { (store: any BoardStore) throws in
            try store.commit(creation(of: "team"))
            var batch = CommitBatch()
            batch.append(op(1, client: "c1", seq: 5), to: "team")
            batch.advanceSeq(of: "c1", on: "team", to: 6)
            batch.advanceSeq(of: "c2", on: "team", to: 3)
            try store.commit(batch)
            var lower = CommitBatch()
            lower.advanceSeq(of: "c1", on: "team", to: 2)
            try store.commit(lower)
            #expect(try store.lastSeq("team", client: "c1") == 6)
            #expect(try store.lastSeq("team", client: "c2") == 3)
            #expect(try store.loadBoard("team")?.lastSeqs == ["c1": 6, "c2": 3])
        }
    }

    @Test(arguments: StoreFactory.all)
    func anIdRecordedTwiceKeepsTheLastKind(factory: StoreFactory) throws {
        try factory.withStore { (store: any BoardStore) throws in
            try store.commit(creation(of: "team"))
            var batch = CommitBatch()
            batch.useID("x", kind: .item, on: "team")
            batch.useID("x", kind: .section, on: "team")
            try store.commit(batch)
            #expect(try store.loadBoard("team")?.usedIDs == ["main": .section, "x": .section])
        }
    }

    @Test(arguments: StoreFactory.all)
    func emptyBatchChangesNothing(factory: StoreFactory) throws {
        try factory.withStore { (store: any BoardStore) throws in
            try store.commit(CommitBatch())
            #expect(try store.listBoards() == [])
        }
    }
}
