import BoardStore
import BoardSync
import TestSupport
import Testing

/// Random batches, valid and invalid, applied to a store and to the in-memory one must give the
/// same outcome and leave both with the same contents after every step.
@Suite("Every store agrees with the in-memory store")
struct StoreEquivalenceTests {
    private static let boards: [BoardName] = ["a", "b", "c"]
    private static let clients: [ClientID] = ["c1", "c2", "c3", "c4"]
    /// The stores compared with the in-memory one.
    static let compared = StoreFactory.all.filter { $0.name != StoreFactory.inMemory.name }

    @Test(arguments: compared, [UInt64(1), 2, 3])
    func randomBatchesGiveTheSameResults(factory: StoreFactory, seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let directory = try TemporaryDirectory(prefix: "board-store")
        let memory = InMemoryBoardStore(retainedOps: 7)
        let sqlite = try factory.make(7, directory)
        var heads: [BoardName: Int] = [:]

        for step in 0..<150 {
            let batch = Self.randomBatch(heads: heads, using: &generator)
            let memoryError = storeError { try memory.commit(batch) }
            let sqliteError = storeError { try sqlite.commit(batch) }
            #expect(memoryError == sqliteError, "seed \(seed), step \(step)")
            if memoryError == nil {
                for name in batch.newBoards { heads[name] = 0 }
                for entry in batch.ops { heads[entry.board] = entry.op.version }
            }
            try expectSameContents(memory, sqlite, comment: "seed \(seed), step \(step)")
        }
    }

    private func expectSameContents(_ memory: any BoardStore, _ sqlite: any BoardStore, comment: Comment) throws {
        #expect(try memory.listBoards() == sqlite.listBoards(), comment)
        for name in Self.boards {
            #expect(try memory.loadBoard(name) == sqlite.loadBoard(name), comment)
            #expect(try memory.oldestRetainedVersion(name) == sqlite.oldestRetainedVersion(name), comment)
            #expect(
                try memory.opsAfter(name, version: 0, limit: 1_000) == sqlite.opsAfter(name, version: 0, limit: 1_000),
                comment)
            for client in Self.clients {
                #expect(try memory.lastSeq(name, client: client) == sqlite.lastSeq(name, client: client), comment)
                #expect(
                    try memory.committedOp(name, client: client, seq: 3)
                        == sqlite.committedOp(name, client: client, seq: 3), comment)
            }
        }
    }

    /// A batch that is usually valid; about one in six steps breaks one rule.
    private static func randomBatch(heads: [BoardName: Int], using generator: inout SeededGenerator) -> CommitBatch {
        var batch = CommitBatch()
        var next = heads
        for name in boards where heads[name] == nil && Int.random(in: 0..<3, using: &generator) == 0 {
            batch.createBoard(name)
            next[name] = 0
        }
        let existing = boards.filter { next[$0] != nil }
        for _ in 0..<Int.random(in: 0...6, using: &generator) {
            guard let board = existing.randomElement(using: &generator) else { break }
            let version = (next[board] ?? 0) + 1
            next[board] = version
            let client = clients.randomElement(using: &generator)!
            batch.append(op(version, client: client, seq: Int.random(in: 1...9, using: &generator)), to: board)
        }
        for _ in 0..<Int.random(in: 0...2, using: &generator) {
            guard let board = existing.randomElement(using: &generator) else { break }
            let seq = Int.random(in: 1...12, using: &generator)
            batch.advanceSeq(of: clients.randomElement(using: &generator)!, on: board, to: seq)
            batch.useID("id\(Int.random(in: 0..<40, using: &generator))", kind: .item, on: board)
        }
        if let board = existing.randomElement(using: &generator), Int.random(in: 0..<3, using: &generator) == 0 {
            let head = next[board] ?? 0
            batch.addSnapshot(snapshot(of: board, at: Int.random(in: 0...head, using: &generator)))
        }
        switch Int.random(in: 0..<18, using: &generator) {
        case 0: batch.append(op((heads["a"] ?? 0) + 9), to: "a")
        case 1: batch.useID("x", kind: .section, on: "nowhere")
        case 2: batch.createBoard("b")
        default: break
        }
        return batch
    }
}
