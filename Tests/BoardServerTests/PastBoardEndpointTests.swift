import BoardStore
import BoardSync
import Foundation
import TestSupport
import Testing

@testable import BoardServer

/// `GET /boards/BOARD?version=V`: the board as it was, rebuilt from a snapshot and the retained
/// ops after it (in-process).
@Suite("board as it was")
struct PastBoardEndpointTests {
    private func board(_ response: HTTPProbe.Response) throws -> Board {
        try WireCodec.decodeBoard(Array(response.body.utf8))
    }

    private func isNotRetained(_ response: HTTPProbe.Response) -> Bool {
        response.status == 404 && response.body == #"{"error":"not_retained"}"#
    }

    /// `count` ops on board `name` (inserts, moves, renames and a section), with the board as
    /// `GET /boards/NAME` showed it after each one, by version (0 included).
    private func history(
        of name: String, ops count: Int, on server: InProcessServer
    ) throws -> [Int: Board] {
        let (client, _) = try server.joined(board: name)
        var seen = [0: try board(server.get("/boards/\(name)"))]
        for version in 1...count {
            let op: Op =
                switch version % 4 {
                case 1: Ops.insert("i\(version)")
                case 2: Ops.move("i\(version - 1)", from: ("main", 0), to: ("main", (version - 2) / 4))
                case 3: .update(item: "i\(version - 2)", label: "v\(version)")
                default: .insertSection(section: SectionHeader(id: "s\(version)", title: "S\(version)"), index: 1)
                }
            #expect(try client.submit(seq: version, base: version - 1, op).ackValue?.version == version)
            seen[version] = try board(server.get("/boards/\(name)"))
        }
        return seen
    }

    @Test func everyRetainedVersionIsRebuiltExactly() throws {
        let server = try InProcessServer(arguments: ["--snapshot-every", "5", "--retain-ops", "1000"])
        defer { server.finish() }
        let seen = try history(of: "team", ops: 23, on: server)
        for version in 0...23 {
            let response = server.get("/boards/team?version=\(version)")
            #expect(response.status == 200, "version \(version)")
            #expect(try board(response) == seen[version], "version \(version)")
        }
        #expect(try board(server.get("/boards/team?version=0")) == .initial(id: "team"))
        #expect(try board(server.get("/boards/team?version=23")) == board(server.get("/boards/team")))
    }

    @Test func snapshotsAreWrittenExactlyEverySnapshotEveryOps() throws {
        let server = try InProcessServer(arguments: ["--snapshot-every", "3"])
        defer { server.finish() }
        _ = try history(of: "team", ops: 7, on: server)
        let kept = try (0...7).compactMap { try server.store.snapshot("team", atOrBelow: $0)?.version }
        #expect(kept == [0, 0, 0, 3, 3, 3, 6, 6])
    }

    @Test func versionsBeyondRetentionAreNotRetained() throws {
        let server = try InProcessServer(arguments: ["--snapshot-every", "4", "--retain-ops", "3"])
        defer { server.finish() }
        let seen = try history(of: "team", ops: 10, on: server)
        // Snapshots at 0, 4 and 8; 10 - 3 = 7, so compaction cut at 4.
        for version in 0...3 {
            #expect(isNotRetained(server.get("/boards/team?version=\(version)")), "version \(version)")
        }
        for version in 4...10 {
            #expect(try board(server.get("/boards/team?version=\(version)")) == seen[version], "version \(version)")
        }
        #expect(isNotRetained(server.get("/boards/team?version=11")))
        #expect(isNotRetained(server.get("/boards/team?version=9007199254740991")))
    }

    @Test func aRebuildNeverAppliesMoreThanSnapshotEveryOps() throws {
        let store = InMemoryBoardStore()
        var batch = CommitBatch()
        batch.createBoard("wide")
        batch.addSnapshot(.initial(id: "wide"))
        for version in 1...10 {
            let op = Ops.insert("i\(version)")
            batch.append(
                SequencedOp(version: version, client: "c", user: "u", seq: version, op: op),
                committedAt: CommitTime(milliseconds: 0), to: "wide")
        }
        try store.commit(batch)
        let server = try InProcessServer(arguments: ["--snapshot-every", "4"], store: store)
        defer { server.finish() }
        #expect(try board(server.get("/boards/wide?version=4")).itemCount == 4)
        #expect(isNotRetained(server.get("/boards/wide?version=5")))
        #expect(server.service.boards["wide"] == nil, "a version read loaded the board")
    }

    @Test func badVersionsAre400AndUnknownBoards404() throws {
        let server = try InProcessServer()
        defer { server.finish() }
        _ = try history(of: "team", ops: 2, on: server)
        for value in ["", "x", "-1", "1.0", "2e1", "9007199254740992", "%2B1"] {
            let response = server.get("/boards/team?version=\(value)")
            #expect(response.status == 400, "\(value)")
            #expect(
                try WireCodec.decodeRefusal(Array(response.body.utf8))
                    == HTTPRefusal(.badParameter, message: "version must be a whole number from 0 to 9007199254740991"))
        }
        #expect(server.get("/boards/ghost?version=0").status == 404)
        #expect(server.get("/boards/ghost?version=0").body == "not found\n")
        #expect(server.get("/boards/ghost?version=zero").status == 400)
        #expect(try !server.store.boardExists("ghost"))
        #expect(server.service.boards["ghost"] == nil)
    }

    @Test func tokensDecideAsForTheSnapshot() throws {
        let editor = AccessFixture.secret()
        let stranger = AccessFixture.secret()
        let server = try InProcessServer(
            tokens: AccessFixture.tokens([(editor, .editor, ["team"]), (stranger, .viewer, ["other-*"])]))
        defer { server.finish() }
        let (author, _) = try server.joined(server.url(board: "team", token: editor))
        #expect(try author.submit(seq: 1, base: 0, Ops.insert("a1")).ackValue != nil)
        #expect(server.get("/boards/team?version=0").status == 401)
        #expect(server.get("/boards/team?version=0&token=nope").status == 401)
        #expect(server.get("/boards/team?version=0&token=\(stranger)").status == 403)
        #expect(server.get("/boards/team?version=x&token=\(stranger)").status == 403)
        #expect(try board(server.get("/boards/team?version=0&token=\(editor)")) == .initial(id: "team"))
    }
}
