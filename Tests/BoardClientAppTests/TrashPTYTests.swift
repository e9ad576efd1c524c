import BoardSync
import Foundation
import TestSupport
import Testing

/// The picker's delete and trash, and a board deleted under an open terminal, typed into the
/// interactive `board-client` in a pseudo-terminal against a real server.
@Suite struct TrashPTYTests {
    @Test func thePickerDeletesAfterAskingAndRestoresFromTheTrash() throws {
        let server = try ServerProcess()
        for (board, label) in [("keep", "Alpha"), ("gone", "Bravo"), ("gone", "Charlie")] {
            #expect(try ClientRun.run([server.url(board: board), "add", label, "--user", "bob"]).status == 0)
        }
        let client = try PseudoTerminalClient([server.baseURL])
        func waitFor(_ parts: String...) -> Bool {
            client.waitForScreen { screen in parts.allSatisfy(screen.contains) }
        }
        let delete = "\u{1B}[3~"

        #expect(waitFor("· 2 boards", "gone", "keep"))
        client.type("gone")
        client.type(delete)
        #expect(waitFor("Delete board “gone” and its 2 tiles? y/n"))
        client.type("n")
        #expect(waitFor("board “gone” was not deleted"))
        client.type(delete)
        #expect(waitFor("Delete board “gone” and its 2 tiles? y/n"))
        client.type("y")
        #expect(waitFor("Board “gone” is in the trash", "· 1 board"))
        #expect(try HTTPProbe.get(port: server.port, path: "/boards/gone").status == 404)

        client.type("\u{1B}")
        #expect(waitFor("Open or create: ▏"))
        client.type("\t")
        #expect(waitFor("DELETED", "gone", "trash · Enter restore"))
        client.type("\r")
        #expect(waitFor("Board “gone” is back, with its 2 tiles."))
        #expect(waitFor("The trash is empty."))
        client.type("\t")
        #expect(waitFor("· 2 boards"))
        #expect(try HTTPProbe.get(port: server.port, path: "/boards/gone").status == 200)
        #expect(client.quit() == 0)
    }

    @Test func aBoardDeletedWhileOpenSaysSoAndReturnsToThePicker() throws {
        let server = try ServerProcess()
        #expect(try ClientRun.run([server.url(board: "doomed"), "add", "Alpha"]).status == 0)
        let client = try PseudoTerminalClient([server.baseURL])
        #expect(client.waitForScreen { $0.contains("doomed") && $0.contains("· 1 board") })
        client.type("doomed\r")
        #expect(client.waitForScreen { $0.contains("doomed v1 · connected") && $0.contains("Alpha") })
        #expect(try HTTPProbe.request(port: server.port, method: "DELETE", path: "/boards/doomed").status == 204)
        #expect(client.waitForScreen { $0.contains("This board was deleted.") && $0.contains("boards on") })
        #expect(client.waitForScreen { $0.contains("· 0 boards") })
        #expect(client.quit() == 0)
    }
}
