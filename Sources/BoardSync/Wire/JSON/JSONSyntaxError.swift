/// Why a byte sequence is not acceptable JSON, and the byte offset where the parser found out.
public struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong at `offset`.
    public enum Reason: Hashable, Sendable {
        /// The input ended inside a value (or was empty).
        case unexpectedEnd
        /// A byte that cannot start or continue a value here.
        case unexpectedByte(UInt8)
        /// A number that breaks the grammar: leading zeros, a lone `-`, `1.`, `1e`.
        case invalidNumber
        /// A backslash escape that JSON does not define, or `\u` without four hex digits.
        case invalidEscape
        /// A `\u` escape of a UTF-16 surrogate without its partner.
        case loneSurrogate
        /// Bytes inside a string that are not UTF-8.
        case invalidUTF8
        /// A raw byte below 0x20 inside a string (it must be escaped).
        case controlCharacterInString
        /// An object that repeats a key.
        case duplicateKey(String)
        /// More arrays and objects nested inside each other than the limit allows.
        case tooDeep
        /// Bytes other than whitespace after the value.
        case trailingData
    }

    public var reason: Reason
    public var offset: Int

    public init(_ reason: Reason, at offset: Int) {
        self.reason = reason
        self.offset = offset
    }

    public var description: String {
        let what: String
        switch reason {
        case .unexpectedEnd: what = "unexpected end of input"
        case .unexpectedByte(let byte):
            if byte >= 0x21 && byte < 0x7F {
                what = "unexpected character '\(Character(Unicode.Scalar(byte)))'"
            } else {
                what = "unexpected byte 0x\(String(byte, radix: 16, uppercase: true))"
            }
        case .invalidNumber: what = "invalid number"
        case .invalidEscape: what = "invalid escape"
        case .loneSurrogate: what = "lone UTF-16 surrogate in \\u escape"
        case .invalidUTF8: what = "invalid UTF-8"
        case .controlCharacterInString: what = "unescaped control character in string"
        case .duplicateKey(let key): what = "duplicate key \"\(key)\""
        case .tooDeep: what = "nested too deeply"
        case .trailingData: what = "data after the JSON value"
        }
        return "\(what) at offset \(offset)"
    }
}
