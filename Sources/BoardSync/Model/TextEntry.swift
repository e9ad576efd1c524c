/// The rules of a field where a label, title or name is typed, the same in both clients: what a
/// key or a paste may put in (line breaks and tabs become spaces; control characters and
/// bidirectional controls, which the text rules refuse, are left out), how much of it fits
/// (whole characters, up to the limit: the field takes no more instead of losing what was
/// typed), and the counter shown as the text nears its limit.
public enum TextEntry {
    /// The counter shows from this many characters before the limit.
    public static let counterMargin = 20

    /// The length the limits count: Unicode scalars.
    public static func length(of text: String) -> Int {
        text.unicodeScalars.count
    }

    /// `typed` as a field takes it: line breaks and tabs as spaces (a CR LF pair as one), other
    /// control characters and the bidirectional controls left out.
    public static func cleaned(_ typed: String) -> String {
        fitting(typed, room: .max)
    }

    /// The longest start of `typed` (cleaned) in whole characters that fits beside a text of
    /// `length` scalars within `limit`.
    public static func fitting(_ typed: String, besides length: Int, limit: Int) -> String {
        fitting(typed, room: limit - length)
    }

    /// `typed` cleaned, then cut after the last whole character within `room` scalars.
    @inline(never)
    static func fitting(_ typed: String, room: Int) -> String {
        var scalars: [Unicode.Scalar] = []
        var previous: Unicode.Scalar = " "
        for scalar in typed.unicodeScalars {
            defer { previous = scalar }
            if scalar == "\n" || scalar == "\r" || scalar == "\t" {
                if scalar != "\n" || previous != "\r" { scalars.append(" ") }
            } else if !isLeftOut(scalar) {
                scalars.append(scalar)
            }
        }
        var end = scalars.count
        if room < scalars.count {
            end = 0
            while end < scalars.count {
                let next = characterEnd(scalars, from: end)
                guard next <= room else { break }
                end = next
            }
        }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars[0..<end])
        return String(result)
    }

    /// Where the character that starts at `start` ends: its first scalar, then every scalar that
    /// joins it (combining marks, variation selectors, emoji modifiers and tags, the keycap, a
    /// zero-width joiner with the scalar it joins), and two regional indicators as one flag. The
    /// grapheme rules of Unicode in short, without their tables (which the page's module leaves
    /// out), for the one use of cutting a paste where the limit is: a cut never splits these.
    static func characterEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var end = start + 1
        if isRegionalIndicator(scalars[start]) {
            return end < scalars.count && isRegionalIndicator(scalars[end]) ? end + 1 : end
        }
        while end < scalars.count {
            if scalars[end].value == 0x200D {
                end = min(end + 2, scalars.count)
            } else if joinsPrevious(scalars[end]) {
                end += 1
            } else {
                break
            }
        }
        return end
    }

    private static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F1E6...0x1F1FF).contains(scalar.value)
    }

    private static func joinsPrevious(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0300...0x036F, 0x0483...0x0489, 0x0591...0x05BD, 0x0610...0x061A, 0x064B...0x065F, 0x0900...0x0903,
            0x093A...0x094F, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE00...0xFE0F, 0xFE20...0xFE2F,
            0x1F3FB...0x1F3FF, 0xE0020...0xE007F, 0xE0100...0xE01EF:
            true
        default:
            false
        }
    }

    /// `87/100` once a text of `length` is within `counterMargin` of `limit`; nil before.
    @inline(never)
    public static func counter(length: Int, limit: Int) -> String? {
        length >= limit - counterMargin ? "\(length)/\(limit)" : nil
    }

    private static func isLeftOut(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value <= 0x9F) || Validation.isBidiControl(scalar)
    }
}
