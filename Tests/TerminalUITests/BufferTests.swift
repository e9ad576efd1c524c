import Testing

@testable import TerminalUI

@Suite("Buffer drawing")
struct BufferTests {
    @Test func textIsWrittenAndClippedAtTheRightEdge() {
        var buffer = Buffer(width: 6, height: 2)
        let end = buffer.set(x: 3, y: 0, "hello")
        buffer.set(x: -2, y: 1, "abcdef")
        #expect(end == 8)
        #expect(buffer.textLines() == ["   hel", "cdef  "])
    }

    @Test func rowsOutsideTheBufferAreIgnored() {
        var buffer = Buffer(width: 3, height: 1)
        buffer.set(x: 0, y: -1, "xyz")
        buffer.set(x: 0, y: 1, "xyz")
        #expect(buffer.textLines() == ["   "])
    }

    @Test func clipRectangleLimitsWriting() {
        var buffer = Buffer(width: 8, height: 1)
        buffer.set(x: 0, y: 0, "abcdefgh", clip: Rect(x: 2, y: 0, width: 3, height: 1))
        #expect(buffer.textLines() == ["  cde   "])
    }

    @Test func controlCharactersNeverReachACell() {
        var buffer = Buffer(width: 4, height: 1)
        buffer.set(x: 0, y: 0, "a\u{1B}b\nc")
        #expect(buffer.textLines() == ["abc "])
    }

    @Test func wideCharactersTakeTwoColumns() {
        var buffer = Buffer(width: 5, height: 1)
        buffer.set(x: 0, y: 0, "日本x")
        #expect(buffer.textLines() == ["日本x"])
        #expect(buffer.cell(x: 1, y: 0)?.isContinuation == true)
        #expect(buffer.cell(x: 4, y: 0)?.symbol == "x")
    }

    @Test func wideCharacterCutByTheEdgeIsNotDrawn() {
        var buffer = Buffer(width: 3, height: 1)
        buffer.set(x: 0, y: 0, "a日本")
        #expect(buffer.textLines() == ["a日"])
        buffer.set(x: 2, y: 0, "本")
        #expect(buffer.textLines() == ["a日"])
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var buffer = Buffer(width: 4, height: 1)
        buffer.set(x: 0, y: 0, "日本")
        buffer.set(x: 1, y: 0, "x")
        #expect(buffer.textLines() == [" x本"])
        buffer.set(x: 2, y: 0, "y")
        #expect(buffer.textLines() == [" xy "])
        #expect(buffer.cells.allSatisfy { !$0.isContinuation })
    }

    @Test func combiningMarksStayWithTheirBaseCharacter() {
        var buffer = Buffer(width: 3, height: 1)
        buffer.set(x: 0, y: 0, "e\u{301}x")
        #expect(buffer.cell(x: 0, y: 0)?.symbol == "e\u{301}")
        #expect(buffer.cell(x: 1, y: 0)?.symbol == "x")
    }

    @Test func fillAndStyleAreaAreClipped() {
        var buffer = Buffer(width: 4, height: 3)
        buffer.fill(Rect(x: 2, y: 1, width: 5, height: 5), with: Cell("#"))
        buffer.setStyle(Style(attributes: .bold), in: Rect(x: 3, y: 2, width: 9, height: 9))
        #expect(buffer.textLines() == ["    ", "  ##", "  ##"])
        #expect(buffer.cell(x: 3, y: 2)?.style.attributes == .bold)
        #expect(buffer.cell(x: 2, y: 2)?.style == .plain)
    }

    @Test(arguments: [
        (BorderStyle.single, ["┌──┐", "│  │", "└──┘"]),
        (BorderStyle.double, ["╔══╗", "║  ║", "╚══╝"]),
        (BorderStyle.rounded, ["╭──╮", "│  │", "╰──╯"]),
        (BorderStyle.bold, ["┏━━┓", "┃  ┃", "┗━━┛"]),
    ])
    func boxesUseTheirBorderCharacters(border: BorderStyle, picture: [String]) {
        var buffer = Buffer(width: 4, height: 3)
        buffer.drawBox(buffer.area, border: border)
        #expect(buffer.textLines() == picture)
    }

    @Test func boxTitleIsTrimmedAndBoxIsClipped() {
        var buffer = Buffer(width: 9, height: 4)
        buffer.drawBox(Rect(x: 1, y: 1, width: 7, height: 3), title: "Backlog items")
        buffer.drawBox(Rect(x: 6, y: -1, width: 5, height: 3), border: .double)
        #expect(
            buffer.textLines() == [
                "      ║  ",
                " ┌Back╚══",
                " │     │ ",
                " └─────┘ ",
            ])
    }

    @Test func tinyBoxesAreNotDrawn() {
        var buffer = Buffer(width: 3, height: 3)
        buffer.drawBox(Rect(x: 0, y: 0, width: 1, height: 3))
        buffer.drawBox(Rect(x: 0, y: 0, width: 3, height: 1))
        #expect(buffer.textLines(trimmingTrailingSpaces: true) == ["", "", ""])
    }

    @Test func linesInitializerPadsRows() {
        let buffer = Buffer(lines: ["ab", "日本", ""])
        #expect(buffer.width == 4)
        #expect(buffer.textLines() == ["ab  ", "日本", "    "])
    }

    @Test func emptyBufferIsHarmless() {
        var buffer = Buffer(width: 0, height: 0)
        buffer.set(x: 0, y: 0, "x")
        buffer.fill(Rect(x: 0, y: 0, width: 3, height: 3))
        buffer.drawBox(Rect(x: 0, y: 0, width: 3, height: 3))
        #expect(buffer.textLines().isEmpty)
        #expect(Buffer(width: -3, height: 2).cells.isEmpty)
    }
}
