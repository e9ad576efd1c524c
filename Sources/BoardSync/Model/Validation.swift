/// Why an identifier or a text was refused (protocol section 2).
public enum TextError: Error, Hashable, Sendable {
    case empty
    case tooLong(limit: Int)
    case controlCharacter
    case invalidIdentifier
}

/// The rules of protocol section 2 for identifiers, board names, labels, titles and user names.
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

    /// Board names: `[A-Za-z0-9._-]{1,64}`.
    public static func isBoardName(_ value: String) -> Bool {
        let bytes = value.utf8
        guard !bytes.isEmpty, bytes.count <= 64 else { return false }
        return bytes.allSatisfy(isIdentifierByte)
    }

    /// Checks a label, title or user name: at least one scalar, at most `limit`, no control characters.
    public static func checkText(_ value: String, limit: Int) -> TextError? {
        var count = 0
        for scalar in value.unicodeScalars {
            if isControl(scalar) { return .controlCharacter }
            count += 1
        }
        if count == 0 { return .empty }
        if count > limit { return .tooLong(limit: limit) }
        return nil
    }

    /// Whether `scalar` is of general category Cc (U+0000–U+001F, U+007F–U+009F), which no
    /// label, title or user name may hold.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value <= 0x9F)
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }
}
