import BoardStore
import BoardSync
import Foundation
import TestSupport
import Testing

@testable import BoardServer

/// `GET /boards/BOARD/history` (protocol section 8), in-process.
@Suite("history endpoint")
struct HistoryEndpointTests {
    /// Board `team` with five ops, alternately by alice and bob; the acknowledged ops in order.
    private func teamWithFiveOps(_ server: InProcessServer) throws -> [ServerMessage.Ack] {
        let (alice, _) = try server.joined(board: "team", user: "alice")
        let (bob, _) = try server.joined(board: "team", user: "bob")
        var acks: [ServerMessage.Ack] = []
        for version in 1...5 {
            let author = version % 2 == 1 ? alice : bob
            let op = version == 5 ? Ops.move("i1", from: ("main", 3), to: ("main", 0)) : Ops.insert("i\(version)")
            let ack = try #require(try author.submit(seq: version, base: version - 1, op).ackValue)
            acks.append(ack)
        }
        return acks
    }

    private func page(_ response: HTTPProbe.Response) throws -> HistoryPage {
        try WireCodec.decodeHistory(Array(response.body.utf8))
    }

    @Test func opsComeNewestFirstWithAuthorTimeAndOp() throws {
        let server = try InProcessServer()
        defer { server.finish() }
        let acks = try teamWithFiveOps(server)

        let response = server.get("/boards/team/history")
        #expect(response.status == 200)
        let history = try page(response)
        #expect(history.board == "team")
        #expect(history.entries.map(\.version) == [5, 4, 3, 2, 1])
        #expect(history.entries.map(\.user) == ["alice", "bob", "alice", "bob", "alice"])
        #expect(history.entries.map(\.op) == acks.reversed().map(\.op))
        #expect(Set(history.entries.map(\.client)).count == 2)
        #expect(history.entries.map(\.committedAt) == Array(repeating: EmbeddedHost.startOfDay, count: 5))
        let stamp = try #require(response.body.firstMatch(of: /"at":"([^"]*)"/)?.1)
        #expect(stamp == "2026-12-01T09:00:00.000Z")
    }

