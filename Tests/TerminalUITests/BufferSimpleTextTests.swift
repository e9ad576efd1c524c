import TestSupport
import Testing

@testable import TerminalUI

/// Writing text made of simple scalars (ASCII, Latin-1, box drawing, blocks) takes a scalar-wise
/// path; it must leave the same cells and return the same column as writing grapheme by grapheme.
@Suite struct BufferSimpleTextTests {
    /// Writes `text` one grapheme at a time through `set(x:y:cell:)`, skipping what `set` skips.
    static func referenceWrite(_ text: String, x: Int, into buffer: inout Buffer, clip: Rect) -> Int {
        let bounds = clip.intersection(buffer.area)
        var column = x
        for character in text {
            let width = DisplayWidth.generalWidth(of: character)
            if DisplayWidth.isControl(character) || width == 0 { continue }
            if column >= bounds.x, column + width <= bounds.right {
                buffer.set(x: column, y: 0, cell: Cell(String(character), style: Style(attributes: .bold)))
            }
            column += width
        }
        return column
    }

    @Test func randomSimpleTextMatchesGraphemeByGraphemeWriting() {
        let seed = UInt64.random(in: 0...UInt64.max)
        var generator = SeededGenerator(seed: seed)
        let scalars = DisplayWidthFastPathTests.fastScalars
        for round in 0..<500 {
            var text = ""
            for _ in 0..<Int.random(in: 0...14, using: &generator) {
                if Int.random(in: 0..<8, using: &generator) == 0 {
                    text += "\r\n"
                } else {
                    text.unicodeScalars.append(scalars.randomElement(using: &generator)!)
                }
            }
            var start = Buffer(width: 12, height: 1)
            start.set(x: Int.random(in: 0...10, using: &generator), y: 0, "\u{4E00}")
            let x = Int.random(in: -3...12, using: &generator)
            let clip = Rect(x: Int.random(in: 0...4, using: &generator), y: 0, width: 8, height: 1)
            var fast = start
            var reference = start
            let fastEnd = fast.set(x: x, y: 0, text, style: Style(attributes: .bold), clip: clip)
            let referenceEnd = Self.referenceWrite(text, x: x, into: &reference, clip: clip)
            #expect(fastEnd == referenceEnd, "seed \(seed) round \(round) text \(text.debugDescription)")
            #expect(fast == reference, "seed \(seed) round \(round) text \(text.debugDescription)")
        }
    }
}
