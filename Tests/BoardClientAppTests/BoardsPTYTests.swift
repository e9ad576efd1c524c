import BoardSync
import Foundation
import TestSupport
import Testing

/// The picker, a section rename, the history panel and an earlier version, typed into the
/// interactive `board-client` in a pseudo-terminal against a real server.
@Suite struct BoardsPTYTests {
    @Test func pickABoardRenameItsSectionAndLookBack() async throws {
        let server = try ServerProcess()
        let url = server.url(board: "pty-h")
        for label in ["Alpha", "Bravo"] {
            #expect(try ClientRun.run([url, "add", label, "--user", "bob"]).status == 0)
        }
        let client = try PseudoTerminalClient([server.baseURL])
        func type(_ text: String) { client.type(text) }
        func waitFor(_ parts: String...) -> Bool {
            client.waitForScreen { screen in parts.allSatisfy(screen.contains) }
        }

        #expect(waitFor("boards on 127.0.0.1:\(server.port) · 1 board", "pty-h", "v2"))
        type("pty-h\r")
        #expect(waitFor("pty-h v2 · connected tester", "Alpha", "Bravo"))
        type("E\u{7F}\u{7F}\u{7F}\u{7F}Todo\r")
        #expect(waitFor("pty-h v3 · connected", "Todo (2)"))
        type("H")
        #expect(waitFor("History of pty-h", "v3  tester renamed section Main to Todo", "v1  bob added Alpha to Main"))
        type("\u{1B}[B\u{1B}[B\r")
        #expect(waitFor("pty-h as it was at v1", "read-only", "Alpha", "Main (1)"))
        type("\u{1B}")
        #expect(waitFor("History of pty-h"))
        type("\u{1B}")
        #expect(waitFor("Todo (2)"))
        #expect(client.waitForScreen { !$0.contains("History of") })
        type("b")
        #expect(waitFor("boards on", "pty-h", "v3"))

        let (status, body) = try await HTTPGet.body(port: server.port, path: "/boards/pty-h")
        #expect(status == 200)
        #expect(try WireCodec.decodeBoard(body).sections.map(\.title) == ["Todo"])
        #expect(client.quit() == 0)
    }
}
