import BoardSync
import Foundation
import TestSupport
import Testing

/// Several tiles as one in the interactive `board-client` in a pseudo-terminal against a real
/// server: tiles marked with `m`, carried as one block and dropped as one change; a selection
/// deleted after one question; undo and redo of a group and of a section deleted with its tiles,
/// each as one change; the board checked over HTTP once the client shows its change acknowledged.
@Suite struct GroupsPTYTests {
    private func board(_ server: ServerProcess, _ name: String) async throws -> Board {
        let (status, body) = try await HTTPGet.body(port: server.port, path: "/boards/\(name)")
        try #require(status == 200)
        return try WireCodec.decodeBoard(body)
    }

    private func labels(_ board: Board) -> [[String]] { board.sections.map { $0.items.map(\.label) } }

    /// The server's board has `expected` labels, section by section, at `version`.
    private func expectBoard(
        _ server: ServerProcess, _ name: String, _ expected: [[String]], at version: Int
    )
        async throws
    {
        let stored = try await board(server, name)
        #expect(labels(stored) == expected && stored.version == version, "v\(stored.version): \(labels(stored))")
    }

    @Test func markedTilesAreCarriedAsOneBlockAndDroppedAsOneChange() async throws {
        let server = try ServerProcess()
        let url = server.url(board: "block")
        for label in ["Alpha", "Bravo", "Charlie", "Delta"] { _ = try ClientRun.run([url, "add", label]) }
        let start = try await board(server, "block").version
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
        let dropped = try #require(client.waitForAcknowledgedVersion(after: start))
        #expect(!client.screen.text.contains("selected"))
        try await expectBoard(server, "block", [["Bravo", "Alpha", "Charlie", "Delta"]], at: dropped)
        client.type("u")
        let undone = try #require(client.waitForAcknowledgedVersion(after: dropped))
        try await expectBoard(server, "block", [["Alpha", "Bravo", "Charlie", "Delta"]], at: undone)
        client.type("U")
        let redone = try #require(client.waitForAcknowledgedVersion(after: undone))
        try await expectBoard(server, "block", [["Bravo", "Alpha", "Charlie", "Delta"]], at: redone)
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
        #expect(client.waitForAcknowledgedVersion(after: 3) == 5, "two deletes at consecutive versions")
        try await expectBoard(server, "sweep", [["Charlie"]], at: 5)
        client.type("u")
        #expect(client.waitForAcknowledgedVersion(after: 5) == 7)
        try await expectBoard(server, "sweep", [["Alpha", "Bravo", "Charlie"]], at: 7)
        client.type("D")
        #expect(client.waitForScreen { $0.contains("its 3 tiles") })
        client.type("y")
        #expect(client.waitForAcknowledgedVersion(after: 7) == 8)
        try await expectBoard(server, "sweep", [], at: 8)
        client.type("u")
        #expect(
            client.waitForAcknowledgedVersion(after: 8) == 12,
            "the section and its three tiles come back as one change of four ops")
        try await expectBoard(server, "sweep", [["Alpha", "Bravo", "Charlie"]], at: 12)
        #expect(client.quit() == 0)
    }
}
