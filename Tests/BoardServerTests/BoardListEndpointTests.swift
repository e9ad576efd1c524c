import BoardStore
import BoardSync
import Foundation
import TestSupport
import Testing

@testable import BoardServer

/// `GET /boards` (protocol section 8), in-process.
@Suite("board list endpoint")
struct BoardListEndpointTests {
    private func list(_ response: HTTPProbe.Response) throws -> [BoardSummary] {
        #expect(response.status == 200)
        return try WireCodec.decodeBoardList(Array(response.body.utf8))
    }

    @Test func everyDurableBoardSortedWithItsSize() throws {
        let store = InMemoryBoardStore()
        var batch = CommitBatch()
        batch.createBoard("archive")
        batch.addSnapshot(
            Board(
                id: "archive", version: 0, sections: [Section(id: "a", title: "A", items: [Item(id: "x", label: "X")])])
        )
        try store.commit(batch)
        let server = try InProcessServer(store: store)
        defer { server.finish() }
        #expect(try list(server.get("/boards")) == [BoardSummary(id: "archive", version: 0, sections: 1, items: 1)])

        let (client, _) = try server.joined(board: "team")
        for version in 1...3 {
            #expect(try client.submit(seq: version, base: version - 1, Ops.insert("i\(version)")).ackValue != nil)
        }
        _ = try server.joined(board: "b-empty")
        #expect(
            try list(server.get("/boards")) == [
                BoardSummary(id: "archive", version: 0, sections: 1, items: 1),
                BoardSummary(id: "b-empty", version: 0, sections: 1, items: 0),
                BoardSummary(id: "team", version: 3, sections: 1, items: 3),
            ])
        #expect(server.service.boards["archive"] == nil, "listing loaded a board")
        #expect(
            server.get("/boards").body.hasPrefix(#"{"boards":[{"id":"archive","version":0,"sections":1,"items":1}"#))
    }

    @Test func anEmptyServerListsNothingAndABoardNotYetDurableIsLeftOut() throws {
        let open = Watched(false)
        let store = InterceptedStore { _ throws(StoreError) in open.wait(timeout: 30) { $0 } }
        let server = try InProcessServer(store: store)
        defer {
            open.update { $0 = true }
            server.finish()
        }
        #expect(server.get("/boards").body == #"{"boards":[]}"#)
        let connection = try server.client(board: "young")
        connection.send(.hello(.init(client: connection.client, user: "ann")))
        #expect(try list(server.get("/boards")) == [])
        open.update { $0 = true }
        server.settle()
        #expect(try list(server.get("/boards")).map(\.id) == ["young"])
    }

    @Test func unloadedBoardsAreSummedUpFromTheStoreAtTheirHead() throws {
        let store = InMemoryBoardStore()
        var batch = CommitBatch()
        batch.createBoard("long")
        batch.addSnapshot(.initial(id: "long"))
        for version in 1...7 {
            batch.append(
                SequencedOp(version: version, client: "c", user: "u", seq: version, op: Ops.insert("i\(version)")),
                committedAt: CommitTime(milliseconds: 0), to: "long")
        }
        batch.addSnapshot(
            Board(
                id: "long", version: 4,
                sections: [
                    Section(
                        id: "main", title: "Main",
                        items: (1...4).map { Item(id: "i\($0)", label: "label i\($0)") }.reversed())
                ]))
        try store.commit(batch)
        let server = try InProcessServer(store: store)
        defer { server.finish() }
        #expect(try list(server.get("/boards")) == [BoardSummary(id: "long", version: 7, sections: 1, items: 7)])
        var more = CommitBatch()
        more.append(
            SequencedOp(version: 8, client: "c", user: "u", seq: 8, op: Ops.delete("i7", at: 0)),
            committedAt: CommitTime(milliseconds: 0),
            to: "long")
        try store.commit(more)
        #expect(try list(server.get("/boards")) == [BoardSummary(id: "long", version: 8, sections: 1, items: 6)])
    }

    @Test func theTokenDecidesWhichBoardsAreListed() throws {
        let team = AccessFixture.secret()
        let everything = AccessFixture.secret()
        let nothing = AccessFixture.secret()
        let server = try InProcessServer(
            tokens: AccessFixture.tokens([
                (team, .editor, ["team-*"]), (everything, .viewer, ["*"]), (nothing, .viewer, ["none-*"]),
            ]))
        defer { server.finish() }
        for board in ["team-a", "other", "team-b"] {
            _ = try server.joined(server.url(board: board, token: everything))
        }
        #expect(server.get("/boards").status == 401)
        #expect(server.get("/boards?token=wrong").status == 401)
        #expect(try list(server.get("/boards?token=\(team)")).map(\.id) == ["team-a", "team-b"])
        #expect(try list(server.get("/boards?token=\(everything)")).map(\.id) == ["other", "team-a", "team-b"])
        #expect(server.get("/boards?token=\(nothing)").body == #"{"boards":[]}"#)
        let bearer = server.get("/boards", headers: ["Authorization": "Bearer \(team)"])
        #expect(try list(bearer).count == 2)
    }
}
