import Testing

@testable import TerminalUI

@Suite("Text wrapping")
struct TextWrappingTests {
    @Test func shortTextIsOneLine() {
        #expect(TextWrapping.lines("Mail", columns: 10, maxLines: 2) == ["Mail"])
        #expect(TextWrapping.lines("", columns: 10, maxLines: 2) == [""])
        #expect(TextWrapping.lineCount("Mail", columns: 4) == 1)
    }

    @Test func linesBreakAtSpaces() {
        #expect(TextWrapping.lines("Buy milk and bread", columns: 10, maxLines: 2) == ["Buy milk", "and bread"])
        #expect(TextWrapping.lines("Tile number 123", columns: 11, maxLines: 2) == ["Tile number", "123"])
        #expect(TextWrapping.lineCount("Buy milk and bread", columns: 10) == 2)
    }

    @Test func aWordLongerThanALineIsBrokenInside() {
        #expect(
            TextWrapping.lines("Supercalifragilistic", columns: 8, maxLines: 3) == ["Supercal", "ifragili", "stic"])
    }

    @Test func textThatDoesNotFitEndsInAnEllipsis() {
        #expect(
            TextWrapping.lines("Call the plumber about the kitchen sink", columns: 12, maxLines: 2) == [
                "Call the", "plumber abo…",
            ])
        #expect(TextWrapping.lineCount("Call the plumber about the kitchen sink", columns: 12) == 4)
    }

    @Test func clustersAreNeverSplitAndWideOnesCountTwice() {
        #expect(TextWrapping.lines("日本語のテキスト", columns: 6, maxLines: 3) == ["日本語", "のテキ", "スト"])
        #expect(
            TextWrapping.lines("👨\u{200D}👩\u{200D}👧 family picnic", columns: 9, maxLines: 2) == [
                "👨\u{200D}👩\u{200D}👧 family", "picnic",
            ])
        #expect(
            TextWrapping.lines("cafe\u{301} cre\u{300}me", columns: 5, maxLines: 2) == ["cafe\u{301}", "cre\u{300}me"])
    }

    @Test func noRoomGivesNoLines() {
        #expect(TextWrapping.lines("Mail", columns: 0, maxLines: 2).isEmpty)
        #expect(TextWrapping.lines("Mail", columns: 4, maxLines: 0).isEmpty)
    }
}
