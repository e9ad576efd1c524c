import Testing

@testable import BoardStore

/// Group commits merge the batches of several turns: committing the merged batch must leave a
/// store exactly as committing them one after the other does.
@Suite struct MergedBatchTests {
    /// Turn batches touching two boards: a creation, ops, a seq advance without an op, ids and
    /// a snapshot with compaction, in the order the server would produce them.
    static func turns() -> [CommitBatch] {
        var first = creation(of: "b1")
        first.append(op(1, client: "c1"), to: "b1")
        first.useID("i1", kind: .item, on: "b1")
        var second = CommitBatch()
        second.append(op(2, client: "c2", seq: 7), to: "b1")
        second.append(op(1, client: "c1", seq: 3), to: "b0")
        second.advanceSeq(of: "c1", on: "b1", to: 9)
        var third = CommitBatch()
        third.append(op(3, client: "c1", seq: 10), to: "b1")
        third.addSnapshot(snapshot(of: "b1", at: 3))
        third.append(op(2, client: "c1", seq: 4), to: "b0")
        third.useID("i2", kind: .item, on: "b0")
        return [first, second, third]
    }

    @Test(arguments: StoreFactory.all)
    func aMergedBatchLeavesTheStoreAsTheBatchesInTurnDo(factory: StoreFactory) throws {
        var separately: [StoredBoard?] = []
        var merged: [StoredBoard?] = []
        try factory.withStore(retainedOps: 1) { store in
            try store.commit(creation(of: "b0"))
            for batch in Self.turns() { try store.commit(batch) }
            separately = try ["b0", "b1"].map { try store.loadBoard($0) }
        }
        try factory.withStore(retainedOps: 1) { store in
            try store.commit(creation(of: "b0"))
            var all = CommitBatch()
            for batch in Self.turns() { all.append(contentsOf: batch) }
            try store.commit(all)
            merged = try ["b0", "b1"].map { try store.loadBoard($0) }
        }
        #expect(merged == separately)
        #expect(separately.allSatisfy { $0 != nil })
        #expect(separately.last??.lastSeqs == ["c1": 10, "c2": 7])
        #expect(separately.last??.snapshot?.version == 3)
    }
}
