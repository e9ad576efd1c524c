import BoardSync
import TestSupport
import Testing

/// Reading Trello's JSON export (a file the test writes): lists and cards in their `pos` order,
/// archived ones left out and counted.
@Suite struct TrelloImportTests {
    @Test func listsAndCardsFollowTheirPositionsAndArchivedOnesAreCounted() throws {
        let file = TransferFixtures.trello([
            .init("To do", cards: [("Mail", false), ("Old", true), ("Maps", false), ("Photos", false)]),
            .init("Archive", closed: true, cards: [("Gone", false), ("Gone too", false)]),
            .init("Empty", cards: []),
            .init("Done", cards: [("Calc", false)]),
        ])
        let summary = try BoardImport.read(file)
        #expect(summary.format == .trello)
        #expect(summary.sections.map(\.title) == ["To do", "Empty", "Done"])
        #expect(summary.sections.map { $0.items.map(\.label) } == [["Mail", "Maps", "Photos"], [], ["Calc"]])
        #expect(summary.notes == [.closedLists(count: 1, cards: 2), .closedCards(count: 1)])
        #expect(
            summary.report(imported: true)
                == """
                Imported 3 sections and 4 tiles from a Trello file.
                1 archived list left out, with 2 cards in it.
                1 archived card left out.
                """)
    }

    @Test func aThousandCardsWithLongAndOddNamesComeIn() throws {
        let long = String(repeating: "x", count: 130)
        let cards = (0..<1_000).map { (name: $0 == 7 ? long : "Card \($0), \"quoted\"\nline", closed: false) }
        let summary = try BoardImport.read(TransferFixtures.trello([.init("Big", cards: cards)]))
        #expect(summary.tileCount == 1_000)
        #expect(summary.sections[0].items[0].label == "Card 0, \"quoted\" line")
        #expect(summary.sections[0].items[7].label.count == 100)
        #expect(summary.notes.contains(.labelCut(ImportNote.Place(section: "Big", number: 8), from: 130, to: 100)))
        #expect(summary.notes.filter { if case .labelControls = $0 { true } else { false } }.count == 999)
    }

    @Test func aJSONObjectOfNeitherShapeIsRefused() {
        #expect(throws: ImportError.unknownJSON) { try BoardImport.read(Array("{\"boards\": []}".utf8)) }
        #expect(throws: ImportError.unknownJSON) { try BoardImport.read(Array(" [1, 2]".utf8)) }
        #expect(throws: ImportError.self) { try BoardImport.read(Array("{\"lists\": 3, \"cards\": []}".utf8)) }
        #expect(throws: ImportError.self) { try BoardImport.read(Array("{\"lists\": [".utf8), format: .trello) }
    }
}
