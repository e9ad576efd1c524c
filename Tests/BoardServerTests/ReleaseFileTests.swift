import BoardStore
import BoardSync
import Foundation
import TestSupport
import Testing

@testable import BoardServer

/// A data file written by the release before the history endpoints (schema 2), opened by this
/// server. `Fixtures/release-schema-2.sqlite` was made by `board-server` of commit 0c24e0e,
/// run as `--demo --snapshot-every 4 --retain-ops 3`, with `board-client` script commands of
/// that build as alice and bob: six ops on `demo` (a snapshot at 4 replaced the demo's initial
/// one, and op 1 was compacted away), three on `team` (no snapshot), none on `empty`.
@Suite("a file of the previous release")
struct ReleaseFileTests {
    /// One op row as the old file holds it.
    struct Row: Equatable {
        let version: Int
        let client: ClientID
        let user: String
        let seq: Int
        let committedAt: Int
        let json: String
    }

    /// A copy of the fixture in a fresh directory, as `boards.sqlite`.
    private func copy() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory(prefix: "release-file")
        let fixture = try #require(Bundle.module.url(forResource: "Fixtures/release-schema-2", withExtension: "sqlite"))
        try FileManager.default.copyItem(at: fixture, to: directory.url.appendingPathComponent("boards.sqlite"))
        return directory
    }

    /// Every op row of `board` in the file at `path`, read with plain SQL (the view `all_ops` of
    /// schema 2 joins the op table and its log).
    private func rows(_ board: String, at path: String) throws -> [Row] {
        let database = try Database(path: path)
        defer { database.close() }
        return try database.statement(
            "SELECT version, client, user, seq, committed_at, op_json FROM all_ops WHERE board = ? ORDER BY version"
        ).query(board) {
            Row(
                version: $0.int(0), client: ClientID($0.string(1)), user: $0.string(2), seq: $0.int(3),
                committedAt: $0.int(4),
                json: $0.string(5))
        }
    }

    private func row(of op: SequencedOp) -> Row {
        Row(
            version: op.version, client: op.client, user: op.user, seq: op.seq,
            committedAt: op.committedAt.map { Int($0.milliseconds) } ?? -1,
            json: String(decoding: WireCodec.encodeOp(op.op), as: UTF8.self))
    }

    @Test func theStoreMigratesItAndKeepsEveryOpWithItsAuthorAndTime() throws {
        let directory = try copy()
        let path = directory.path("boards.sqlite")
        let demoRows = try rows("demo", at: path)
        let teamRows = try rows("team", at: path)
        #expect(demoRows.map(\.version) == [2, 3, 4, 5, 6])
        #expect(teamRows.map(\.user) == ["alice", "bob", "bob"])

        let store = try SQLiteBoardStore(path: path, retainedOps: 3)
        defer { store.close() }
        #expect(try store.listBoards() == ["demo", "empty", "team"])
        #expect(try store.opsAfter("demo", version: 0, limit: 100).map(row(of:)) == demoRows)
        #expect(try store.opsAfter("team", version: 0, limit: 100).map(row(of:)) == teamRows)
        #expect(try store.opsBefore("team", version: 4, limit: 100).map(row(of:)) == teamRows.reversed())
        #expect(try store.headVersion(of: "demo") == 6)
        #expect(try store.snapshot("team", atOrBelow: 0) == .initial(id: "team"))
        #expect(try store.snapshot("empty", atOrBelow: 0) == .initial(id: "empty"))
        #expect(try store.snapshot("demo", atOrBelow: 3) == nil)
        #expect(try store.snapshot("demo", atOrBelow: 6)?.version == 4)

        let reopened = try Database(path: path)
        #expect(try reopened.statement("PRAGMA user_version").queryOne { $0.int(0) } == 8)
        reopened.close()
    }

    @Test func historyAndEarlierVersionsOfItsBoards() throws {
        let directory = try copy()
        let path = directory.path("boards.sqlite")
        let demoRows = try rows("demo", at: path)
        let store = try SQLiteBoardStore(path: path, retainedOps: 3)
        defer { store.close() }
        let server = try InProcessServer(arguments: ["--snapshot-every", "4", "--retain-ops", "3"], store: store)
        defer { server.finish() }

        let history = try WireCodec.decodeHistory(Array(server.get("/boards/demo/history").body.utf8))
        #expect(history.entries.map(\.version) == [6, 5, 4, 3, 2])
        #expect(history.entries.map(\.user) == demoRows.reversed().map(\.user))
        #expect(history.entries.map(\.committedAt?.milliseconds) == demoRows.reversed().map { Int64($0.committedAt) })
        #expect(
            OpDescription.describe(history.entries, startingFrom: nil).last == "bob moved mail to done")

        let team = try (0...3).map {
            try WireCodec.decodeBoard(Array(server.get("/boards/team?version=\($0)").body.utf8))
        }
        #expect(team[0] == .initial(id: "team"))
        #expect(team.map { $0.sections[0].items.map(\.label) } == [[], ["Mail"], ["Mail", "Maps"], ["Post", "Maps"]])
        #expect(
            OpDescription.describe(
                try WireCodec.decodeHistory(Array(server.get("/boards/team/history").body.utf8)).entries,
                startingFrom: team[0]) == [
                    "bob renamed Mail to Post", "bob added Maps to Main", "alice added Mail to Main",
                ])
        #expect(server.get("/boards/demo?version=3").body == #"{"error":"not_retained"}"#)
        #expect(
            try WireCodec.decodeBoard(Array(server.get("/boards/demo?version=6").body.utf8)) == server.snapshot("demo"))
        #expect(server.get("/boards/empty/history").body == #"{"board":"empty","ops":[]}"#)

        let (carol, _) = try server.joined(board: "team", user: "carol")
        let id = try #require(team[3].sections[0].items.first?.id)
        #expect(try carol.submit(seq: 1, base: 3, .update(item: id, label: "Letters")).ackValue?.version == 4)
        let after = try WireCodec.decodeHistory(Array(server.get("/boards/team/history?limit=2").body.utf8))
        #expect(after.entries.map(\.user) == ["carol", "bob"])
    }

    @Test func theServerProcessServesItsHistoryOverHTTP() throws {
        let directory = try copy()
        let demoRows = try rows("demo", at: directory.path("boards.sqlite"))
        let server = try ServerProcess(directory: directory)
        let response = try HTTPProbe.get(port: server.port, path: "/boards/demo/history?limit=2")
        #expect(response.status == 200)
        let page = try WireCodec.decodeHistory(Array(response.body.utf8))
        #expect(page.entries.map(\.version) == [6, 5])
        #expect(
            page.entries.map(\.committedAt?.rfc3339)
                == demoRows.suffix(2).reversed().map { CommitTime(milliseconds: Int64($0.committedAt)).rfc3339 })
        #expect(try HTTPProbe.get(port: server.port, path: "/boards/team?version=2").status == 200)
        server.terminate()
    }
}
