import BoardSync
import Foundation
import TestSupport
import Testing

/// The errors a person provokes with `board-client`, and the words each one gets: a table of
/// command lines against a real server (and a closed port), with their exit status and exact
/// error line; none in Swift's debug forms. Usage errors a board can show before anything is
/// sent (a place past the end of a section) exit with 2, not as a refusal of the server.
@Suite struct ErrorWordsTests {
    @Test func theCheckFindsEveryDebugForm() {
        for text in [
            #"reason="clientClosed(code: Optional(1000))""#, "cannot use the terminal: notATerminal(descriptor: 0)",
            #"cannot reach ws://127.0.0.1:9999/boards/demo: failed("Unable to connect")"#,
            "refused (bad_op): index 999 out of range 0...6", "expected an integer in 1..<7",
            "status BoardClientApp.ScriptStatus.ok(1)", "ScriptResult(status: .ok)",
        ] {
            #expect(!DebugForms.found(in: text).isEmpty, "\(text)")
        }
        for text in [
            "cannot reach 127.0.0.1:9999: connection refused", "index 999 is past the end of To do (3 tiles)",
            #"reason="closed by client (1001)""#, "refused (limit): slow down", "listening on [::1]:8080",
            "standard input is not a terminal: give a script command or run it in a terminal",
            "v42  2026-12-01T14:02:00.123Z  bob moved Photos to Done", "Tile number 1 · To do · 1 of 320",
        ] {
            #expect(DebugForms.found(in: text).isEmpty, "\(text)")
        }
    }

    func line(_ run: ProcessRun) -> String { run.stdout.trimmingCharacters(in: .newlines) }

    @Test func provokedErrorsAndTheirWords() throws {
        let server = try ServerProcess()
        defer { server.terminate() }
        let url = server.url(board: "words")
        let todo = line(try ClientRun.run([url, "section", "add", "To do"]))
        var tiles: [String] = []
        for label in ["Mail", "Maps", "Notes"] {
            tiles.append(line(try ClientRun.run([url, "add", label, "--section", todo])))
        }
        let closed = ClosedPort.loopback()
        let secure = "wss://127.0.0.1:\(server.port)"
        let cases: [(arguments: [String], status: Int32, error: String)] = [
            (
                ["ws://127.0.0.1:\(closed)/boards/words", "list"], 4,
                "cannot reach 127.0.0.1:\(closed): connection refused"
            ),
            (["ws://127.0.0.1:\(closed)", "boards"], 4, "cannot reach 127.0.0.1:\(closed): connection refused"),
            (
                [secure + "/boards/words", "list"], 4,
                "cannot reach 127.0.0.1:\(server.port): the server does not speak TLS on this port"
            ),
            (
                [secure, "boards"], 4,
                "cannot reach 127.0.0.1:\(server.port): the server does not speak TLS on this port"
            ),
            ([url], 2, "standard input is not a terminal: give a script command or run it in a terminal"),
            ([url, "move", tiles[0], "--to", "\(todo):999"], 2, "index 999 is past the end of To do (3 tiles)"),
            ([url, "add", "Later", "--section", todo, "--at", "7"], 2, "index 7 is past the end of To do (3 tiles)"),
            (
                [url, "section", "move", todo, "--to", "9"], 2,
                "index 9 is past the last section (2 sections; the first is 0)"
            ),
            ([url, "history", "--limit", "0"], 2, "--limit takes a whole number from 1 up, not 0"),
            ([url, "list", "--at", "soon"], 2, "--at takes a whole number from 0 up, not soon"),
            (
                [url, "move", tiles[0], "--to", "nowhere:x"], 2,
                "--to takes a position SECTION[:INDEX] (a section id, then a colon and a whole number from 0 up or nothing), not nowhere:x"
            ),
            ([url, "section"], 2, "section needs one of: add TITLE, rename ID TITLE, move ID --to INDEX, delete ID"),
            ([url, "section", "fly"], 2, "unknown command section fly (see --help)"),
            ([url, "fly"], 2, "unknown command fly (see --help)"),
            ([url, "list", "--user", ""], 2, "invalid user name: cannot be empty or only spaces"),
            (
                ["http://127.0.0.1/boards/words", "list"], 2,
                "not a server or board URL (ws:// or wss://HOST:PORT[/boards/NAME]): http://127.0.0.1/boards/words"
            ),
            ([url, "rename", "nope", "X"], 3, "unknown item nope"),
            ([url, "list", "--at", "999"], 3, "version 999 of board words is not retained"),
        ]
        for (arguments, status, error) in cases {
            let run = try ClientRun.run(arguments)
            #expect(run.status == status, "\(arguments): \(run.stderr)")
            #expect(run.stderr == "board-client: \(error)\n", "\(arguments)")
        }
    }

    @Test func boardsAreListedInAlignedColumns() throws {
        let server = try ServerProcess()
        defer { server.terminate() }
        _ = try ClientRun.run([server.url(board: "a"), "add", "Mail"])
        for index in 0..<12 { _ = try ClientRun.run([server.url(board: "team-long-name"), "add", "Tile \(index)"]) }
        let boards = try ClientRun.run([server.baseURL, "boards"])
        #expect(boards.status == 0)
        #expect(
            boards.stdout == """
                NAME            VERSION  SECTIONS  TILES
                a                    v1         1      1
                team-long-name      v12         1     12

                """)
    }
}
