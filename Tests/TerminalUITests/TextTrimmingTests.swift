import Testing

@testable import TerminalUI

@Suite("Display width and trimming")
struct TextTrimmingTests {
    @Test func widthsFollowDisplayColumns() {
        #expect(DisplayWidth.of("abc") == 3)
        #expect(DisplayWidth.of("日本語") == 6)
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.of("한글") == 4)
        #expect(DisplayWidth.of("😀") == 2)
        #expect(DisplayWidth.of("ｱ") == 1)
        #expect(DisplayWidth.of("\u{200B}") == 0)
    }

    @Test func fittingTextIsUnchanged() {
        #expect(TextTrimming.trimmed("hello", toColumns: 5) == "hello")
        #expect(TextTrimming.trimmed("日本", toColumns: 4) == "日本")
    }

    @Test func longTextEndsInAnEllipsis() {
        #expect(TextTrimming.trimmed("hello world", toColumns: 6) == "hello…")
        #expect(TextTrimming.trimmed("hello", toColumns: 1) == "…")
        #expect(TextTrimming.trimmed("hello", toColumns: 0) == "")
        #expect(TextTrimming.trimmed("hello", toColumns: -4) == "")
    }

    @Test func wideCharacterThatWouldStraddleTheLimitIsDropped() {
        #expect(TextTrimming.trimmed("日本語", toColumns: 5) == "日本…")
        #expect(TextTrimming.trimmed("日本語", toColumns: 4) == "日…")
        #expect(DisplayWidth.of(TextTrimming.trimmed("日本語", toColumns: 4)) == 3)
    }

    @Test func combiningMarksAreKeptWithTheirBase() {
        #expect(TextTrimming.trimmed("e\u{301}e\u{301}e\u{301}", toColumns: 2) == "e\u{301}…")
    }

    @Test func writeTrimsIntoTheBuffer() {
        var buffer = Buffer(width: 8, height: 2)
        buffer.write("Design review", x: 1, y: 0, maxWidth: 6)
        buffer.write("日本語テキスト", x: 0, y: 1, maxWidth: 7)
        #expect(buffer.textLines() == [" Desig… ", "日本語… "])
    }
}
