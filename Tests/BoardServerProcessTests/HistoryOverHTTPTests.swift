import BoardSync
import Foundation
import TestSupport
import Testing

/// The history endpoints of a real `board-server` over its socket: answers, status codes and
/// %-decoded parameters as a client's HTTP request carries them.
@Suite("history over HTTP")
struct HistoryOverHTTPTests {
    @Test func historyAndVersionsOverTheSocket() throws {
        let server = try ServerProcess(arguments: ["--snapshot-every", "2"])
        let (client, _) = try ProtocolClient.joined(server.url(board: "wire"), user: "alice")
        for version in 1...3 {
            #expect(try client.submit(seq: version, base: version - 1, Ops.insert("i\(version)")).ackValue != nil)
        }
        let history = try HTTPProbe.get(port: server.port, path: "/boards/wire/history?before=3")
        #expect(history.status == 200)
        #expect(try WireCodec.decodeHistory(Array(history.body.utf8)).entries.map(\.version) == [2, 1])
        let past = try HTTPProbe.get(port: server.port, path: "/boards/wire?version=1")
        #expect(try WireCodec.decodeBoard(Array(past.body.utf8)).sections[0].items.map(\.id) == ["i1"])
        let encoded = try HTTPProbe.get(port: server.port, path: "/boards/wire/history?limit=%31")
        #expect(try WireCodec.decodeHistory(Array(encoded.body.utf8)).entries.map(\.version) == [3])
        let bad = try HTTPProbe.get(port: server.port, path: "/boards/wire/history?limit=%2B1")
        #expect(bad.status == 400 && bad.body.contains("bad_parameter"))
        #expect(try HTTPProbe.get(port: server.port, path: "/boards/wire?version=4").status == 404)
        #expect(try HTTPProbe.get(port: server.port, path: "/boards/nope/history").status == 404)
        #expect(try HTTPProbe.get(port: server.port, path: "/boards/wire/history/x").status == 404)
        client.close()
    }

    @Test func tokensOverTheSocket() throws {
        let editor = AccessFixture.secret()
        let stranger = AccessFixture.secret()
        let (server, _) = try AccessFixture.server(tokens: [
            (editor, .editor, ["wire"]), (stranger, .viewer, ["none-*"]),
        ])
        _ = try ProtocolClient.joined(server.url(board: "wire") + "?token=\(editor)")
        for path in ["/boards/wire/history", "/boards/wire?version=0"] {
            #expect(try HTTPProbe.get(port: server.port, path: path).status == 401, "\(path)")
            let join = path.contains("?") ? "&" : "?"
            #expect(try HTTPProbe.get(port: server.port, path: path + join + "token=\(stranger)").status == 403)
            #expect(try HTTPProbe.get(port: server.port, path: path + join + "token=\(editor)").status == 200)
        }
    }
}
