import BoardSync
import Foundation
import TestSupport
import Testing

/// `restore --to VERSION` on a terminal asks first, naming what changes: n leaves the board as it
/// is (exit 6), y restores it (in a pseudo-terminal, against a real server).
@Suite struct RestorePTYTests {
    func board(_ url: String) throws -> Board {
        try WireCodec.decodeBoard(Array(try ClientRun.run([url, "list", "--json"]).stdout.utf8.dropLast()))
    }

    @Test func theQuestionNamesWhatChangesAndOnlyYesRestores() throws {
        let server = try ServerProcess()
        let url = server.url(board: "asked")
        let alpha = try ClientRun.run([url, "add", "Alpha"]).stdout.trimmingCharacters(in: .newlines)
        _ = try ClientRun.run([url, "add", "Beta"])
        let then = try board(url)
        #expect(try ClientRun.run([url, "delete", alpha]).status == 0)
        let changed = try board(url)

        let declined = try PseudoTerminalClient([url, "restore", "--to", "\(then.version)"])
        #expect(declined.waitForScreen { $0.contains("Restore the board to version 2? 1 tile comes back. y/n") })
        declined.type("n\r")
        #expect(declined.exitStatus() == 6)
        #expect(declined.screen.text.contains("nothing was restored"))
        #expect(try board(url) == changed)

        let accepted = try PseudoTerminalClient([url, "restore", "--to", "\(then.version)"])
        #expect(accepted.waitForScreen { $0.contains("1 tile comes back. y/n") })
        accepted.type("y\r")
        #expect(accepted.exitStatus() == 0)
        #expect(accepted.screen.text.contains("Restored the board to version 2: 1 tile comes back."))
        #expect(try board(url).sections.map { $0.items.map(\.label) } == [["Alpha", "Beta"]])
    }
}
