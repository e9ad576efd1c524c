import BoardClientApp
import BoardSync
import Foundation
import TestSupport
import Testing

/// `boards`, `history`, `list --at` and the section commands against a real `board-server`.
@Suite(.serialized) struct HistoryScriptEndToEndTests {
    func run(_ arguments: [String]) throws -> ProcessRun {
        try ClientRun.run(arguments)
    }

    func line(_ run: ProcessRun) -> String { run.stdout.trimmingCharacters(in: .newlines) }

    @Test func historyBoardsAndEarlierVersions() throws {
        let server = try ServerProcess(arguments: ["--snapshot-every", "3", "--retain-ops", "2"])
        let url = server.url(board: "h2e")
        let mail = line(try run([url, "add", "Mail", "--user", "alice"]))
        _ = try run([url, "add", "Maps", "--user", "bob"])
        let done = line(try run([url, "section", "add", "Done", "--user", "alice"]))
        #expect(try run([url, "move", mail, "--to", "\(done):0", "--user", "bob"]).status == 0)

        let history = try run([url, "history"])
        #expect(history.status == 0, "\(history.stderr)")
        let lines = history.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0].hasPrefix("v4  ") && lines[0].hasSuffix("  bob moved Mail to Done"))
        #expect(lines[1].hasSuffix("  alice added section Done"))
        #expect(lines[3].hasPrefix("v1  ") && lines[3].hasSuffix("  alice added Mail to Main"))
        #expect(lines[0].wholeMatch(of: /v4  \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z  .*/) != nil)

        let json = try run([url, "history", "--limit", "2", "--json"])
        let objects = json.stdout.split(separator: "\n")
        #expect(objects.count == 2)
        let page = try WireCodec.decodeHistory(
            Array(#"{"board":"h2e","ops":[\#(objects.joined(separator: ","))]}"#.utf8))
        #expect(page.entries.map(\.version) == [4, 3])
        #expect(page.entries.map(\.user) == ["bob", "alice"])
        #expect(objects[0].contains(#""text":"bob moved Mail to Done""#))

        #expect(
            try run([url, "list", "--at", "3"]).stdout
                == "h2e v3\nMain [main] (2)\n  \(mail)  Mail\n  \(try maps(url))  Maps\nDone [\(done)] (0)\n")
        let past = try WireCodec.decodeBoard(
            Array(try run([url, "list", "--at", "4", "--json"]).stdout.utf8.dropLast()))
        #expect(past.version == 4 && past.sections[1].items.map(\.id.rawValue) == [mail])

        for version in 5...9 {
            #expect(try run([url, "rename", mail, "v\(version)", "--user", "carol"]).status == 0)
        }
        // Snapshots at 0, 3, 6 and 9; 9 - 2 = 7, so compaction cut at 6: versions 6 to 9 are left.
        let gone = try run([url, "list", "--at", "3"])
        #expect(gone.status == 3)
        #expect(gone.stderr == "board-client: version 3 of board h2e is not retained\n")
        let recent = try run([url, "history", "--limit", "100"]).stdout.split(separator: "\n")
        #expect(recent.count == 3 && recent[0].hasSuffix("carol renamed v8 to v9"))
        #expect(try run([url, "list", "--at", "6"]).status == 0)

        let boards = try run([server.baseURL, "boards"])
        #expect(
            boards.status == 0 && boards.stdout == "NAME  VERSION  SECTIONS  TILES\nh2e        v9         2      2\n")
        let listed = try WireCodec.decodeBoardList(
            Array(try run([server.baseURL, "boards", "--json"]).stdout.utf8.dropLast()))
        #expect(listed == [BoardSummary(id: "h2e", version: 9, sections: 2, items: 2)])

        let unknown = try run([server.url(board: "nowhere"), "history"])
        #expect(unknown.status == 3 && unknown.stderr == "board-client: unknown board nowhere\n")
        #expect(try run([server.url(board: "nowhere"), "list", "--at", "0"]).status == 3)
    }

    /// The id of the tile labelled Maps.
    func maps(_ url: String) throws -> String {
        let board = try WireCodec.decodeBoard(Array(try run([url, "list", "--json"]).stdout.utf8.dropLast()))
        return try #require(board.sections.flatMap(\.items).first { $0.label == "Maps" }?.id.rawValue)
    }

    @Test func sectionCommands() throws {
        let server = try ServerProcess()
        let url = server.url(board: "sections")
        let later = line(try run([url, "section", "add", "Later"]))
        _ = try run([url, "add", "Mail", "--section", later])
        #expect(try run([url, "section", "rename", later, "Soon"]).stdout == "renamed section \(later)\n")
        #expect(try run([url, "section", "move", later, "--to", "0"]).stdout == "moved section \(later) to 0\n")
        var board = try WireCodec.decodeBoard(Array(try run([url, "list", "--json"]).stdout.utf8.dropLast()))
        #expect(board.sections.map(\.title) == ["Soon", "Main"])
        let far = try run([url, "section", "move", later, "--to", "5"])
        #expect(far.status == 2)
        #expect(far.stderr == "board-client: index 5 is past the last section (2 sections; the first is 0)\n")
        let unknown = try run([url, "section", "rename", "nope", "X"])
        #expect(unknown.status == 3 && unknown.stderr == "board-client: unknown section nope\n")
        #expect(try run([url, "section", "delete", later]).stdout == "deleted section \(later)\n")
        board = try WireCodec.decodeBoard(Array(try run([url, "list", "--json"]).stdout.utf8.dropLast()))
        #expect(board.sections.map(\.id) == ["main"] && board.itemCount == 0)
        #expect(try run([url, "section", "delete", later]).status == 3)
    }

    @Test func tokensAndUnreachableServers() throws {
        let editor = AccessViewerScriptTests.secret()
        let viewer = AccessViewerScriptTests.secret()
        let (server, directory) = try AccessViewerScriptTests.server(editor: editor, viewer: viewer)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = server.url(board: "guarded")
        #expect(try run([url, "add", "Mail", "--token", editor]).status == 0)
        #expect(try run([url, "history", "--token", viewer]).stdout.hasSuffix("added Mail to Main\n"))
        #expect(try run([url + "?token=\(viewer)", "list", "--at", "1"]).status == 0)
        #expect(
            try run([server.baseURL, "boards", "--token", viewer]).stdout.hasSuffix(
                "\nguarded       v1         1      1\n"))
        let anonymous = try ClientRun.run([url, "history"], environment: ["BOARD_TOKEN": ""])
        #expect(anonymous.status == 5 && anonymous.stderr == "board-client: refused by the server: HTTP 401\n")
        #expect(try run([url, "section", "rename", "main", "X", "--token", viewer]).status == 5)
        let port = ClosedPort.loopback()
        for command in [["boards"], ["history"]] {
            let away = try run(["ws://127.0.0.1:\(port)/boards/x"] + command)
            #expect(away.status == 4, "\(command)")
            #expect(away.stderr == "board-client: cannot reach 127.0.0.1:\(port): connection refused\n")
        }
    }
}