    /// Each op is stamped with the service's wall clock when its commit is handed to the store.
    @Test func commitTimesComeFromTheServicesWallClock() throws {
        let server = try InProcessServer()
        defer { server.finish() }
        let (alice, _) = try server.joined(board: "team", user: "alice")
        #expect(try alice.submit(seq: 1, base: 0, Ops.insert("first")).ackValue?.version == 1)
        server.advance(by: 1.5)
        #expect(try alice.submit(seq: 2, base: 1, Ops.insert("second")).ackValue?.version == 2)
        server.advance(by: 60.25)
        #expect(try alice.submit(seq: 3, base: 2, Ops.insert("third")).ackValue?.version == 3)
        let history = try page(server.get("/boards/team/history"))
        #expect(
            history.entries.map(\.committedAt?.rfc3339) == [
                "2026-12-01T09:01:01.750Z", "2026-12-01T09:00:01.500Z", "2026-12-01T09:00:00.000Z",
            ])
    }

    @Test func beforeAndLimitPageBackwards() throws {
        let server = try InProcessServer()
        defer { server.finish() }
        _ = try teamWithFiveOps(server)
        #expect(try page(server.get("/boards/team/history?limit=2")).entries.map(\.version) == [5, 4])
        #expect(try page(server.get("/boards/team/history?before=4&limit=2")).entries.map(\.version) == [3, 2])
        #expect(try page(server.get("/boards/team/history?before=2")).entries.map(\.version) == [1])
        #expect(try page(server.get("/boards/team/history?before=1")).entries == [])
        #expect(try page(server.get("/boards/team/history?before=0")).entries == [])
        #expect(try page(server.get("/boards/team/history?before=9007199254740991")).entries.count == 5)
        #expect(try page(server.get("/boards/team/history?limit=1000&unknown=1")).entries.count == 5)
        #expect(try page(server.get("/boards/team/history?before=05&limit=001")).entries.map(\.version) == [4])
    }

    @Test func aBoardWithoutOpsHasAnEmptyHistory() throws {
        let server = try InProcessServer()
        defer { server.finish() }
        _ = try server.joined(board: "quiet")
        let response = server.get("/boards/quiet/history")
        #expect(response.status == 200)
        #expect(response.body == #"{"board":"quiet","ops":[]}"#)
        #expect(response.body.contains("\n") == false)
    }

    @Test func historyGoesBackAsFarAsOpsAreRetained() throws {
        let server = try InProcessServer(arguments: ["--retain-ops", "3", "--snapshot-every", "4"])
        defer { server.finish() }
        let (client, _) = try server.joined(board: "long")
        for version in 1...10 {
            #expect(try client.submit(seq: version, base: version - 1, Ops.insert("i\(version)")).ackValue != nil)
        }
        // Snapshots at 0, 4 and 8; 10 - 3 = 7, so compaction cut at 4: ops 5...10 are left.
        let history = try page(server.get("/boards/long/history?limit=1000"))
        #expect(history.entries.map(\.version) == [10, 9, 8, 7, 6, 5])
        #expect(try server.store.oldestRetainedVersion("long") == 5)
    }

    @Test func badParametersAre400WithAOneLineReason() throws {
        let server = try InProcessServer()
        defer { server.finish() }
        _ = try teamWithFiveOps(server)
        let cases = [
            ("limit=0", "limit must be a whole number from 1 to 1000"),
            ("limit=1001", "limit must be a whole number from 1 to 1000"),
            ("limit=-1", "limit must be a whole number from 1 to 1000"),
            ("limit=", "limit must be a whole number from 1 to 1000"),
            ("limit=ten", "limit must be a whole number from 1 to 1000"),
            ("limit=99999999999999999999999", "limit must be a whole number from 1 to 1000"),
            ("before=1.5", "before must be a whole number from 0 to 9007199254740991"),
            ("before=1e3", "before must be a whole number from 0 to 9007199254740991"),
            ("before=+3", "before must be a whole number from 0 to 9007199254740991"),
            ("before=9007199254740992", "before must be a whole number from 0 to 9007199254740991"),
            ("before=%20", "before must be a whole number from 0 to 9007199254740991"),
        ]
        for (query, reason) in cases {
            let response = server.get("/boards/team/history?" + query)
            #expect(response.status == 400, "\(query)")
            #expect(
                try WireCodec.decodeRefusal(Array(response.body.utf8)) == HTTPRefusal(.badParameter, message: reason),
                "\(query)")
            #expect(!response.body.contains("\n"))
        }
    }

    @Test func unknownBoardsAre404AndAreNeitherCreatedNorKept() throws {
        let store = InMemoryBoardStore()
        var batch = CommitBatch()
        batch.createBoard("stored")
        batch.addSnapshot(.initial(id: "stored"))
        try store.commit(batch)
        let server = try InProcessServer(store: store)
        defer { server.finish() }
        #expect(server.get("/boards/ghost/history").status == 404)
        #expect(server.get("/boards/ghost/history?limit=0").status == 400)
        #expect(try !store.boardExists("ghost"))
        #expect(server.service.boards["ghost"] == nil)
        #expect(server.get("/boards/stored/history").status == 200)
        #expect(server.service.boards["stored"] == nil, "a history read loaded the board")
        for path in ["/boards/bad%20name/history", "/boards//history", "/boards/x/history/more", "/boards/x/histories"]
        {
            #expect(server.get(path).status == 404, "\(path)")
        }
        let (_, welcome) = try server.joined(board: "ghost")
        #expect(welcome.state == .board(.initial(id: "ghost")))
    }

    @Test func onlyDurableOpsAreListed() throws {
        let open = Watched(false)
        let store = InterceptedStore { _ throws(StoreError) in
            open.wait(timeout: 30) { $0 }
        }
        let server = try InProcessServer(store: store)
        defer {
            open.update { $0 = true }
            server.finish()
        }
        let connection = try server.client(board: "young")
        connection.send(.hello(.init(client: connection.client, user: "ann")))
        #expect(server.isBusy)
        #expect(server.get("/boards/young/history").status == 404)
        #expect(server.get("/boards/young?version=0").status == 404)
        open.update { $0 = true }
        server.settle()
        #expect(server.get("/boards/young/history").status == 200)
        #expect(server.get("/boards/young?version=0").status == 200)
    }

    @Test func tokensDecideAsForTheSnapshot() throws {
        let editor = AccessFixture.secret()
        let viewer = AccessFixture.secret()
        let stranger = AccessFixture.secret()
        let server = try InProcessServer(
            tokens: AccessFixture.tokens([
                (editor, .editor, ["team"]), (viewer, .viewer, ["*"]), (stranger, .editor, ["nothing-*"]),
            ]))
        defer { server.finish() }
        let (author, _) = try server.joined(server.url(board: "team", token: editor), user: "alice")
        #expect(try author.submit(seq: 1, base: 0, Ops.insert("a1")).ackValue != nil)
        #expect(server.get("/boards/team/history").status == 401)
        #expect(server.get("/boards/team/history?token=wrong").status == 401)
        #expect(server.get("/boards/team/history?token=\(stranger)").status == 403)
        #expect(server.get("/boards/absent/history?token=\(stranger)").status == 403)
        #expect(server.get("/boards/team/history?limit=0&token=\(stranger)").status == 403)
        #expect(server.get("/boards/team/history?token=\(viewer)").status == 200)
        let bearer = server.get("/boards/team/history", headers: ["Authorization": "Bearer \(editor)"])
        #expect(try page(bearer).entries.map(\.user) == ["alice"])
        #expect(server.get("/boards/absent/history?token=\(viewer)").status == 404)
    }
}
