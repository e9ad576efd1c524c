import BoardStore
import BoardSync
import Testing

/// What every `BoardStore` must do for a board's history: pages of ops newest first, and the
/// snapshots that earlier versions are rebuilt from, kept until compaction passes them.
@Suite("BoardStore history conformance")
struct HistoryConformanceTests {
    @Test(arguments: StoreFactory.all)
    func historyPagesAreNewestFirstBelowTheirVersion(factory: StoreFactory) throws {
        try factory.withStore { (store: any BoardStore) throws in
            try store.commit(creation(of: "team"))
            try commitOps(1...10, to: "team", in: store)
            // The snapshot moves the SQLite store's log into its table: later ops are in the log
            // again, and pages cross from one to the other.
            try store.writeSnapshot(snapshot(of: "team", at: 10))
            try commitOps(11...15, to: "team", in: store)

            #expect(try store.opsBefore("team", version: 16, limit: 8) == (8...15).reversed().map { op($0) })
            #expect(try store.opsBefore("team", version: 8, limit: 3).map(\.version) == [7, 6, 5])
            #expect(try store.opsBefore("team", version: 1_000, limit: 2).map(\.version) == [15, 14])
            #expect(try store.opsBefore("team", version: 3, limit: 100).map(\.version) == [2, 1])
            #expect(try store.opsBefore("team", version: 1, limit: 100) == [])
            #expect(try store.opsBefore("team", version: 0, limit: 100) == [])
            #expect(try store.opsBefore("team", version: 16, limit: 0) == [])
            #expect(storeError { _ = try store.opsBefore("team", version: -1, limit: 4) } != nil)
            #expect(storeError { _ = try store.opsBefore("team", version: 4, limit: -1) } != nil)
        }
    }

    @Test(arguments: StoreFactory.all)
    func historyKeepsEachOpsAuthorAndCommitTime(factory: StoreFactory) throws {
        try factory.withStore { (store: any BoardStore) throws in
            try store.commit(creation(of: "team"))
            var batch = CommitBatch()
            batch.append(op(1, client: "c1", user: "ann"), to: "team")
            batch.append(op(2, client: "c2", user: "Zoë 🚀", seq: 9), to: "team")
            try store.commit(batch)
            let page = try store.opsBefore("team", version: 3, limit: 10)
            #expect(page == [op(2, client: "c2", user: "Zoë 🚀", seq: 9), op(1, client: "c1", user: "ann")])
            #expect(page.map(\.committedAt?.milliseconds) == [1_700_000_000_002, 1_700_000_000_001])
        }
    }

    @Test(arguments: StoreFactory.all)
    func everyReadKeepsTheGroupAnOpWasCommittedIn(factory: StoreFactory) throws {
        try factory.withStore { (store: any BoardStore) throws in
            try store.commit(creation(of: "team"))
            func member(_ version: Int, of group: GroupSpan) -> SequencedOp {
                var member = op(version, seq: group.first)
                member.group = group
                return member
            }
            let moves = GroupSpan(first: 2, count: 3)
            let restore = GroupSpan(first: 5, count: 2, restores: 1)
            var batch = CommitBatch()
            batch.append(op(1), to: "team")
            for version in 2...4 { batch.append(member(version, of: moves), to: "team") }
            for version in 5...6 { batch.append(member(version, of: restore), to: "team") }
            try store.commit(batch)
            let expected = [op(1)] + (2...4).map { member($0, of: moves) } + (5...6).map { member($0, of: restore) }
            #expect(try store.opsAfter("team", version: 0, limit: 10) == expected)
            #expect(try store.opsBefore("team", version: 7, limit: 10) == expected.reversed())
            #expect(try store.loadBoard("team")?.ops == expected)
            #expect(try store.committedOp("team", client: "c1", seq: 2) == member(2, of: moves))
            // The snapshot moves the SQLite store's log into its table, with the groups.
            try store.writeSnapshot(snapshot(of: "team", at: 6))
            #expect(try store.opsAfter("team", version: 0, limit: 10) == expected)
            #expect(try store.opsBefore("team", version: 7, limit: 10) == expected.reversed())
        }
    }

