import BoardSync
import Foundation
import TestSupport
import Testing

/// The terminal client never drops what a person did without asking, in a pseudo-terminal
/// against a real server: q and Ctrl-C with edits the server has not acknowledged ask first, and
/// a label typed past the limit stops at it and is added whole.
@Suite struct UnsentEditsPTYTests {
    @Test func quittingWithUnsentEditsAsksFirst() throws {
        let server = try ServerProcess()
        let url = server.url(board: "unsent")
        _ = try ClientRun.run([url, "add", "Alpha"])
        let client = try PseudoTerminalClient([url])
        #expect(client.waitForScreen { $0.contains("connected tester") && $0.contains("Alpha") })
        server.terminate()
        #expect(client.waitForScreen { $0.contains("reconnecting") || $0.contains("offline") })
        client.type("e")
        #expect(client.waitForScreen { $0.contains("Rename: Alpha") })
        client.type("\u{15}Alpha, renamed offline\r")
        #expect(client.waitForScreen { $0.contains("Alpha, renamed offline") && $0.contains("pending") })
        client.type("q")
        #expect(client.waitForScreen { $0.contains("1 edit not sent yet: quit anyway? y/n") })
        client.type("n")
        #expect(client.waitForScreen { !$0.contains("quit anyway") })
        #expect(client.process.isRunning, "n keeps the client and its edit")
        client.type("\u{03}")
        #expect(client.waitForScreen { $0.contains("1 edit not sent yet: quit anyway? y/n") })
        client.type("y")
        #expect(client.exitStatus() == 0)
    }

    @Test func aLabelTypedPastTheLimitStopsThereAndIsAddedWhole() async throws {
        let server = try ServerProcess()
        let url = server.url(board: "limit")
        _ = try ClientRun.run([url, "add", "Alpha"])
        let client = try PseudoTerminalClient([url])
        #expect(client.waitForScreen { $0.contains("connected tester") && $0.contains("Alpha") })
        client.type("a")
        #expect(client.waitForScreen { $0.contains("New tile:") })
        client.type(String(repeating: "x", count: 60) + String(repeating: "y", count: 90))
        #expect(client.waitForScreen { $0.contains("100/100") && $0.contains("At most 100 characters") })
        client.type("\r")
        #expect(client.waitForScreen { $0.contains("v2 · connected") })
        let (status, body) = try await HTTPGet.body(port: server.port, path: "/boards/limit")
        #expect(status == 200)
        let labels = try WireCodec.decodeBoard(body).sections.flatMap { $0.items.map(\.label) }
        #expect(labels.contains(String(repeating: "x", count: 60) + String(repeating: "y", count: 40)))
        #expect(client.quit() == 0, "nothing is unsent: q quits at once")
    }
}
