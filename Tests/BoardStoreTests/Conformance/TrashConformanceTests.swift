import BoardStore
import BoardSync
import Testing

/// What every `BoardStore` must do with its trash: a deleted board leaves the list with all it
/// held, its name is free for a new board, and restoring it brings back every op, snapshot,
/// used id and seq; old entries are purged for good.
@Suite("BoardStore trash conformance")
struct TrashConformanceTests {
    private func entry(_ name: BoardName, at milliseconds: Int64, items: Int = 3) -> TrashedBoard {
        TrashedBoard(
            id: name, version: 0, sections: 1, items: items, deleted: CommitTime(milliseconds: milliseconds))
    }

    @Test(arguments: StoreFactory.all)
    func aDeletedBoardComesBackWithEverythingItHeld(factory: StoreFactory) throws {
        try factory.withStore(retainedOps: 4) { (store: any BoardStore) throws in
            try store.commit(creation(of: "team"))
            try commitOps(1...6, to: "team", in: store, client: "c1")
            try store.writeSnapshot(snapshot(of: "team", at: 6))
            try commitOps(7...9, to: "team", in: store, client: "c1")
            try store.commit(creation(of: "other"))
            let before = try #require(try store.loadBoard("team"))

            let recorded = try store.moveToTrash(entry("team", at: 1_000))
            #expect(
                recorded
                    == TrashedBoard(id: "team", version: 9, sections: 1, items: 3, deleted: .init(milliseconds: 1_000)))
            #expect(try store.listBoards() == ["other"])
            #expect(try store.headVersion(of: "team") == nil)
            #expect(try store.loadBoard("team") == nil)
            #expect(try store.opsBefore("team", version: 100, limit: 10) == [])
            #expect(try store.trashedBoards() == [recorded])
            #expect(try store.moveToTrash(entry("team", at: 2_000)) == nil)

            // The name is free: a new board of that name starts from version 0.
            try store.commit(creation(of: "team"))
            try commitOps(1...2, to: "team", in: store, client: "c2")
            #expect(try store.restoreFromTrash("team", deleted: nil) == .nameTaken)
            let newer = try #require(try store.moveToTrash(entry("team", at: 1_000, items: 0)))
            #expect(newer.deleted.milliseconds == 1_001 && newer.version == 2)
            #expect(try store.trashedBoards().map(\.deleted.milliseconds) == [1_000, 1_001])

            #expect(try store.restoreFromTrash("team", deleted: CommitTime(milliseconds: 5)) == .notInTrash)
            #expect(
                try store.restoreFromTrash("team", deleted: CommitTime(milliseconds: 1_000)) == .restored(recorded!))
            let after = try #require(try store.loadBoard("team"))
            #expect(after == before)
            #expect(try store.opsBefore("team", version: 100, limit: 3).map(\.version) == [9, 8, 7])
            #expect(try store.snapshot("team", atOrBelow: 7)?.version == 6)
            #expect(try store.lastSeq("team", client: "c1") == 9)
            #expect(try store.lastSeq("team", client: "c2") == 0)
            var next = CommitBatch()
            next.append(op(10), to: "team")
            try store.commit(next)
            #expect(try store.headVersion(of: "team") == 10)
            #expect(try store.trashedBoards() == [newer])
            #expect(try store.restoreFromTrash("nobody", deleted: nil) == .notInTrash)
        }
    }

    @Test(arguments: StoreFactory.all)
    func purgingRemovesOnlyTheEntriesDeletedBeforeTheCutoff(factory: StoreFactory) throws {
        try factory.withStore { (store: any BoardStore) throws in
            for (name, time) in [("old", 100), ("young", 900)] as [(BoardName, Int64)] {
                try store.commit(creation(of: name))
                try commitOps(1...3, to: name, in: store)
                _ = try store.moveToTrash(entry(name, at: time))
            }
            #expect(try store.purgeTrash(deletedBefore: CommitTime(milliseconds: 100)) == [])
            let purged = try store.purgeTrash(deletedBefore: CommitTime(milliseconds: 500))
            #expect(purged.map(\.id) == ["old"])
            #expect(try store.trashedBoards().map(\.id) == ["young"])
            #expect(try store.restoreFromTrash("old", deleted: nil) == .notInTrash)
            // A new board of a purged name holds nothing of the old one.
            try store.commit(creation(of: "old"))
            #expect(try store.loadBoard("old")?.ops == [])
            var young = entry("young", at: 900)
            young.version = 3
            #expect(try store.restoreFromTrash("young", deleted: nil) == .restored(young))
            #expect(try store.headVersion(of: "young") == 3)
        }
    }
}
