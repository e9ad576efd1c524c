/// A board's name, valid by construction: the `BOARD` of `/boards/BOARD` and a snapshot's `id`,
/// `[A-Za-z0-9._-]{1,64}` (protocol section 1). Text becomes a name only through `init(_:)`,
/// where it enters (a URL's path, a command line, a wire message, a store's row); everything
/// inside passes the name, never the text, so no check is repeated.
public struct BoardName: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The name's text, as it travels on the wire and stands in a path.
    public let rawValue: String

    /// The name whose text is `text`, or nil when `text` is not a board name.
    public init?(_ text: String) {
        let bytes = text.utf8
        guard !bytes.isEmpty, bytes.count <= 64, bytes.allSatisfy(Validation.isIdentifierByte) else { return nil }
        rawValue = text
    }

    /// Names order as their texts do (ASCII, so in byte order).
    public static func < (lhs: BoardName, rhs: BoardName) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { rawValue }

    /// What is wrong with `text` as a board name, as a sentence, or nil when it is one: every
    /// client and the server's pages say it in these words.
    public static func problem(_ text: String) -> String? {
        if BoardName(text) != nil { return nil }
        let bytes = text.utf8
        if bytes.isEmpty { return "A board name cannot be empty." }
        if let bad = text.unicodeScalars.first(where: { !$0.isASCII || !Validation.isIdentifierByte(UInt8($0.value)) })
        {
            let control = bad.value < 0x20 || (0x7F...0x9F).contains(bad.value)
            let shown = bad == " " ? "a space" : control ? "a control character" : "“\(bad)”"
            return "A board name may hold only the letters A to Z and a to z, digits, dots, underscores and hyphens, "
                + "not \(shown)."
        }
        return "A board name has at most 64 characters; this one has \(bytes.count)."
    }
}
