import BoardStore
import TestSupport
import Testing

/// The SQLite store appends ops to a log and moves the log into the per-board table now and
/// then; readers must not see the difference, before or after the move, open or reopened.
@Suite("SQLite op log")
struct OpLogTests {
    private static let boards = ["a", "b", "c"]

    /// Commits `batches` batches of 30 ops round the boards (each board's own client) to both stores.
    private func commitRounds(_ batches: Range<Int>, to stores: [any BoardStore]) throws {
        for index in batches {
            var batch = CommitBatch()
            for offset in 0..<30 {
                let position = index * 30 + offset
                let board = Self.boards[position % Self.boards.count]
                let version = position / Self.boards.count + 1
                batch.append(op(version, client: "w-\(board)", seq: version), to: board)
            }
            for store in stores { try store.commit(batch) }
        }
    }

    private func expectSame(_ memory: any BoardStore, _ sqlite: any BoardStore, _ comment: Comment) throws {
        for board in Self.boards {
            #expect(try memory.loadBoard(board) == sqlite.loadBoard(board), comment)
            #expect(try memory.headVersion(of: board) == sqlite.headVersion(of: board), comment)
            #expect(try memory.oldestRetainedVersion(board) == sqlite.oldestRetainedVersion(board), comment)
            #expect(
                try memory.opsAfter(board, version: 250, limit: 40) == sqlite.opsAfter(board, version: 250, limit: 40))
            #expect(try memory.lastSeq(board, client: "w-\(board)") == sqlite.lastSeq(board, client: "w-\(board)"))
            #expect(
                try memory.committedOp(board, client: "w-\(board)", seq: 280)
                    == sqlite.committedOp(board, client: "w-\(board)", seq: 280), comment)
        }
    }

    private func loggedOps(at path: String) throws -> Int {
        let database = try Database(path: path, mode: .readOnly)
        defer { database.close() }
        return try database.statement("SELECT count(*) FROM op_log").queryOne { $0.int(0) } ?? -1
    }

    @Test func opsReadTheSameAcrossAMoveOfTheLogAndAReopen() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("boards.db")
        let memory = InMemoryBoardStore(retainedOps: 100)
        var sqlite = try SQLiteBoardStore(path: path, retainedOps: 100)
        for board in Self.boards {
            for store in [memory, sqlite] as [any BoardStore] { try store.commit(creation(of: board)) }
        }

        try commitRounds(0..<30, to: [memory, sqlite])
        #expect(try loggedOps(at: path) == 900)
        try expectSame(memory, sqlite, "900 ops, all in the log")

        try commitRounds(30..<45, to: [memory, sqlite])
        #expect(try loggedOps(at: path) == 300)
        try expectSame(memory, sqlite, "1,350 ops, 1,050 of them moved out of the log")

        sqlite.close()
        sqlite = try SQLiteBoardStore(path: path, retainedOps: 100)
        try expectSame(memory, sqlite, "reopened with ops in both tables")
        try commitRounds(45..<80, to: [memory, sqlite])
        try expectSame(memory, sqlite, "committed after reopening")

        try memory.writeSnapshot(snapshot(of: "a", at: 700))
        try sqlite.writeSnapshot(snapshot(of: "a", at: 700))
        #expect(try loggedOps(at: path) == 0)
        try expectSame(memory, sqlite, "compacted after a snapshot")
    }
}
