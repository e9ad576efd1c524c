import BoardStore
import Testing

@Suite("BoardStore conformance")
struct BoardStoreConformanceTests {
    @Test(arguments: StoreKind.allCases)
    func unknownBoardIsAbsent(kind: StoreKind) throws {
        try kind.withStore { (store: BoardStore) throws in
            #expect(try store.loadBoard("team") == nil)
            #expect(try store.boardExists("team") == false)
            #expect(try store.headVersion(of: "team") == nil)
            #expect(try store.listBoards() == [])
            #expect(try store.lastSeq("team", client: "c1") == 0)
            #expect(try store.opsAfter("team", version: 0, limit: 10) == [])
            #expect(try store.oldestRetainedVersion("team") == nil)
            #expect(try store.committedOp("team", client: "c1", seq: 1) == nil)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func createdBoardStartsAtVersionZero(kind: StoreKind) throws {
        try kind.withStore { (store: BoardStore) throws in
            try store.commit(creation(of: "team"))
            try store.commit(creation(of: "alpha"))

            let board = try #require(try store.loadBoard("team"))
            #expect(board.name == "team")
            #expect(board.version == 0)
            #expect(board.snapshot == BoardSnapshot(version: 0, json: #"{"id":"team","version":0}"#))
            #expect(board.ops == [])
            #expect(board.usedIds == ["main": .section])
            #expect(board.lastSeqs == [:])
            #expect(try store.boardExists("team"))
            #expect(try store.headVersion(of: "team") == 0)
            #expect(try store.listBoards() == ["alpha", "team"])
        }
    }

    @Test(arguments: StoreKind.allCases)
    func committedOpsIdsAndSeqsLoadBack(kind: StoreKind) throws {
        try kind.withStore { (store: BoardStore) throws in
            try store.commit(creation(of: "team"))
            var first = CommitBatch()
            first.append(op(1, client: "c1", seq: 1), to: "team")
            first.append(op(2, client: "c2", user: "bob", seq: 7), to: "team")
            first.useId("a1", kind: .item, on: "team")
            first.useId("todo", kind: .section, on: "team")
            try store.commit(first)
            var second = CommitBatch()
            second.append(op(3, client: "c1", seq: 2), to: "team")
            second.useId("b2", kind: .item, on: "team")
            try store.commit(second)

            let board = try #require(try store.loadBoard("team"))
            #expect(board.version == 3)
            #expect(
                board.ops == [
                    op(1, client: "c1", seq: 1), op(2, client: "c2", user: "bob", seq: 7), op(3, client: "c1", seq: 2),
                ])
            #expect(board.usedIds == ["main": .section, "a1": .item, "todo": .section, "b2": .item])
            #expect(board.lastSeqs == ["c1": 2, "c2": 7])
            #expect(try store.lastSeq("team", client: "c1") == 2)
            #expect(try store.lastSeq("team", client: "c2") == 7)
            #expect(try store.lastSeq("team", client: "c3") == 0)
            #expect(try store.headVersion(of: "team") == 3)
            #expect(try store.committedOp("team", client: "c2", seq: 7) == op(2, client: "c2", user: "bob", seq: 7))
            #expect(try store.committedOp("team", client: "c2", seq: 1) == nil)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func textIsStoredExactly(kind: StoreKind) throws {
        try kind.withStore { (store: BoardStore) throws in
            try store.commit(creation(of: "team"))
            let unusual = CommittedOp(
                version: 1, client: "c:1", user: "Zoë 🚀", seq: 1,
                opJSON: #"{"label":" e\u0301 \"q\" ","x":"\#u{0}"}"#, committedAt: 0)
            var batch = CommitBatch()
            batch.append(unusual, to: "team")
            try store.commit(batch)
            #expect(try store.loadBoard("team")?.ops == [unusual])
        }
    }

    @Test(arguments: StoreKind.allCases)
    func oneBatchCommitsManyBoards(kind: StoreKind) throws {
        try kind.withStore { (store: BoardStore) throws in
            var batch = creation(of: "a")
            batch.createBoard("b")
            batch.append(op(1), to: "a")
            batch.append(op(1, client: "x", seq: 4), to: "b")
            batch.append(op(2), to: "a")
            batch.advanceSeq(of: "y", on: "b", to: 9)
            batch.useId("i1", kind: .item, on: "b")
            batch.addSnapshot(BoardSnapshot(version: 1, json: "{}"), of: "b")
            try store.commit(batch)

            #expect(try store.listBoards() == ["a", "b"])
            #expect(try store.loadBoard("a")?.ops == [op(1), op(2)])
            let b = try #require(try store.loadBoard("b"))
            #expect(b.snapshot == BoardSnapshot(version: 1, json: "{}"))
            #expect(b.ops == [])
            #expect(b.version == 1)
            #expect(b.lastSeqs == ["x": 4, "y": 9])
            #expect(b.usedIds == ["i1": .item])
        }
    }

    @Test(arguments: StoreKind.allCases)
    func loadReplaysOnlyTheTailAfterTheLatestSnapshot(kind: StoreKind) throws {
        try kind.withStore { (store: BoardStore) throws in
            try store.commit(creation(of: "team"))
            try commitOps(1...10, to: "team", in: store)
            try store.writeSnapshot("team", version: 6, json: #"{"v":6}"#)
            try store.writeSnapshot("team", version: 4, json: #"{"v":4}"#)

            let board = try #require(try store.loadBoard("team"))
            #expect(board.snapshot == BoardSnapshot(version: 6, json: #"{"v":6}"#))
            #expect(board.ops.map(\.version) == [7, 8, 9, 10])
            #expect(board.version == 10)
            #expect(board.lastSeqs == ["c1": 10])
            #expect(try store.opsAfter("team", version: 0, limit: 100).map(\.version) == Array(1...10))
        }
    }

    @Test(arguments: StoreKind.allCases)
    func compactionKeepsTheRetainedOps(kind: StoreKind) throws {
        try kind.withStore(retainedOps: 5) { (store: BoardStore) throws in
            #expect(store.retainedOps == 5)
            try store.commit(creation(of: "team"))
            try commitOps(1...20, to: "team", in: store)
            #expect(try store.oldestRetainedVersion("team") == 1)

            try store.writeSnapshot("team", version: 10, json: "{}")
            #expect(try store.oldestRetainedVersion("team") == 11)

            try store.writeSnapshot("team", version: 18, json: "{}")
            #expect(try store.oldestRetainedVersion("team") == 16)
            #expect(try store.opsAfter("team", version: 0, limit: 100).map(\.version) == Array(16...20))
            #expect(try store.committedOp("team", client: "c1", seq: 3) == nil)
            #expect(try store.committedOp("team", client: "c1", seq: 17) == op(17))

            let board = try #require(try store.loadBoard("team"))
            #expect(board.snapshot?.version == 18)
            #expect(board.ops.map(\.version) == [19, 20])
            #expect(board.lastSeqs == ["c1": 20])
        }
    }

    @Test(arguments: StoreKind.allCases)
    func snapshotInABatchCompactsAfterTheBatchOps(kind: StoreKind) throws {
        try kind.withStore(retainedOps: 3) { (store: BoardStore) throws in
            try store.commit(creation(of: "team"))
            var batch = CommitBatch()
            for version in 1...8 {
                batch.append(op(version), to: "team")
            }
            batch.addSnapshot(BoardSnapshot(version: 8, json: "{}"), of: "team")
            try store.commit(batch)
            #expect(try store.opsAfter("team", version: 0, limit: 100).map(\.version) == [6, 7, 8])
            #expect(try store.loadBoard("team")?.version == 8)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func opsAfterHonoursVersionAndLimit(kind: StoreKind) throws {
        try kind.withStore { (store: BoardStore) throws in
            try store.commit(creation(of: "team"))
            try commitOps(1...10, to: "team", in: store)
            #expect(try store.opsAfter("team", version: 3, limit: 4).map(\.version) == [4, 5, 6, 7])
            #expect(try store.opsAfter("team", version: 10, limit: 4) == [])
            #expect(try store.opsAfter("team", version: 8, limit: 0) == [])
            #expect(storeError { _ = try store.opsAfter("team", version: -1, limit: 4) } != nil)
            #expect(storeError { _ = try store.opsAfter("team", version: 0, limit: -4) } != nil)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func lastSeqOnlyMovesUp(kind: StoreKind) throws {
        try kind.withStore { (store: BoardStore) throws in
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

    @Test(arguments: StoreKind.allCases)
    func anIdRecordedTwiceKeepsTheLastKind(kind: StoreKind) throws {
        try kind.withStore { (store: BoardStore) throws in
            try store.commit(creation(of: "team"))
            var batch = CommitBatch()
            batch.useId("x", kind: .item, on: "team")
            batch.useId("x", kind: .section, on: "team")
            try store.commit(batch)
            #expect(try store.loadBoard("team")?.usedIds == ["main": .section, "x": .section])
        }
    }

    @Test(arguments: StoreKind.allCases)
    func emptyBatchChangesNothing(kind: StoreKind) throws {
        try kind.withStore { (store: BoardStore) throws in
            try store.commit(CommitBatch())
            #expect(try store.listBoards() == [])
        }
    }
}
