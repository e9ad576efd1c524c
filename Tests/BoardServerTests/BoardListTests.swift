import BoardSync
import Foundation
import TestSupport
import Testing

/// `GET /boards`: every existing board the request's token covers, sorted, with its size and
/// version (in-process).
@Suite("GET /boards")
struct BoardListTests {
    private struct Listed: Decodable, Equatable {
        let id: String
        let version: Int
        let sections: Int
        let items: Int
    }

    private struct Listing: Decodable {
        let boards: [Listed]
    }

    private func listing(_ server: InProcessServer, _ target: String = "/boards") throws -> [Listed] {
        let answer = server.get(target)
        #expect(answer.status == 200, "\(target): \(answer.body)")
        return try JSONDecoder().decode(Listing.self, from: Data(answer.body.utf8)).boards
    }

    /// Creates `board` with `items` tiles in its first section.
    private func fill(_ server: InProcessServer, _ board: String, items: Int) throws {
        let (client, _) = try server.joined(board: board)
        for index in 0..<items {
            #expect(try client.submit(seq: index + 1, base: index, Ops.insert("\(board)\(index)")).ackValue != nil)
        }
    }

    @Test func everyBoardSortedWithItsSizeAndVersion() throws {
        let server = try InProcessServer()
        defer { server.finish() }
        #expect(try listing(server).isEmpty)
        try fill(server, "zeta", items: 2)
        try fill(server, "alpha", items: 0)
        try fill(server, "Mid.board", items: 3)
        #expect(
            try listing(server) == [
                Listed(id: "Mid.board", version: 3, sections: 1, items: 3),
                Listed(id: "alpha", version: 0, sections: 1, items: 0),
                Listed(id: "zeta", version: 2, sections: 1, items: 2),
            ])
    }

    @Test func aBoardOnlyConnectedToStillIsListedOnceItExists() throws {
        let server = try InProcessServer()
        defer { server.finish() }
        _ = try server.joined(board: "fresh")
        #expect(try listing(server).map(\.id) == ["fresh"])
    }

    @Test func tokensFilterTheListAndRefuseAMissingOrUnknownToken() throws {
        let editor = AccessFixture.secret()
        let viewer = AccessFixture.secret()
        let nobody = AccessFixture.secret()
        let admin = AccessFixture.secret()
        let tokens = try AccessFixture.tokens([
            (editor, .editor, ["team-*"]), (viewer, .viewer, ["team-b", "demo"]), (nobody, .editor, ["none-*"]),
            (admin, .editor, ["*"]),
        ])
        let server = try InProcessServer(tokens: tokens)
        defer { server.finish() }
        for board in ["team-a", "team-b", "demo", "other"] {
            _ = try server.joined(server.url(board: board, token: admin))
        }
        #expect(server.get("/boards").status == 401)
        #expect(server.get("/boards?token=\(AccessFixture.secret())").status == 401)
        #expect(server.get("/boards", headers: ["Authorization": "Bearer wrong"]).status == 401)
        #expect(try listing(server, "/boards?token=\(editor)").map(\.id) == ["team-a", "team-b"])
        #expect(try listing(server, "/boards?token=\(viewer)").map(\.id) == ["demo", "team-b"])
        #expect(try listing(server, "/boards?token=\(admin)").map(\.id) == ["demo", "other", "team-a", "team-b"])
        #expect(try listing(server, "/boards?token=\(nobody)").isEmpty)
        let byHeader = server.get("/boards", headers: ["Authorization": "Bearer \(viewer)"])
        #expect(
            byHeader.status == 200
                && byHeader.body
                    == #"{"boards":[{"id":"demo","version":0,"sections":1,"items":0},{"id":"team-b","version":0,"sections":1,"items":0}]}"#
        )
    }
}
