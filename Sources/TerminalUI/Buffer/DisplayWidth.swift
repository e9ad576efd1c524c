/// Approximate terminal column widths: combining marks and other zero-width
/// scalars take 0 columns, East Asian wide/fullwidth characters and emoji 2,
/// everything else 1. Control characters take 0.
///
/// Text made only of *simple* scalars (below U+0300, box drawing U+2500–U+257F
/// and block elements U+2580–U+259F) is measured from its UTF-8 bytes without
/// grapheme breaking or Unicode property lookups: each such scalar is a
/// grapheme of its own (CR LF aside, which is 0 either way) and its width
/// depends only on its value. Anything else takes the general path.
public enum DisplayWidth {
    /// Columns needed to show `text`.
    public static func of(_ text: some StringProtocol) -> Int {
        if let width = simpleWidth(of: text.utf8) { return width }
        return generalWidth(of: text)
    }

    /// Columns needed to show one grapheme cluster.
    public static func of(_ character: Character) -> Int {
        if let ascii = character.asciiValue { return ascii < 0x20 || ascii == 0x7F ? 0 : 1 }
        return generalWidth(of: character)
    }

    /// Columns of a single scalar outside any cluster.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        if let width = simpleWidth(of: scalar.value) { return width }
        return generalWidth(of: scalar)
    }

    /// True for control characters that must never reach a cell.
    static func isControl(_ character: Character) -> Bool {
        guard let first = character.unicodeScalars.first else { return true }
        let value = first.value
        return value < 0x20 || (value >= 0x7F && value < 0xA0)
    }

    /// The width of a simple scalar, or nil when `value` needs the general path.
    @inline(__always)
    static func simpleWidth(of value: UInt32) -> Int? {
        if value < 0x20 || (value >= 0x7F && value < 0xA0) { return 0 }
        if value < 0x300 || (value >= 0x2500 && value <= 0x259F) { return 1 }
        return nil
    }

    /// The width of UTF-8 text made only of simple scalars, or nil when any scalar is not simple.
    static func simpleWidth(of utf8: some Collection<UInt8>) -> Int? {
        let counted = utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            var width = 0
            var index = 0
            while index < bytes.count {
                let lead = bytes[index]
                let value: UInt32
                if lead < 0x80 {
                    value = UInt32(lead)
                    index += 1
                } else if lead & 0xE0 == 0xC0, index + 1 < bytes.count {
                    value = UInt32(lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
                    index += 2
                } else if lead == 0xE2, index + 2 < bytes.count {
                    value = 0x2000 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
                    index += 3
                } else {
                    return nil
                }
                guard let scalarWidth = simpleWidth(of: value) else { return nil }
                width += scalarWidth
            }
            return width
        }
        return counted ?? nil
    }

    /// Sum of the widths of `text`'s grapheme clusters, measured one by one.
    static func generalWidth(of text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    /// The width of one grapheme cluster by its scalars' Unicode properties.
    static func generalWidth(of character: Character) -> Int {
        var width = 0
        for scalar in character.unicodeScalars {
            if scalar.value == 0xFE0F { return 2 }
            if width == 0 { width = generalWidth(of: scalar) }
        }
        return width
    }

    /// The width of one scalar by its Unicode properties.
    static func generalWidth(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (value >= 0x7F && value < 0xA0) { return 0 }
        if value < 0x300 { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if value == 0x200B || (value >= 0xFE00 && value <= 0xFE0F) { return 0 }
        if isWide(value) || scalar.properties.isEmojiPresentation { return 2 }
        return 1
    }

    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E,
        0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
        0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
        0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
        0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    private static func isWide(_ value: UInt32) -> Bool {
        wideRanges.contains { $0.contains(value) }
    }
}
