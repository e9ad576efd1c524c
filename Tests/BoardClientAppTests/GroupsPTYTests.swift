import BoardSync
import Foundation
import TestSupport
import Testing

/// Several tiles as one in the interactive `board-client` in a pseudo-terminal against a real
/// server: tiles marked with `m`, carried as one block and dropped as one change; a selection
/// deleted after one question; undo and redo of a group and of a section deleted with its tiles,
/// each as one change; the board checked over HTTP.
@Suite struct GroupsPTYTests {
    private func board(_ server: ServerProcess, _ name: String) async throws -> Board {
        let (status, body) = try await HTTPGet.body(port: server.port, path: "/boards/\(name)")
        try #require(status == 200)
        return try WireCodec.decodeBoard(body)
    }

    private func labels(_ board: Board) -> [[String]] { board.sections.map { $0.items.map(\.label) } }

    /// Waits until the server's board has `expected` labels, section by section, and answers
    /// its version; nil when it still had not after 600 looks 50 ms apart. Counted in looks, not
    /// by the clock: with the whole suite running, this task may wait its turn longer than the
    /// board takes to change, and the last look must still be taken.
    private func waitForBoard(_ server: ServerProcess, _ name: String, _ expected: [[String]]) async throws -> Int? {
        for _ in 0..<600 {
            let shown = try await board(server, name)
            if labels(shown) == expected { return shown.version }
            try await Task.sleep(for: .milliseconds(50))
        }
        return nil
    }

    @Test func markedTilesAreCarriedAsOneBlockAndDroppedAsOneChange() async throws {
        let server = try ServerProcess()
        let url = server.url(board: "block")
        for label in ["Alpha", "Bravo", "Charlie", "Delta"] { _ = try ClientRun.run([url, "add", label]) }
        let client = try PseudoTerminalClient([url])
        #expect(client.waitForScreen { $0.contains("connected tester") && $0.contains("Delta") })
        client.type("m")
        #expect(client.waitForScreen { $0.contains("1 selected") })
        client.type("ll")
        client.type("m")
        #expect(client.waitForScreen { $0.contains("2 selected") })
        client.type(" ")
        #expect(client.waitForScreen { $0.contains("Picked up 2 tiles") })
        client.type("\u{1B}[C")
        client.type(" ")
        #expect(client.waitForScreen { $0.contains("Dropped 2 tiles") })
        let dropped = try await waitForBoard(server, "block", [["Bravo", "Alpha", "Charlie", "Delta"]])
        #expect(dropped != nil && !client.screen.text.contains("selected"))
        client.type("u")
        let undone = try await waitForBoard(server, "block", [["Alpha", "Bravo", "Charlie", "Delta"]])
        #expect(undone != nil)
        client.type("U")
        let redone = try await waitForBoard(server, "block", [["Bravo", "Alpha", "Charlie", "Delta"]])
        #expect(redone != nil && redone! > undone!)
        #expect(client.quit() == 0)
    }

    @Test func aSelectionIsDeletedAfterOneQuestionAndASectionDeleteIsUndoneAsOneChange() async throws {
        let server = try ServerProcess()
        let url = server.url(board: "sweep")
        for label in ["Alpha", "Bravo", "Charlie"] { _ = try ClientRun.run([url, "add", label]) }
        let client = try PseudoTerminalClient([url])
        #expect(client.waitForScreen { $0.contains("connected tester") && $0.contains("Charlie") })
        client.type("mlm")
        #expect(client.waitForScreen { $0.contains("2 selected") })
        client.type("d")
        #expect(client.waitForScreen { $0.contains("Delete the 2 marked tiles? y/n") })
        client.type("y")
        let deleted = try await waitForBoard(server, "sweep", [["Charlie"]])
        let after = try await board(server, "sweep")
        #expect(
            deleted == 5,
            "two deletes at consecutive versions; the board: \(labels(after)) at v\(after.version), the screen: \(client.screen.text)"
        )
        client.type("u")
        #expect(try await waitForBoard(server, "sweep", [["Alpha", "Bravo", "Charlie"]]) == 7)
        client.type("D")
        #expect(client.waitForScreen { $0.contains("its 3 tiles") })
        client.type("y")
        #expect(try await waitForBoard(server, "sweep", []) == 8)
        client.type("u")
        #expect(
            try await waitForBoard(server, "sweep", [["Alpha", "Bravo", "Charlie"]]) == 12,
            "the section and its three tiles come back as one change of four ops")
        #expect(client.quit() == 0)
    }
}
