import BoardSync
import TestSupport
import Testing

/// Export then import gives the same board: labels, order and sections (ids are new), for
/// boards drawn at random with text that CSV must quote.
@Suite struct TransferRoundTripTests {
    private static let pieces = ["a", "B c", ",", "\"", "é", "👍🏽", "'", "x,y", "\"q\"", "=1+2", " ", "日本"]

    private func randomBoard(_ random: inout SeededGenerator) -> Board {
        var sections: [Section] = []
        var titles = Set<String>()
        for s in 0..<Int.random(in: 1...6, using: &random) {
            var title = "S\(s) " + Self.pieces.randomElement(using: &random)!
            while titles.contains(title) { title += "!" }
            titles.insert(title)
            var items: [Item] = []
            for i in 0..<Int.random(in: 0...20, using: &random) {
                var label = "t\(i)"
                for _ in 0..<Int.random(in: 0...8, using: &random) {
                    label += Self.pieces.randomElement(using: &random)!
                }
                items.append(Item(id: ItemID("i\(s)-\(i)"), label: label))
            }
            sections.append(Section(id: SectionID("s\(s)"), title: title, items: items))
        }
        return Board(id: "demo", version: 12, sections: sections)
    }

    private func shape(_ sections: [Section]) -> [[String]] {
        sections.map { [$0.title] + $0.items.map(\.label) }
    }

    /// Every random board written by `write` and read back gives `expected(board)`'s sections.
    private func roundTrip(
        from base: UInt64, _ format: TransferFormat, write: (Board) -> [UInt8], expected: (Board) -> [Section]
    ) throws {
        for seed in TestSeed.sweep(count: 50, from: base) {
            var random = SeededGenerator(seed: seed)
            let board = randomBoard(&random)
            let summary = try BoardImport.read(write(board))
            #expect(summary.format == format, "\(TestSeed.rerun(seed))")
            #expect(shape(summary.sections) == shape(expected(board)), "\(TestSeed.rerun(seed))")
            #expect(summary.notes.isEmpty, "\(TestSeed.rerun(seed))")
        }
    }

    @Test func jsonKeepsEverySectionAndTile() throws {
        try roundTrip(from: 100, .json, write: BoardExport.json) { $0.sections }
    }

    @Test func csvKeepsEveryTileAndEverySectionThatHasTiles() throws {
        try roundTrip(from: 200, .csv, write: BoardExport.csv) { board in board.sections.filter { !$0.items.isEmpty } }
    }

    @Test func theExportsHaveTheProtocolsShape() throws {
        let board = Board(
            id: "team", version: 3,
            sections: [
                Section(id: "todo", title: "To do, now", items: [Item(id: "a1", label: "Say \"hi\"")]),
                Section(id: "done", title: "Done"),
            ])
        #expect(
            String(decoding: BoardExport.csv(board), as: UTF8.self)
                == "section,item,label\r\n\"To do, now\",a1,\"Say \"\"hi\"\"\"\r\n")
        #expect(
            String(decoding: BoardExport.json(board), as: UTF8.self)
                == #"{"format":"board-sync/1","id":"team","version":3,"sections":[{"id":"todo","title":"To do, now","#
                + #""items":[{"id":"a1","label":"Say \"hi\""}]},{"id":"done","title":"Done","items":[]}]}"#)
        #expect(try WireCodec.decodeBoard(BoardExport.json(board)) == board)
    }
}
