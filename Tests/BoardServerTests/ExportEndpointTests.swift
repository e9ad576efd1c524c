import BoardSync
import TestSupport
import Testing

@testable import BoardServer

/// `GET /boards/BOARD/export?format=json|csv` (in-process): the durable board in either format,
/// 400 for a missing or unknown format, 404 for a board that does not exist (never created), the
/// same token rules as the snapshot.
@Suite("board export")
struct ExportEndpointTests {
    @Test func bothFormatsAnswerTheDurableBoard() throws {
        let server = try InProcessServer()
        defer { server.finish() }
        let (client, _) = try server.joined(board: "team")
        #expect(
            try client.submit(
                seq: 1, base: 0,
                .insert(item: Item(id: "a1", label: "Say \"hi\", then go"), to: Position(section: "main", index: 0))
            ).ackValue != nil)
        let board = try WireCodec.decodeBoard(Array(server.get("/boards/team").body.utf8))

        let json = server.get("/boards/team/export?format=json")
        #expect(json.status == 200)
        #expect(json.body == String(decoding: BoardExport.json(board), as: UTF8.self))
        #expect(try WireCodec.decodeBoard(Array(json.body.utf8)) == board)

        let csv = server.get("/boards/team/export?format=csv")
        #expect(csv.status == 200)
        #expect(csv.body == "section,item,label\r\nMain,a1,\"Say \"\"hi\"\", then go\"\r\n")
    }

    @Test func aBadFormatIs400AndAMissingBoard404WithoutCreatingIt() throws {
        let server = try InProcessServer()
        defer { server.finish() }
        _ = try server.joined(board: "team")
        for query in ["", "?format=xml", "?format=JSON", "?format="] {
            let response = server.get("/boards/team/export\(query)")
            #expect(response.status == 400, "\(query)")
            #expect(response.body == #"{"error":"bad_parameter","message":"format must be json or csv"}"#)
        }
        #expect(server.get("/boards/absent/export?format=csv").status == 404)
        #expect(server.get("/boards/absent").status == 404, "an export never creates a board")
        #expect(server.get("/boards/bad%20name/export?format=csv").status == 404)
    }

    @Test func tokensDecideAsForTheSnapshot() throws {
        let viewer = AccessFixture.secret()
        let stranger = AccessFixture.secret()
        let server = try InProcessServer(
            tokens: AccessFixture.tokens([(viewer, .viewer, ["*"]), (stranger, .editor, ["nothing-*"])]))
        defer { server.finish() }
        _ = try server.joined(server.url(board: "team", token: viewer))
        #expect(server.get("/boards/team/export?format=csv").status == 401)
        #expect(server.get("/boards/team/export?format=csv&token=\(stranger)").status == 403)
        #expect(server.get("/boards/team/export?format=xml&token=\(stranger)").status == 403)
        #expect(server.get("/boards/team/export?format=csv&token=\(viewer)").status == 200)
    }
}
