import BoardSync
import Foundation
import TestSupport
import Testing

/// The interactive `board-client` in pseudo-terminals of 40 to 200 columns against a real
/// server: tiles as wide as their labels, the focused label's line, the page keys, the help at
/// 40×12, the rename and add fields' editing keys and a bracketed paste, wide and combined
/// characters in their columns.
@Suite struct ReadableBoardPTYTests {
    /// A board "NAME" of one section "To do" holding `labels`, made through script mode.
    static func board(_ server: ServerProcess, _ name: String, labels: [String]) throws -> String {
        let url = server.url(board: name)
        for label in labels {
            #expect(try ClientRun.run([url, "add", label, "--user", "bob"]).status == 0)
        }
        _ = try ClientRun.run([url, "section", "rename", "main", "To do"])
        return url
    }

    func rows(_ client: PseudoTerminalClient) -> [String] {
        client.screen.text.split(separator: "\n", omittingEmptySubsequences: false).map {
            var line = String($0)
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    @Test(arguments: [40, 80, 120, 200])
    func labelsAreReadAtEveryWidth(columns: Int) throws {
        let server = try ServerProcess()
        let labels = (1...30).map { "Tile number \($0)" }
        let url = try Self.board(server, "wide", labels: labels)
        let client = try PseudoTerminalClient([url], width: columns, height: 20)
        #expect(client.waitForScreen { $0.contains("Tile number 1 · To do · 1 of 30") })
        let screen = rows(client)
        #expect(screen[3].hasPrefix(" ┃ Tile number 1 "), "\(screen[3])")
        #expect(!client.screen.text.contains("Tile numb…"))
        // "Tile number 30" takes 14 columns: tiles of 18, as many as fit.
        let perRow = (columns - 1) / 19
        #expect(screen[6].components(separatedBy: "Tile number").count - 1 == perRow, "\(screen[6])")
        #expect(screen[18] == " Tile number 1 · To do · 1 of 30")
        client.type("\u{1B}[C")
        #expect(client.waitForScreen { $0.contains(" Tile number 2 · To do · 2 of 30") })
        #expect(client.quit() == 0)
        server.terminate()
    }

    @Test func pageKeysAndTheEndsMoveTheCursorAndTheBoard() throws {
        let server = try ServerProcess()
        let url = try Self.board(server, "pages", labels: (1...60).map { "Tile number \($0)" })
        let client = try PseudoTerminalClient([url], width: 80, height: 16)
        #expect(client.waitForScreen { $0.contains("Tile number 1 · To do · 1 of 60") })
        // Four tiles a row, three rows to a row of tiles, a board of 13 rows: a page is 10 rows,
        // three rows of tiles.
        client.type("\u{1B}[6~")
        #expect(client.waitForScreen { $0.contains("Tile number 13 · To do · 13 of 60") })
        #expect(!rows(client)[3].contains("Tile number 1 "), "the board turned a page")
        client.type("\u{1B}[6~")
        #expect(client.waitForScreen { $0.contains("Tile number 25 · To do · 25 of 60") })
        client.type("\u{1B}[5~")
        #expect(client.waitForScreen { $0.contains("Tile number 13 · To do · 13 of 60") })
        client.type("G")
        #expect(client.waitForScreen { $0.contains("Tile number 60 · To do · 60 of 60") })
        client.type("g")
        #expect(client.waitForScreen { $0.contains("Tile number 1 · To do · 1 of 60") })
        client.type("\u{1B}[F")
        #expect(client.waitForScreen { $0.contains("Tile number 60 · To do · 60 of 60") })
        client.type("\u{1B}[H")
        #expect(client.waitForScreen { $0.contains("Tile number 1 · To do · 1 of 60") })
        #expect(client.quit() == 0)
        server.terminate()
    }

    @Test func theHelpFitsA40By12TerminalAndScrolls() throws {
        let server = try ServerProcess()
        let url = try Self.board(server, "help", labels: ["Mail"])
        let client = try PseudoTerminalClient([url], width: 40, height: 12)
        #expect(client.waitForScreen { $0.contains("Mail · To do · 1 of 1") })
        client.type("?")
        #expect(client.waitForScreen { $0.contains("╭ keys ") && $0.contains("↓ more") })
        var screen = rows(client)
        #expect(screen[0].hasPrefix("╭ keys ") && screen[0].hasSuffix("╮"))
        #expect(screen[11].hasPrefix("╰─ 1–10 of ") && screen[11].hasSuffix("╯"))
        #expect(screen[4] == "│ ↑ ↓ k j        the tile above or     │")
        client.type("\u{1B}[F")
        #expect(client.waitForScreen { $0.contains("Enter Esc      confirm, cancel") })
        screen = rows(client)
        #expect(screen[10] == "│ Enter Esc      confirm, cancel       │")
        client.type("\u{1B}")
        #expect(client.waitForScreen { !$0.contains("╭ keys") && $0.contains("Mail · To do · 1 of 1") })
        #expect(client.quit() == 0)
        server.terminate()
    }

    @Test func theFieldEditsWithTheShellsKeysAndTakesAPaste() async throws {
        let server = try ServerProcess()
        let url = try Self.board(server, "field", labels: ["Mail"])
        let client = try PseudoTerminalClient([url], width: 60, height: 14)
        #expect(client.waitForScreen { $0.contains("Mail · To do · 1 of 1") })
        client.type("e")
        #expect(client.waitForScreen { $0.contains("Rename: Mail") })
        // Home, a word and a space before it; End; Alt-← back over "Mail"; Ctrl-K cuts it;
        // then a bracketed paste of two lines and Enter.
        client.type("\u{1B}[HOld \u{1B}[F\u{1B}[1;3D\u{0B}")
        #expect(client.waitForScreen { $0.split(separator: "\n").last?.hasPrefix("Rename: Old") == true })
        client.type("\u{1B}[200~post\r\nbox\u{1B}[201~\r")
        #expect(client.waitForScreen { $0.contains("Old post box · To do · 1 of 1") })
        let (status, body) = try await HTTPGet.body(port: server.port, path: "/boards/field")
        #expect(status == 200)
        #expect(try WireCodec.decodeBoard(body).sections[0].items.map(\.label) == ["Old post box"])

        client.type("a")
        #expect(client.waitForScreen { $0.contains("New tile:") })
        client.type("日本 👍🏽 cafe\u{301}\u{1B}[D\u{1B}[D\u{7F}\r")
        #expect(client.waitForScreen { $0.contains("日本 👍🏽 cfe\u{301} · To do · 2 of 2") })
        // Quit once the new tile is acknowledged: with an edit unsent, q would ask first.
        let added = client.waitForAcknowledgedVersion(after: 0)
        #expect(added != nil)
        let (_, latest) = try await HTTPGet.body(port: server.port, path: "/boards/field")
        let stored = try WireCodec.decodeBoard(latest).sections[0].items.map(\.label)
        #expect(stored == ["Old post box", "日本 👍🏽 cfe\u{301}"])
        #expect(client.quit() == 0)
        server.terminate()
    }

    @Test func wideAndCombinedCharactersKeepTheBordersInTheirColumns() throws {
        let server = try ServerProcess()
        let labels = ["日本語のテキスト", "👨\u{200D}👩\u{200D}👧 family", "🇫🇷 Paris", "👍🏽 done", "Cafe\u{301} crème"]
        let url = try Self.board(server, "wide-chars", labels: labels)
        let client = try PseudoTerminalClient([url], width: 80, height: 16)
        #expect(client.waitForScreen { $0.contains("Paris") && $0.contains("crème") })
        // Each tile's left and right borders stand in the columns of its top corners: three tiles
        // of 25 columns in the first row, two in the second.
        let buffer = client.screen.buffer
        for (top, count) in [(2, 6), (5, 4)] {
            let corners = (0..<buffer.width).filter {
                ["┏", "┐", "┓", "┌"].contains(buffer.cell(x: $0, y: top)?.symbol)
            }
            #expect(corners.count == count, "row \(top): \(corners)")
            for x in corners {
                #expect(["┃", "│"].contains(buffer.cell(x: x, y: top + 1)?.symbol), "column \(x), row \(top + 1)")
            }
        }
        #expect(client.quit() == 0)
        server.terminate()
    }
}
