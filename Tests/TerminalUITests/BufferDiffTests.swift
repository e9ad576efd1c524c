import Testing

@testable import TerminalUI

@Suite("Buffer diff")
struct BufferDiffTests {
    @Test func identicalBuffersHaveNoChanges() {
        let buffer = Buffer(lines: ["abc", "日本"])
        #expect(BufferDiff.changes(from: buffer, to: buffer).isEmpty)
    }

    @Test func onlyChangedCellsAreListed() {
        let previous = Buffer(lines: ["abcd", "efgh"])
        var next = previous
        next.set(x: 2, y: 1, "X")
        next.setStyle(Style(attributes: .bold), in: Rect(x: 0, y: 0, width: 1, height: 1))
        #expect(
            BufferDiff.changes(from: previous, to: next) == [
                CellChange(x: 0, y: 0, cell: Cell("a", style: Style(attributes: .bold))),
                CellChange(x: 2, y: 1, cell: Cell("X")),
            ])
    }

    @Test func continuationCellsAreNeverListed() {
        let previous = Buffer(lines: ["abcd"])
        var next = previous
        next.set(x: 1, y: 0, "日")
        #expect(BufferDiff.changes(from: previous, to: next) == [CellChange(x: 1, y: 0, cell: Cell("日"))])
    }

    @Test func replacingAWideCharacterListsBothColumns() {
        let previous = Buffer(lines: ["日x"])
        var next = previous
        next.set(x: 0, y: 0, "ab")
        #expect(
            BufferDiff.changes(from: previous, to: next) == [
                CellChange(x: 0, y: 0, cell: Cell("a")), CellChange(x: 1, y: 0, cell: Cell("b")),
            ])
    }

    @Test func differentSizesListEveryCell() {
        let previous = Buffer(width: 2, height: 2)
        let next = Buffer(lines: ["ab", "日"])
        let changes = BufferDiff.changes(from: previous, to: next)
        #expect(changes.map { [$0.x, $0.y] } == [[0, 0], [1, 0], [0, 1]])
    }
}
