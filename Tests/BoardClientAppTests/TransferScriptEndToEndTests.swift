import BoardClientApp
import BoardSync
import Foundation
import TestSupport
import Testing

/// `import`, `export` and `restore --to` against a real `board-server`, with files the test
/// writes: a Trello-shaped export and a CSV of 1,000 cards go in, come out again through
/// `export` and read back as the same sections and labels.
@Suite(.serialized) struct TransferScriptEndToEndTests {
    func run(_ arguments: [String]) throws -> ProcessRun {
        try ClientRun.run(arguments)
    }

    func board(_ url: String) throws -> Board {
        try WireCodec.decodeBoard(Array(try run([url, "list", "--json"]).stdout.utf8.dropLast()))
    }

    /// Titles and labels, section by section: what an import must keep.
    func shape(_ sections: [Section]) -> [[String]] {
        sections.map { [$0.title] + $0.items.map(\.label) }
    }

    @Test func aTrelloFileComesInAndGoesOutAsJSON() throws {
        let server = try ServerProcess()
        let directory = try TemporaryDirectory()
        let long = String(repeating: "L", count: 120)
        let file = directory.url.appendingPathComponent("trello.json")
        try Data(
            TransferFixtures.trello([
                .init("To do", cards: [("Mail, \"urgent\"", false), ("Old", true), (long, false)]),
                .init("Archived", closed: true, cards: [("Gone", false)]),
                .init("Empty", cards: []),
                .init("Done", cards: [("Line\nbreak", false)]),
            ])
        ).write(to: file)
        let url = server.url(board: "trello")

        let imported = try run([url, "import", file.path])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(
            imported.stdout == """
                Imported 3 sections and 3 tiles from a Trello file.
                Tile 2 of To do: its label of 120 characters was cut to 100.
                Tile 1 of Done: line breaks or tabs in its label became spaces.
                1 archived list left out, with 1 card in it.
                1 archived card left out.

                """)
        let expected = [
            ["To do", "Mail, \"urgent\"", String(repeating: "L", count: 100)], ["Empty"], ["Done", "Line break"],
        ]
        #expect(shape(try board(url).sections) == expected, "a new board's empty Main is replaced")

        let output = directory.url.appendingPathComponent("out.json")
        let exported = try run([url, "export", "--format", "json", "--output", output.path])
        #expect(exported.status == 0 && exported.stdout.isEmpty, "\(exported.stderr)")
        let again = try BoardImport.read(Array(try Data(contentsOf: output)))
        #expect(again.format == .json && shape(again.sections) == expected && again.notes.isEmpty)

        let copy = server.url(board: "trello-copy")
        #expect(try run([copy, "import", output.path]).status == 0)
        #expect(shape(try board(copy).sections) == expected)
    }

    @Test func aThousandCardsOfCSVComeInWithProgressAndGoOutAgain() throws {
        let server = try ServerProcess()
        let directory = try TemporaryDirectory()
        let rows = (0..<1_000).map {
            ["Column \($0 / 300)", "Card \($0), \"odd\"\($0 % 7 == 0 ? "\nsecond line" : "")"]
        }
        let file = directory.url.appendingPathComponent("cards.csv")
        try Data(([0xEF, 0xBB, 0xBF] + Array(TransferFixtures.csv(rows, header: ["section", "label"]).utf8)))
            .write(to: file)
        let source = try BoardImport.read(Array(try Data(contentsOf: file)))
        #expect(source.tileCount == 1_000)
        let url = server.url(board: "csv")

        let imported = try run([url, "import", file.path])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.hasPrefix("Imported 4 sections and 1,000 tiles from a CSV file.\n"))
        let progress = imported.stderr.split(separator: "\n")
        #expect(progress.count >= 2)
        #expect(progress.allSatisfy { $0.wholeMatch(of: /imported [\d,]+ of 1,000 tiles/) != nil })
        #expect(progress.last == "imported 1,000 of 1,000 tiles")