    @Test(arguments: StoreFactory.all)
    func theSnapshotAtOrBelowAVersionIsTheNewestOneThere(factory: StoreFactory) throws {
        try factory.withStore { (store: any BoardStore) throws in
            try store.commit(creation(of: "team"))
            try commitOps(1...9, to: "team", in: store)
            try store.writeSnapshot(snapshot(of: "team", at: 3))
            try store.writeSnapshot(snapshot(of: "team", at: 6))
            #expect(try store.snapshot("team", atOrBelow: 0) == Board(id: "team", version: 0, sections: []))
            #expect(try store.snapshot("team", atOrBelow: 2)?.version == 0)
            #expect(try store.snapshot("team", atOrBelow: 3) == snapshot(of: "team", at: 3))
            #expect(try store.snapshot("team", atOrBelow: 5) == snapshot(of: "team", at: 3))
            #expect(try store.snapshot("team", atOrBelow: 9) == snapshot(of: "team", at: 6))
            #expect(try store.snapshot("team", atOrBelow: 1_000) == snapshot(of: "team", at: 6))
            #expect(try store.snapshot("other", atOrBelow: 9) == nil)
            #expect(storeError { _ = try store.snapshot("team", atOrBelow: -1) } != nil)

            let replacement = Board(id: "team", version: 6, sections: [Section(id: "x", title: "again")])
            try store.writeSnapshot(replacement)
            #expect(try store.snapshot("team", atOrBelow: 7) == replacement)
            #expect(try store.loadBoard("team")?.snapshot == replacement)
        }
    }

    /// With snapshots every 4 ops and 5 ops retained, compaction cuts at the newest snapshot at
    /// or below head − 5: every version from that snapshot on stays rebuildable.
    @Test(arguments: StoreFactory.all)
    func compactionKeepsTheSnapshotsOfTheRetainedVersions(factory: StoreFactory) throws {
        try factory.withStore(retainedOps: 5) { (store: any BoardStore) throws in
            try store.commit(creation(of: "team"))
            for end in stride(from: 4, through: 16, by: 4) {
                try commitOps((end - 3)...end, to: "team", in: store)
                try store.writeSnapshot(snapshot(of: "team", at: end))
            }
            #expect(try store.oldestRetainedVersion("team") == 9)
            #expect(try store.snapshot("team", atOrBelow: 8)?.version == 8)
            #expect(try store.snapshot("team", atOrBelow: 7) == nil)

            try commitOps(17...20, to: "team", in: store)
            try store.writeSnapshot(snapshot(of: "team", at: 20))
            #expect(try store.oldestRetainedVersion("team") == 13)
            #expect(try store.opsAfter("team", version: 0, limit: 100).map(\.version) == Array(13...20))
            #expect(try store.opsBefore("team", version: 100, limit: 100).map(\.version) == (13...20).reversed())
            for version in 12...20 {
                let base = try #require(try store.snapshot("team", atOrBelow: version), "version \(version)")
                let count = version - base.version
                #expect(count < 4)
                #expect(
                    try store.opsAfter("team", version: base.version, limit: count).map(\.version)
                        == Array(stride(from: base.version + 1, through: version, by: 1)))
            }
            #expect(try store.snapshot("team", atOrBelow: 11) == nil)
            #expect(try store.loadBoard("team")?.snapshot?.version == 20)
        }
    }

    /// A board with fewer ops than it retains keeps its first snapshot, so every version back
    /// to 0 can be rebuilt.
    @Test(arguments: StoreFactory.all)
    func aYoungBoardKeepsItsFirstState(factory: StoreFactory) throws {
        try factory.withStore(retainedOps: 100) { (store: any BoardStore) throws in
            try store.commit(creation(of: "team"))
            try commitOps(1...30, to: "team", in: store)
            try store.writeSnapshot(snapshot(of: "team", at: 30))
            #expect(try store.snapshot("team", atOrBelow: 29)?.version == 0)
            #expect(try store.oldestRetainedVersion("team") == 1)
        }
    }
}
