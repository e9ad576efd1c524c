import BoardStore
import BoardSync
import ServerTransport
import TestSupport
import Testing

@testable import BoardServer

/// The trash in-process, on the server's injected clock: who may delete, the purge timer of
/// `--trash-days`, and a delete refused while the board's changes are on their way.
@Suite struct TrashInProcessTests {
    private func request(
        _ server: InProcessServer, _ method: String, _ target: String, headers: [String: String] = [:]
    ) -> HTTPResponse {
        var request = InProcessServer.request(target, headers: headers, peer: "127.0.0.1")
        request.method = method
        let response = server.service.httpRequest(request)
        server.run()
        return response
    }

    private func trashIDs(_ server: InProcessServer) throws -> [String] {
        try WireCodec.decodeTrashList(Array(server.get("/boards?trash=1").body.utf8)).map(\.id.rawValue)
    }

    @Test func theTrashIsPurgedByTheTimerOnTheServersClock() throws {
        let server = try InProcessServer(arguments: ["--trash-days", "1"])
        server.service.startTrashPurge()
        let (client, _) = try server.joined(board: "old")
        server.settle()
        #expect(request(server, "DELETE", "/boards/old").status == 204)
        #expect(try client.closeCode() == 4410)
        #expect(try trashIDs(server) == ["old"])
        server.advance(by: 23 * 3600)
        #expect(try trashIDs(server) == ["old"])
        server.advance(by: 2 * 3600)
        #expect(try trashIDs(server) == [])
        #expect(server.log.contains("board purged from the trash board=old"))
        #expect(request(server, "POST", "/boards/old/restore").status == 404)
    }

    @Test func onlyEditorsOfTheBoardMayDeleteOrRestoreIt() throws {
        let tokens = try AccessFixture.tokens([("edit-secret", .editor, ["*"]), ("view-secret", .viewer, ["*"])])
        let server = try InProcessServer(tokens: tokens)
        let (_, _) = try server.joined(server.url(board: "team", token: "edit-secret"))
        server.settle()
        #expect(request(server, "DELETE", "/boards/team").status == 401)
        #expect(request(server, "DELETE", "/boards/team?token=view-secret").status == 403)
        #expect(request(server, "DELETE", "/boards/team?token=edit-secret").status == 204)
        #expect(request(server, "POST", "/boards/team/restore?token=view-secret").status == 403)
        #expect(request(server, "POST", "/boards/team/restore?token=edit-secret").status == 204)
        #expect(request(server, "PUT", "/boards/team?token=edit-secret").status == 405)
    }

    @Test func aBoardDeletedHereAndItsConnectionsTakeNoMoreMessages() throws {
        let server = try InProcessServer()
        let (alice, _) = try server.joined(board: "team", user: "alice")
        server.settle()
        #expect(request(server, "DELETE", "/boards/team").status == 204)
        alice.send(.submit(.init(seq: 1, base: 0, op: Ops.insert("late"))))
        server.settle()
        #expect(try alice.closeCode() == 4410)
        #expect(server.get("/boards/team").status == 404)
        #expect(try server.store.listBoards() == [])
    }
}
