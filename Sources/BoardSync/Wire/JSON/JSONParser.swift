/// A strict RFC 8259 parser over UTF-8 bytes that builds a `JSONValue`.
///
/// It refuses everything the RFC does not allow (leading zeros, `NaN`, single quotes, trailing
/// commas, unescaped control characters, invalid UTF-8, lone surrogates, trailing data) and
/// objects with a repeated key. Nesting deeper than `maxDepth` arrays and objects is refused with
/// `.tooDeep` before any recursion could exhaust the stack. It reads through `JSONCursor`, as the
/// validator that the wire decoding uses does, so both refuse the same bytes with the same error.
///
/// `tolerant` parsing accepts the two things RFC 8259's grammar allows but this parser refuses:
/// a lone surrogate escape becomes U+FFFD and a repeated key is kept as a second member.
struct JSONParser {
    /// Above this many members an object checks for duplicate keys with a set instead of a scan.
    private static let linearKeyCheckLimit = 16

    private var cursor: JSONCursor
    private let maxDepth: Int

    private init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int, tolerant: Bool) {
        cursor = JSONCursor(bytes, tolerant: tolerant)
        self.maxDepth = maxDepth
    }

    /// Parses exactly one JSON value, optionally surrounded by whitespace.
    static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int, tolerant: Bool = false
    ) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes, maxDepth: maxDepth, tolerant: tolerant)
        parser.cursor.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.cursor.skipWhitespace()
        if !parser.cursor.isAtEnd {
            throw parser.cursor.failure(.trailingData)
        }
        return value
    }

    private mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        switch try cursor.valueStart() {
        case .object: return try parseObject(depth: depth + 1)
        case .array: return try parseArray(depth: depth + 1)
        case .string: return .string(try cursor.readString())
        case .literal: return try cursor.readLiteral().map(JSONValue.bool) ?? .null
        case .number:
            let number = try cursor.readNumber()
            if case .integer(let integer) = number.form { return .integer(integer) }
            return .number(String(decoding: UnsafeBufferPointer(rebasing: cursor.bytes[number.text]), as: UTF8.self))
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        var elements: [JSONValue] = []
        guard try cursor.open(depth: depth, maxDepth: maxDepth, closer: UInt8(ascii: "]")) else {
            return .array(elements)
        }
        repeat {
            elements.append(try parseValue(depth: depth))
        } while try cursor.continues(closer: UInt8(ascii: "]"))
        return .array(elements)
    }

    private mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        var members: [JSONObject.Member] = []
        guard try cursor.open(depth: depth, maxDepth: maxDepth, closer: UInt8(ascii: "}")) else {
            return .object(JSONObject(members))
        }
        var seenKeys: Set<String> = []
        repeat {
            try cursor.expectKey()
            let keyOffset = cursor.offset
            let key = try cursor.readString()
            if !cursor.tolerant {
                try Self.refuseRepeated(key, at: keyOffset, in: members, seenKeys: &seenKeys)
            }
            try cursor.expectColon()
            members.append(JSONObject.Member(key: key, value: try parseValue(depth: depth)))
        } while try cursor.continues(closer: UInt8(ascii: "}"))
        return .object(JSONObject(members))
    }

    /// Throws `.duplicateKey` when `members` already has `key`.
    private static func refuseRepeated(
        _ key: String, at keyOffset: Int, in members: [JSONObject.Member], seenKeys: inout Set<String>
    ) throws(JSONSyntaxError) {
        if members.count < linearKeyCheckLimit {
            for member in members where member.key == key {
                throw JSONSyntaxError(.duplicateKey(key), at: keyOffset)
            }
        } else {
            if seenKeys.isEmpty {
                for member in members { seenKeys.insert(member.key) }
            }
            guard seenKeys.insert(key).inserted else {
                throw JSONSyntaxError(.duplicateKey(key), at: keyOffset)
            }
        }
    }
}
