import Foundation
import TestSupport
import Testing

/// Script mode with tokens: a viewer can list a board but every change is refused.
@Suite(.serialized) struct AccessViewerScriptTests {
    static func secret() -> String {
        (0..<4).map { _ in String(format: "%08x", UInt32.random(in: 0...UInt32.max)) }.joined()
    }

    /// A server with one editor and one viewer token for every board.
    static func server(editor: String, viewer: String) throws -> (ServerProcess, URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "board-client-tokens-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("tokens.json")
        let tokens: [[String: Any]] = [
            ["token": editor, "role": "editor", "boards": ["*"]],
            ["token": viewer, "role": "viewer", "boards": ["*"]],
        ]
        try JSONSerialization.data(withJSONObject: ["tokens": tokens]).write(to: file)
        return (try ServerProcess(arguments: ["--tokens", file.path]), directory)
    }

    @Test func viewerListsButCannotAdd() throws {
        let editor = Self.secret()
        let viewer = Self.secret()
        let (server, directory) = try Self.server(editor: editor, viewer: viewer)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = server.url(board: "team")

        let added = try ClientRun.run([url, "add", "Mail", "--token", editor])
        #expect(added.status == 0, "\(added.stderr)")
        let mail = added.stdout.trimmingCharacters(in: .newlines)

        let refused = try ClientRun.run([url, "add", "Maps", "--token", viewer])
        #expect(refused.status == 5)
        #expect(refused.stdout.isEmpty)
        #expect(refused.stderr.hasPrefix("board-client: refused (forbidden)"), "\(refused.stderr)")
        #expect(refused.stderr.filter { $0 == "\n" }.count == 1)

        for command in [["delete", mail], ["rename", mail, "X"], ["section", "add", "Later"]] {
            let run = try ClientRun.run([url] + command + ["--token", viewer])
            #expect(run.status == 5, "\(command)")
        }

        let list = try ClientRun.run([url, "list"], environment: ["BOARD_TOKEN": viewer])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout == "team v1\nMain [main] (1)\n  \(mail)  Mail\n")

        let anonymous = try ClientRun.run([url, "list"], environment: ["BOARD_TOKEN": ""])
        #expect(anonymous.status == 5)
    }
}