        let csv = try run([url, "export", "--format", "csv"])
        #expect(csv.status == 0)
        #expect(csv.stdout.hasPrefix("section,item,label\r\n"))
        let back = try BoardImport.read(Array(csv.stdout.utf8))
        #expect(shape(back.sections) == shape(source.sections))

        let again = try run([url, "import", file.path])
        #expect(again.status == 6)
        #expect(
            again.stderr
                == "board-client: board csv already has 1,000 tiles; import into a new or empty board, "
                + "or give --append to add the file's sections after its own\n")
        #expect(try board(url).itemCount == 1_000, "a declined import sends nothing")
    }

    @Test func badFilesAndBoardsAreClearErrors() throws {
        let server = try ServerProcess()
        let directory = try TemporaryDirectory()
        let file = directory.url.appendingPathComponent("bad.csv")
        try Data("section,label\nA,\"never closed\n".utf8).write(to: file)
        let bad = try run([server.url(board: "bad"), "import", file.path])
        #expect(bad.status == 2)
        #expect(
            bad.stderr
                == "board-client: cannot import \(file.path): line 2 of the CSV: a quoted field that starts here is never closed\n"
        )
        let missing = try run([server.url(board: "bad"), "import", directory.url.appendingPathComponent("none").path])
        #expect(missing.status == 2 && missing.stderr.hasPrefix("board-client: cannot read "))
        let absent = try run([server.url(board: "absent"), "export", "--format", "csv"])
        #expect(absent.status == 3 && absent.stderr == "board-client: unknown board absent\n")
        let format = try run([server.url(board: "absent"), "export", "--format", "xml"])
        #expect(format.status == 2 && format.stderr == "board-client: --format takes csv or json, not xml\n")
    }

    @Test func restorePutsTheBoardBackAsItWas() throws {
        let server = try ServerProcess()
        let url = server.url(board: "restore")
        func line(_ run: ProcessRun) -> String { run.stdout.trimmingCharacters(in: .newlines) }
        let mail = line(try run([url, "add", "Mail"]))
        let maps = line(try run([url, "add", "Maps"]))
        let done = line(try run([url, "section", "add", "Done"]))
        _ = try run([url, "add", "Calc", "--section", done])
        let then = try board(url)

        #expect(try run([url, "move", mail, "--to", "\(done):0"]).status == 0)
        #expect(try run([url, "delete", maps]).status == 0)
        #expect(try run([url, "rename", mail, "Post"]).status == 0)
        _ = try run([url, "section", "add", "Later"])
        _ = try run([url, "add", "New"])

        let unasked = try run([url, "restore", "--to", "\(then.version)"])
        #expect(unasked.status == 2)
        #expect(
            unasked.stderr
                == "board-client: standard input is not a terminal: give --yes to restore without a question\n")

        let restored = try run([url, "restore", "--to", "\(then.version)", "--yes"])
        #expect(restored.status == 0, "\(restored.stderr)")
        #expect(
            restored.stdout
                == "Restored the board to version 4: 1 tile moves, 1 comes back, 1 goes; 1 section goes; "
                + "1 label or title changes back. The board is now at version 14.\n")
        let now = try board(url)
        #expect(shape(now.sections) == shape(then.sections))
        #expect(now.sections.map(\.id) == then.sections.map(\.id))
        #expect(now.sections[0].items[0].id.rawValue == mail, "what stayed keeps its id")
        #expect(now.sections[0].items[1].id.rawValue != maps, "what comes back gets a new id")

        let same = try run([url, "restore", "--to", "\(now.version)", "--yes"])
        #expect(same.status == 0 && same.stdout == "The board is already as it was at version \(now.version).\n")
        let gone = try run([url, "restore", "--to", "999", "--yes"])
        #expect(gone.status == 3 && gone.stderr == "board-client: version 999 of board restore is not retained\n")
    }
}
