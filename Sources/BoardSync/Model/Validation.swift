/// Why an identifier or a text was refused (protocol section 2).
public enum TextError: Error, Hashable, Sendable {
    case empty
    case tooLong(limit: Int)
    case controlCharacter
    case invalidIdentifier
}

/// Which text rules a check applies: every rule, to new text, or only those text committed
/// earlier was checked by (replayed ops, another node's commits), which rules added since must
/// not refuse.
public enum TextRules: Hashable, Sendable {
    /// Every rule: protocol section 2, and text made only of spaces or holding a bidirectional
    /// control is refused (docs/PROTOCOL.md, "Text rules").
    case current
    /// Only the rules of protocol section 2: not empty, within the limit, no control characters.
    case committed
}

/// The rules of protocol section 2 for identifiers, labels, titles and user names (a board name's
/// are `BoardName`'s).
public enum Validation {
    /// Labels and titles are 1 to 100 Unicode scalars by default.
    public static let defaultTextLimit = 100
    /// User names are 1 to 32 Unicode scalars.
    public static let userLimit = 32

    /// Item, section and client ids: `[A-Za-z0-9._:-]{1,64}`.
    public static func isIdentifier(_ value: String) -> Bool {
        let bytes = value.utf8
        guard !bytes.isEmpty, bytes.count <= 64 else { return false }
        return bytes.allSatisfy { isIdentifierByte($0) || $0 == UInt8(ascii: ":") }
    }

    /// Checks a label, title or user name: at least one scalar that is not a space, at most
    /// `limit`, no control characters and no bidirectional controls (which could make a label
    /// show as another). `rules` `.committed` leaves out the spaces and the bidirectional controls.
    public static func checkText(_ value: String, limit: Int, rules: TextRules = .current) -> TextError? {
        var count = 0
        var blank = true
        let current = rules == .current
        for scalar in value.unicodeScalars {
            if isControl(scalar) { return .controlCharacter }
            if current {
                if isBidiControl(scalar) { return .controlCharacter }
                if blank, !isBlank(scalar) { blank = false }
            }
            count += 1
        }
        if count == 0 || (current && blank) { return .empty }
        if count > limit { return .tooLong(limit: limit) }
        return nil
    }

    /// Whether `scalar` is of general category Cc (U+0000–U+001F, U+007F–U+009F), which no
    /// label, title or user name may hold.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value <= 0x9F)
    }

    /// The bidirectional embeddings, overrides and isolates, U+202A–U+202E and U+2066–U+2069: they
    /// reorder what follows them, so that a label could show as a different one. The marks U+200E
    /// and U+200F, which only give a direction to what is around them, stay allowed.
    public static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    /// Whether a scalar shows nothing by itself: a space of Unicode's White_Space property, or an
    /// invisible formatting character (zero-width space, joiners, direction marks, word joiner,
    /// byte order mark). A text made only of these is refused as empty.
    public static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20, 0xA0, 0x1680, 0x180E, 0x2000...0x200F, 0x2028, 0x2029, 0x202F, 0x205F, 0x2060, 0x3000, 0xFEFF:
            true
        default:
            false
        }
    }

    static func isIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }
}
