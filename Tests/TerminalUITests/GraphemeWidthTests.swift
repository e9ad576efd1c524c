import Testing

@testable import TerminalUI

/// Grapheme clusters and their columns by the Unicode rules, as text pictures of labels in
/// boxes: a ZWJ family, a rainbow flag, a technologist, national flags, skin tones, CJK, Hangul
/// spelled in jamo, combining accents, a keycap. Each box's right border must land in the same
/// column as the plain one's, in the buffer and on a screen that received the rendered bytes.
@Suite("Grapheme clusters and display width")
struct GraphemeWidthTests {
    /// Clusters and the columns they take.
    static let clusters: [(text: String, columns: Int, name: String)] = [
        ("a", 1, "ASCII letter"),
        ("e\u{301}", 1, "e with a combining acute accent"),
        ("a\u{308}\u{301}", 1, "a with two combining marks"),
        ("日", 2, "CJK ideograph"),
        ("ｶ", 1, "halfwidth katakana"),
        ("Ａ", 2, "fullwidth Latin letter"),
        ("\u{1100}\u{1161}", 2, "Hangul syllable spelled in jamo"),
        ("한", 2, "precomposed Hangul syllable"),
        ("👍", 2, "emoji"),
        ("👍🏽", 2, "emoji with a skin tone"),
        ("👋🏿", 2, "emoji with the darkest skin tone"),
        ("🇫🇷", 2, "flag (two regional indicators)"),
        ("👨\u{200D}👩\u{200D}👧", 2, "family (zero width joiner sequence)"),
        ("🧑\u{200D}💻", 2, "technologist (zero width joiner sequence)"),
        ("🏳\u{FE0F}\u{200D}🌈", 2, "rainbow flag (text-default base made emoji)"),
        ("❤\u{FE0F}", 2, "heart with the emoji presentation selector"),
        ("❤", 1, "heart without a selector (text by default)"),
        ("1\u{FE0F}\u{20E3}", 2, "keycap one"),
        ("\u{200B}", 0, "zero width space"),
    ]

    @Test func eachClusterIsOneCharacterOfItsWidth() {
        for (text, columns, name) in Self.clusters {
            #expect(text.count == 1, "\(name) is one grapheme cluster")
            #expect(DisplayWidth.of(Character(text)) == columns, "\(name)")
            #expect(DisplayWidth.of(text) == columns, "\(name)")
        }
        #expect(DisplayWidth.of("🇫🇷🇩🇪") == 4, "two flags")
        #expect(DisplayWidth.of("Café 日本 👍🏽") == 12)
    }

    /// `label` in a box 8 columns wide, as the buffer holds it.
    func boxed(_ label: String) -> Buffer {
        var buffer = Buffer(width: 8, height: 3)
        buffer.drawBox(Rect(x: 0, y: 0, width: 8, height: 3))
        buffer.write(label, x: 2, y: 1, maxWidth: 4)
        return buffer
    }

    @Test func boxedLabelsKeepTheirBordersInPlace() {
        let pictures: [(String, [String])] = [
            ("ab", ["┌──────┐", "│ ab   │", "└──────┘"]),
            ("e\u{301}e\u{301}", ["┌──────┐", "│ e\u{301}e\u{301}   │", "└──────┘"]),
            ("日本", ["┌──────┐", "│ 日本 │", "└──────┘"]),
            ("👍🏽x", ["┌──────┐", "│ 👍🏽x  │", "└──────┘"]),
            ("🇫🇷🇩🇪", ["┌──────┐", "│ 🇫🇷🇩🇪 │", "└──────┘"]),
            ("👨\u{200D}👩\u{200D}👧!", ["┌──────┐", "│ 👨\u{200D}👩\u{200D}👧!  │", "└──────┘"]),
            ("日本語", ["┌──────┐", "│ 日…  │", "└──────┘"]),
            ("🏳\u{FE0F}\u{200D}🌈ok", ["┌──────┐", "│ 🏳\u{FE0F}\u{200D}🌈ok │", "└──────┘"]),
        ]
        for (label, picture) in pictures {
            let buffer = boxed(label)
            #expect(buffer.textLines() == picture, "\(label.debugDescription)")
            #expect(buffer.cell(x: 7, y: 1)?.symbol == "│", "\(label.debugDescription): right border in column 7")

            var screen = VirtualScreen(width: 8, height: 3)
            screen.apply(FullRepaintRenderer().render(buffer, clearingFirst: true))
            #expect(screen.buffer == buffer, "\(label.debugDescription) on a screen")
        }
    }

    /// After a cluster terminals may draw wider or narrower, the next cell gets a cursor move
    /// of its own, and a two-column cluster's right half is blanked first.
    @Test func varyingClustersArePlacedWithExplicitCursorMoves() {
        var buffer = Buffer(width: 8, height: 1)
        buffer.set(x: 0, y: 0, "│👍🏽x│")
        let bytes = String(decoding: FullRepaintRenderer().render(buffer), as: UTF8.self)
        #expect(bytes.contains("│\u{1B}[C \u{1B}[1;2H👍🏽\u{1B}[1;4Hx│"))

        var plain = Buffer(width: 8, height: 1)
        plain.set(x: 0, y: 0, "│日x│")
        let plainBytes = String(decoding: FullRepaintRenderer().render(plain), as: UTF8.self)
        #expect(plainBytes.contains("│日x│"), "a CJK ideograph needs no help")
    }

    /// A changed cluster that may vary redraws the two cells after it, which a terminal giving
    /// it more columns has drawn over.
    @Test func aChangedVaryingClusterRedrawsTheCellsAfterIt() {
        let previous = Buffer(lines: ["│ab cd│"])
        var next = previous
        next.set(x: 1, y: 0, "👍🏽")
        let changes = BufferDiff.changes(from: previous, to: next)
        #expect(changes.map(\.x) == [1, 3, 4])
        #expect(changes.map(\.cell.symbol) == ["👍🏽", " ", "c"])

        var screen = VirtualScreen(width: 7, height: 1)
        screen.apply(FullRepaintRenderer().render(previous, clearingFirst: true))
        screen.apply(ANSIRenderer().render(changes))
        #expect(screen.textLines() == ["│👍🏽 cd│"])
    }

    @Test func mayVaryNamesEmojiAndSequencesOnly() {
        for symbol in ["👍", "👍🏽", "🇫🇷", "❤\u{FE0F}", "☺", "e\u{301}", "1\u{FE0F}\u{20E3}"] {
            #expect(DisplayWidth.mayVary(symbol), "\(symbol.debugDescription)")
        }
        for symbol in ["a", "│", "日", "é", "ｶ", ""] {
            #expect(!DisplayWidth.mayVary(symbol), "\(symbol.debugDescription)")
        }
    }

    @Test func theScreenJoinsClustersAsTheRulesDo() {
        var screen = VirtualScreen(width: 12, height: 1)
        screen.apply(Array("🇫🇷🇩🇪|👨\u{200D}👩\u{200D}👧|👍🏽|".utf8))
        #expect(screen.textLines() == ["🇫🇷🇩🇪|👨\u{200D}👩\u{200D}👧|👍🏽| "])
        #expect(screen.buffer.cell(x: 4, y: 0)?.symbol == "|")
        #expect(screen.buffer.cell(x: 7, y: 0)?.symbol == "|")
        #expect(screen.buffer.cell(x: 10, y: 0)?.symbol == "|")
    }
}
