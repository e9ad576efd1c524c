/// Terminal column widths by the Unicode rules, the one place this package measures text.
///
/// Text is measured one extended grapheme cluster at a time (UAX #29: Swift's `Character`), and
/// a cluster takes the columns of its first scalar: two for East Asian Wide and Fullwidth
/// scalars (UAX #11) and for emoji shown as emoji by default (UTS #51), none for combining marks,
/// format characters and controls, one otherwise. What follows the first scalar adds nothing
/// (combining accents, skin tones, the rest of a zero-width-joiner sequence, a Hangul syllable's
/// vowel and final), except that a pair of regional indicators (a flag) and an emoji followed by
/// the emoji presentation selector U+FE0F take two.
///
/// Terminals do not all follow these rules for emoji sequences (tmux gives a skin-toned hand
/// four columns and a heart with U+FE0F one), so `mayVary` names the clusters the renderer
/// places with an explicit cursor move: whatever the terminal makes of one, what comes after it
/// starts in its own column, and borders stay aligned.
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

    /// The width of one grapheme cluster: its first scalar's, two for a flag or an emoji with
    /// the emoji presentation selector.
    static func generalWidth(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        let base = generalWidth(of: first)
        var rest = scalars.dropFirst()
        guard !rest.isEmpty, first.value >= 0x20 else { return base }
        if isRegionalIndicator(first.value), let second = rest.first, isRegionalIndicator(second.value) {
            return 2
        }
        if first.properties.isEmoji, rest.contains(where: { $0.value == emojiPresentationSelector }) { return 2 }
        if base > 0 { return base }
        // A cluster led by a zero-width scalar (a prepended format character) takes the width of
        // the first scalar that has one.
        while let next = rest.popFirst() {
            let width = generalWidth(of: next)
            if width > 0 { return width }
        }
        return 0
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
        if isHangulVowelOrFinal(value) || (value >= 0xFE00 && value <= 0xFE0F) { return 0 }
        if EastAsianWide.contains(value) || scalar.properties.isEmojiPresentation { return 2 }
        return 1
    }

    /// Whether terminals are known to give `symbol` (one grapheme cluster) other widths than
    /// these rules: a cluster of several scalars, or an emoji or regional indicator on its own.
    public static func mayVary(_ symbol: String) -> Bool {
        let utf8 = symbol.utf8
        guard let lead = utf8.first, lead >= 0x80 else { return utf8.count > 1 }
        var scalars = symbol.unicodeScalars.makeIterator()
        guard let first = scalars.next() else { return false }
        if scalars.next() != nil { return true }
        if simpleWidth(of: first.value) != nil { return false }
        return first.properties.isEmoji || isRegionalIndicator(first.value)
    }

    static let emojiPresentationSelector: UInt32 = 0xFE0F

    static func isRegionalIndicator(_ value: UInt32) -> Bool {
        value >= 0x1F1E6 && value <= 0x1F1FF
    }

    /// Hangul jungseong and jongseong: the vowel and final of a syllable spelled in jamo, which
    /// join the leading consonant's two columns.
    static func isHangulVowelOrFinal(_ value: UInt32) -> Bool {
        (value >= 0x1160 && value <= 0x11FF) || (value >= 0xD7B0 && value <= 0xD7FF)
    }
}
