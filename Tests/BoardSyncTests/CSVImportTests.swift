import BoardSync
import TestSupport
import Testing

/// Reading CSV to import: RFC 4180's quoting, a header or none, a byte order mark, CRLF or LF,
/// and what becomes of text a label cannot hold.
@Suite struct CSVImportTests {
    private func read(_ text: String) throws -> ImportSummary {
        try BoardImport.read(Array(text.utf8), format: .csv)
    }

    private func labels(_ summary: ImportSummary) -> [[String]] {
        summary.sections.map { $0.items.map(\.label) }
    }

    @Test func quotedFieldsHoldCommasQuotesAndLineBreaks() throws {
        let text = "section,label\r\n\"To do, soon\",\"Say \"\"hi\"\"\"\r\nTo do,plain\r\n\"Done\",\"two\r\nlines\"\r\n"
        let summary = try read(text)
        #expect(summary.sections.map(\.title) == ["To do, soon", "To do", "Done"])
        #expect(labels(summary) == [["Say \"hi\""], ["plain"], ["two lines"]])
        #expect(summary.notes == [.labelControls(ImportNote.Place(section: "Done", number: 1))])
        #expect(
            summary.report(imported: true).contains(
                "Tile 1 of Done: line breaks or tabs in its label became spaces."))
    }

    @Test func aByteOrderMarkAndBareLineFeedsAreRead() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("section,item,label\nA,x1,One\nA,x2,Two\nB,x3,Three".utf8)
        let summary = try BoardImport.read(bytes)
        #expect(summary.format == .csv)
        #expect(summary.sections.map(\.title) == ["A", "B"])
        #expect(labels(summary) == [["One", "Two"], ["Three"]])
        #expect(summary.notes.isEmpty)
    }

    @Test func withoutAHeaderTwoOrThreeColumnsAreTaken() throws {
        #expect(labels(try read("A,One\nA,Two\n")) == [["One", "Two"]])
        #expect(labels(try read("A,id1,One\nB,id2,Two\n")) == [["One"], ["Two"]])
        #expect(throws: ImportError.self) { try read("A,One,x,y\n") }
    }

    @Test func aHeaderNamesItsColumnsInAnyOrder() throws {
        let summary = try read("Label,Notes,Section\nOne,ignored,A\n")
        #expect(summary.sections.map(\.title) == ["A"])
        #expect(labels(summary) == [["One"]])
    }

    @Test func rowsOfAnotherWidthAndUnclosedQuotesAreErrorsWithTheirLine() {
        #expect(throws: ImportError.badCSV(line: 3, problem: "3 fields where the first row has 2")) {
            try read("section,label\nA,One\nA,Two,Three\n")
        }
        #expect(throws: ImportError.badCSV(line: 2, problem: "a quoted field that starts here is never closed")) {
            try read("section,label\nA,\"One\n")
        }
        #expect(throws: ImportError.badCSV(line: 2, problem: "text after the closing quote of a field")) {
            try read("section,label\nA,\"One\"x\n")
        }
    }

    @Test func longLabelsAreCutAndReportedWithTheirPlace() throws {
        let long = String(repeating: "é", count: 140)
        let summary = try read("A,short\nA,\(long)\n")
        #expect(summary.sections[0].items[1].label == String(repeating: "é", count: 100))
        #expect(summary.notes == [.labelCut(ImportNote.Place(section: "A", number: 2), from: 140, to: 100)])
        #expect(summary.report(imported: true).contains("Tile 2 of A: its label of 140 characters was cut to 100."))
    }

    @Test func emptyLabelsKeepTheirSectionAndBlankOnesAreReported() throws {
        let summary = try read("A,One\nLater,\nA,\"   \"\nA,\"\u{7}\"\n")
        #expect(summary.sections.map(\.title) == ["A", "Later"])
        #expect(labels(summary) == [["One"], []])
        #expect(
            summary.notes == [
                .emptyLabel(ImportNote.Place(section: "A", number: 2)),
                .emptyLabel(ImportNote.Place(section: "A", number: 3)),
            ])
    }

    @Test func controlAndDirectionCharactersAreReplacedOrTakenOut() throws {
        let summary = try read("A,\"tab\there\"\nA,\"\u{202E}evil\"\n\"Ti\ntle\",x\n")
        #expect(labels(summary) == [["tab here", "evil"], ["x"]])
        #expect(summary.sections[1].title == "Ti tle")
        #expect(
            summary.notes == [
                .labelControls(ImportNote.Place(section: "A", number: 1)),
                .labelDirectionControls(ImportNote.Place(section: "A", number: 2)),
                .titleControls(section: "Ti tle"),
            ])
    }

    @Test func aFileThatIsNotUTF8OrEmptyIsRefused() {
        #expect(throws: ImportError.notUTF8) { try BoardImport.read([0x41, 0x2C, 0xFF, 0x0A]) }
        #expect(throws: ImportError.empty) { try BoardImport.read(Array(" \r\n".utf8)) }
    }

    @Test func aThousandRowsComeInOrder() throws {
        let rows = (0..<1_000).map { ["S\($0 / 250)", "Card, number \"\($0)\""] }
        let summary = try BoardImport.read(Array(TransferFixtures.csv(rows, header: ["section", "label"]).utf8))
        #expect(summary.tileCount == 1_000)
        #expect(summary.sections.count == 4)
        #expect(summary.sections[3].items.last?.label == "Card, number \"999\"")
        #expect(summary.counted == "4 sections and 1,000 tiles")
    }
}
