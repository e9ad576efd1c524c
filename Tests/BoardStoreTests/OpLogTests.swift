import BoardSync
import TestSupport
import Testing

@testable import BoardStore

/// The SQLite store appends ops to a log and copies a few boards' ops into the per-board table in
/// every commit, cutting copies off the start of the log; readers must not see the difference,
/// before or after a copy, open or reopened, nor after a commit that failed halfway.
@Suite("SQLite op log")
struct OpLogTests {
    /// More boards than `loggedOpsLimit / boardMoveOps`, so that the limit, not a board's own
    /// count, decides which boards are copied.
    private static let boards = (0..<80).map { BoardName("b\($0)")! }
    /// The boards every comparison reads (reading all of them in every check is slow).
    private static let checked: [BoardName] = ["b0", "b1", "b41", "b79"]

    /// Commits `rounds` batches of one op on every board (each board's own client) to both stores.
    private func commitRounds(_ rounds: Range<Int>, to stores: [any BoardStore]) throws {
        for round in rounds {
            var batch = CommitBatch()
            for board in Self.boards {
                batch.append(op(round + 1, client: "w-\(board)", seq: round + 1), to: board)
            }
            for store in stores { try store.commit(batch) }
        }
    }

    private func expectSame(_ memory: any BoardStore, _ sqlite: any BoardStore, _ comment: Comment) throws {
        for board in Self.checked {
            #expect(try memory.loadBoard(board) == sqlite.loadBoard(board), comment)
            #expect(try memory.headVersion(of: board) == sqlite.headVersion(of: board), comment)
            #expect(try memory.oldestRetainedVersion(board) == sqlite.oldestRetainedVersion(board), comment)
            #expect(try memory.opsAfter(board, version: 5, limit: 40) == sqlite.opsAfter(board, version: 5, limit: 40))
            #expect(
                try memory.opsBefore(board, version: 45, limit: 30) == sqlite.opsBefore(board, version: 45, limit: 30),
                comment)
            #expect(try memory.lastSeq(board, client: "w-\(board)") == sqlite.lastSeq(board, client: "w-\(board)"))
            #expect(
                try memory.committedOp(board, client: "w-\(board)", seq: 20)
                    == sqlite.committedOp(board, client: "w-\(board)", seq: 20), comment)
        }
    }

    /// How the file's log stands: rows not yet copied into `ops`, and every row (copies included).
    private func log(at path: String) throws -> (uncopied: Int, rows: Int) {
        let state = try logState(at: path)
        return (state.uncopied, state.rows)
    }

    /// The log's row counts, and the row ids of its first row and of its first uncopied one.
    private func logState(at path: String) throws -> (uncopied: Int, rows: Int, firstRow: Int, firstUncopiedRow: Int) {
        let database = try Database(path: path, mode: .readOnly)
        defer { database.close() }
        let uncopied = try database.statement(
            """
            SELECT count(*), coalesce(min(rowid), 0) FROM op_log
            WHERE NOT EXISTS (SELECT 1 FROM ops WHERE ops.board = op_log.board AND ops.version = op_log.version)
            """
        ).queryOne { (count: $0.int(0), first: $0.int(1)) }
        let all = try database.statement("SELECT count(*), coalesce(min(rowid), 0) FROM op_log").queryOne {
            (count: $0.int(0), first: $0.int(1))
        }
        return (uncopied?.count ?? -1, all?.count ?? -1, all?.first ?? -1, uncopied?.first ?? -1)
    }

    /// A memory store and an SQLite store at `path`, both with `boards` created.
    private func openBoth(
        at path: String, retainedOps: Int, boards: [BoardName] = Self.boards
    ) throws -> (InMemoryBoardStore, SQLiteBoardStore) {
        let memory = InMemoryBoardStore(retainedOps: retainedOps)
        let sqlite = try SQLiteBoardStore(path: path, retainedOps: retainedOps)
        for board in boards {
            for store in [memory, sqlite] as [any BoardStore] { try store.commit(creation(of: board)) }
        }
        return (memory, sqlite)
    }

    @Test func opsReadTheSameWhileBoardsAreCopiedAndAfterAReopen() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("boards.db")
        var (memory, sqlite) = try openBoth(at: path, retainedOps: 10)
        let limit = StoreConnection.loggedOpsLimit

        try commitRounds(0..<(limit / Self.boards.count), to: [memory, sqlite])
        #expect(try log(at: path) == (uncopied: 25 * Self.boards.count, rows: 25 * Self.boards.count))
        try expectSame(memory, sqlite, "2,000 ops, all in the log")

        for round in (limit / Self.boards.count)..<60 {
            try commitRounds(round..<(round + 1), to: [memory, sqlite])
            let state = try logState(at: path)
            #expect(state.uncopied <= limit, "round \(round)")
            #expect(state.uncopied > limit - Self.boards.count, "round \(round): copies only what it must")
            #expect(state.firstRow == state.firstUncopiedRow, "round \(round): copies before it are cut")
        }
        try expectSame(memory, sqlite, "4,800 ops, about 2,000 of them still in the log")

        sqlite.close()
        sqlite = try SQLiteBoardStore(path: path, retainedOps: 10)
        try expectSame(memory, sqlite, "reopened with ops in both tables and copies in the log")
        try commitRounds(60..<90, to: [memory, sqlite])
        #expect(try log(at: path).uncopied <= limit)
        try expectSame(memory, sqlite, "committed after reopening")

        for store in [memory, sqlite] as [any BoardStore] {
            try store.writeSnapshot(snapshot(of: "b1", at: 80))
        }
        try expectSame(memory, sqlite, "compacted while the log still held copies of the board")
        #expect(try sqlite.opsAfter("b1", version: 0, limit: 100).map(\.version) == Array(81...90))
    }

    @Test func aBoardWithManyOpsIsCopiedAtOnce() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("boards.db")
        let (memory, sqlite) = try openBoth(at: path, retainedOps: 1_000, boards: ["solo"])
        for store in [memory, sqlite] as [any BoardStore] {
            try commitOps(1...(StoreConnection.boardMoveOps - 1), to: "solo", in: store)
        }
        #expect(try log(at: path).uncopied == StoreConnection.boardMoveOps - 1)
        for store in [memory, sqlite] as [any BoardStore] {
            try commitOps(StoreConnection.boardMoveOps...(StoreConnection.boardMoveOps + 9), to: "solo", in: store)
        }
        #expect(try log(at: path) == (uncopied: 0, rows: 0))
        #expect(try memory.loadBoard("solo") == sqlite.loadBoard("solo"))
        #expect(try sqlite.opsBefore("solo", version: 100, limit: 3).map(\.version) == [73, 72, 71])
    }

    @Test func aCommitThatFailsAfterCopyingLeavesNothingBehind() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("boards.db")
        let (memory, sqlite) = try openBoth(at: path, retainedOps: 1_000, boards: ["team"])
        for store in [memory, sqlite] as [any BoardStore] {
            try commitOps(1...10, to: "team", in: store)
        }
        var failing = CommitBatch()
        for version in 11...20 { failing.append(op(version), to: "team") }
        failing.addSnapshot(snapshot(of: "team", at: 30))
        #expect(
            storeError { try sqlite.commit(failing) } == .snapshotAheadOfBoard(board: "team", version: 30, head: 20))
        #expect(try log(at: path) == (uncopied: 10, rows: 10))
        #expect(try sqlite.headVersion(of: "team") == 10)

        for store in [memory, sqlite] as [any BoardStore] {
            try commitOps(11...(StoreConnection.boardMoveOps + 5), to: "team", in: store)
        }
        #expect(try log(at: path) == (uncopied: 0, rows: 0))
        #expect(try memory.loadBoard("team") == sqlite.loadBoard("team"))
        #expect(try memory.opsAfter("team", version: 0, limit: 100) == sqlite.opsAfter("team", version: 0, limit: 100))
    }
}
