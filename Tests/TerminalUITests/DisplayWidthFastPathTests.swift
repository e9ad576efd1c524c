import TestSupport
import Testing

@testable import TerminalUI

/// The byte-level fast path of `DisplayWidth` gives exactly what the general,
/// property-based measurement gives, for every scalar it handles and for text
/// mixing them with scalars it does not.
@Suite struct DisplayWidthFastPathTests {
    /// Latin-1 and the rest below U+0300, box drawing, block elements.
    static let fastScalars: [Unicode.Scalar] = (Array(0..<0x300) + Array(0x2500...0x259F)).compactMap {
        Unicode.Scalar(UInt32($0))
    }

    @Test func everyFastScalarMeasuresAsTheGeneralPathDoes() {
        for scalar in Self.fastScalars {
            let hex = String(scalar.value, radix: 16)
            #expect(DisplayWidth.simpleWidth(of: scalar.value) != nil, "U+\(hex) is not on the fast path")
            #expect(DisplayWidth.of(scalar) == DisplayWidth.generalWidth(of: scalar), "scalar U+\(hex)")
            let character = Character(scalar)
            #expect(DisplayWidth.of(character) == DisplayWidth.generalWidth(of: character), "character U+\(hex)")
            let text = String(character)
            #expect(DisplayWidth.of(text) == DisplayWidth.generalWidth(of: text), "text U+\(hex)")
            #expect(Cell(text).width == (text.isEmpty ? 0 : max(1, DisplayWidth.generalWidth(of: text))))
        }
    }

    @Test func scalarsJustOutsideTheFastRangesTakeTheGeneralPath() {
        for value: UInt32 in [0x300, 0x301, 0x24FF, 0x25A0, 0x2600, 0xFE0F, 0x1F600] {
            #expect(DisplayWidth.simpleWidth(of: value) == nil, "U+\(String(value, radix: 16))")
        }
    }

    /// Random text from the fast scalars, CR LF pairs and a few scalars that join or widen
    /// (combining acute, zero width joiner, VS16, an emoji, a CJK ideograph).
    @Test func randomTextMeasuresAsTheGeneralPathDoes() {
        let seed = UInt64.random(in: 0...UInt64.max)
        var generator = SeededGenerator(seed: seed)
        let others: [String] = ["\r\n", "\u{301}", "\u{200D}", "\u{FE0F}", "\u{1F600}", "\u{4E00}"]
        for round in 0..<3_000 {
            var text = ""
            for _ in 0..<Int.random(in: 1...8, using: &generator) {
                if Int.random(in: 0..<10, using: &generator) == 0 {
                    text += others.randomElement(using: &generator)!
                } else {
                    text.unicodeScalars.append(Self.fastScalars.randomElement(using: &generator)!)
                }
            }
            let expected = DisplayWidth.generalWidth(of: text)
            #expect(DisplayWidth.of(text) == expected, "seed \(seed) round \(round) text \(text.debugDescription)")
            #expect(
                DisplayWidth.of(text.dropFirst()) == DisplayWidth.generalWidth(of: text.dropFirst()), "seed \(seed)")
        }
    }
}
