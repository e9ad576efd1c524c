/// A strict RFC 8259 parser over UTF-8 bytes.
///
/// It refuses everything the RFC does not allow (leading zeros, `NaN`, single quotes, trailing
/// commas, unescaped control characters, invalid UTF-8, lone surrogates, trailing data) and
/// objects with a repeated key. Nesting deeper than `maxDepth` arrays and objects is refused with
/// `.tooDeep` before any recursion could exhaust the stack.
///
/// `tolerant` parsing accepts the two things RFC 8259's grammar allows but this parser refuses:
/// a lone surrogate escape becomes U+FFFD and a repeated key is kept as a second member. It
/// serves only to read what a refused message claims to be.
struct JSONParser {
    /// Above this many members an object checks for duplicate keys with a set instead of a scan.
    private static let linearKeyCheckLimit = 16

    private let bytes: UnsafeBufferPointer<UInt8>
    private let maxDepth: Int
    private let tolerant: Bool
    private var offset = 0
    private var scratch: [UInt8] = []

    private init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int, tolerant: Bool) {
        self.bytes = bytes
        self.maxDepth = maxDepth
        self.tolerant = tolerant
    }

    /// Parses exactly one JSON value, optionally surrounded by whitespace.
    static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int, tolerant: Bool = false
    ) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes, maxDepth: maxDepth, tolerant: tolerant)
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        if parser.offset != bytes.count {
            throw JSONSyntaxError(.trailingData, at: parser.offset)
        }
        return value
    }

    private func failure(_ reason: JSONSyntaxError.Reason) -> JSONSyntaxError {
        JSONSyntaxError(reason, at: offset)
    }

    /// The error for the byte at `offset`, or for the end of the input.
    private func unexpected() -> JSONSyntaxError {
        offset < bytes.count ? failure(.unexpectedByte(bytes[offset])) : failure(.unexpectedEnd)
    }

    private mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x09, 0x0A, 0x0D: offset += 1
            default: return
            }
        }
    }

    private mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard offset < bytes.count else { throw failure(.unexpectedEnd) }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try parseNumber()
        default:
            throw unexpected()
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        for byte in expected {
            guard offset < bytes.count, bytes[offset] == byte else { throw unexpected() }
            offset += 1
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth <= maxDepth else { throw failure(.tooDeep) }
        offset += 1
        skipWhitespace()
        var elements: [JSONValue] = []
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
            offset += 1
            return .array(elements)
        }
        while true {
            elements.append(try parseValue(depth: depth))
            skipWhitespace()
            guard offset < bytes.count else { throw failure(.unexpectedEnd) }
            switch bytes[offset] {
            case UInt8(ascii: ","):
                offset += 1
                skipWhitespace()
            case UInt8(ascii: "]"):
                offset += 1
                return .array(elements)
            default:
                throw unexpected()
            }
        }
    }

    private mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth <= maxDepth else { throw failure(.tooDeep) }
        offset += 1
        skipWhitespace()
        var members: [JSONObject.Member] = []
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
            offset += 1
            return .object(JSONObject(members))
        }
        var seenKeys: Set<String> = []
        while true {
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { throw unexpected() }
            let keyOffset = offset
            let key = try parseString()
            if !tolerant {
                try Self.refuseRepeated(key, at: keyOffset, in: members, seenKeys: &seenKeys)
            }
            skipWhitespace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else { throw unexpected() }
            offset += 1
            skipWhitespace()
            let value = try parseValue(depth: depth)
            members.append(JSONObject.Member(key: key, value: value))
            skipWhitespace()
            guard offset < bytes.count else { throw failure(.unexpectedEnd) }
            switch bytes[offset] {
            case UInt8(ascii: ","):
                offset += 1
                skipWhitespace()
            case UInt8(ascii: "}"):
                offset += 1
                return .object(JSONObject(members))
            default:
                throw unexpected()
            }
        }
    }

    /// Throws `.duplicateKey` when `members` already has `key`.
    private static func refuseRepeated(
        _ key: String, at keyOffset: Int, in members: [JSONObject.Member], seenKeys: inout Set<String>
    ) throws(JSONSyntaxError) {
        if members.count < linearKeyCheckLimit {
            if members.contains(where: { $0.key == key }) {
                throw JSONSyntaxError(.duplicateKey(key), at: keyOffset)
            }
        } else {
            if seenKeys.isEmpty { seenKeys = Set(members.map { $0.key }) }
            guard seenKeys.insert(key).inserted else {
                throw JSONSyntaxError(.duplicateKey(key), at: keyOffset)
            }
        }
    }

    // MARK: Numbers

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
        let start = offset
        let negative = bytes[offset] == UInt8(ascii: "-")
        if negative { offset += 1 }
        guard offset < bytes.count, Self.isDigit(bytes[offset]) else { throw failure(.invalidNumber) }
        var magnitude: UInt64 = 0
        var overflow = false
        if bytes[offset] == UInt8(ascii: "0") {
            offset += 1
            if offset < bytes.count, Self.isDigit(bytes[offset]) { throw failure(.invalidNumber) }
        } else {
            while offset < bytes.count, Self.isDigit(bytes[offset]) {
                let digit = UInt64(bytes[offset] &- UInt8(ascii: "0"))
                let (times10, o1) = magnitude.multipliedReportingOverflow(by: 10)
                let (sum, o2) = times10.addingReportingOverflow(digit)
                overflow = overflow || o1 || o2
                magnitude = sum
                offset += 1
            }
        }
        var isInteger = true
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            isInteger = false
            offset += 1
            try consumeDigits()
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
            isInteger = false
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") {
                offset += 1
            }
            try consumeDigits()
        }
        if isInteger && !overflow {
            if !negative, magnitude <= UInt64(Int64.max) {
                return .integer(Int64(magnitude))
            }
            if negative, magnitude <= UInt64(Int64.max) + 1 {
                return .integer(magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude))
            }
        }
        return .number(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self))
    }

    /// One or more digits, as a fraction or an exponent needs.
    private mutating func consumeDigits() throws(JSONSyntaxError) {
        guard offset < bytes.count, Self.isDigit(bytes[offset]) else { throw failure(.invalidNumber) }
        while offset < bytes.count, Self.isDigit(bytes[offset]) { offset += 1 }
    }

    // MARK: Strings

    /// Parses a string starting at its opening quote. Strings without escapes are copied once.
    private mutating func parseString() throws(JSONSyntaxError) -> String {
        offset += 1
        let start = offset
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
                offset += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { return try parseEscapedString(from: start) }
            if byte < 0x20 { throw failure(.controlCharacterInString) }
            if byte < 0x80 {
                offset += 1
            } else {
                try skipUTF8Sequence()
            }
        }
        throw failure(.unexpectedEnd)
    }

    /// Continues a string at its first backslash, decoding escapes into the scratch buffer.
    private mutating func parseEscapedString(from start: Int) throws(JSONSyntaxError) -> String {
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<offset]))
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                offset += 1
                return String(decoding: scratch, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                try parseEscape()
            } else if byte < 0x20 {
                throw failure(.controlCharacterInString)
            } else if byte < 0x80 {
                scratch.append(byte)
                offset += 1
            } else {
                let sequenceStart = offset
                try skipUTF8Sequence()
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[sequenceStart..<offset]))
            }
        }
        throw failure(.unexpectedEnd)
    }

    private mutating func parseEscape() throws(JSONSyntaxError) {
        let escapeStart = offset
        offset += 1
        guard offset < bytes.count else { throw failure(.unexpectedEnd) }
        let byte = bytes[offset]
        offset += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(byte)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            let unit = try parseHex4()
            var scalarValue = UInt32(unit)
            if (0xDC00...0xDFFF).contains(unit) {
                try refuseLoneSurrogate(at: escapeStart)
                return
            }
            if (0xD800...0xDBFF).contains(unit) {
                guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"),
                    bytes[offset + 1] == UInt8(ascii: "u")
                else {
                    try refuseLoneSurrogate(at: escapeStart)
                    return
                }
                let lowStart = offset
                offset += 2
                let low = try parseHex4()
                guard (0xDC00...0xDFFF).contains(low) else {
                    try refuseLoneSurrogate(at: escapeStart)
                    offset = lowStart
                    return
                }
                scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            }
            appendUTF8(scalarValue)
        default:
            throw JSONSyntaxError(.invalidEscape, at: escapeStart)
        }
    }

    /// A lone surrogate is an error, or U+FFFD when parsing tolerantly.
    private mutating func refuseLoneSurrogate(at escapeStart: Int) throws(JSONSyntaxError) {
        guard tolerant else { throw JSONSyntaxError(.loneSurrogate, at: escapeStart) }
        appendUTF8(0xFFFD)
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt16 {
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard offset < bytes.count else { throw failure(.unexpectedEnd) }
            let byte = bytes[offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure(.invalidEscape)
            }
            value = value << 4 | UInt16(digit)
            offset += 1
        }
        return value
    }

    private mutating func appendUTF8(_ scalar: UInt32) {
        switch scalar {
        case 0..<0x80:
            scratch.append(UInt8(scalar))
        case 0x80..<0x800:
            scratch.append(0xC0 | UInt8(scalar >> 6))
            scratch.append(0x80 | UInt8(scalar & 0x3F))
        case 0x800..<0x10000:
            scratch.append(0xE0 | UInt8(scalar >> 12))
            scratch.append(0x80 | UInt8((scalar >> 6) & 0x3F))
            scratch.append(0x80 | UInt8(scalar & 0x3F))
        default:
            scratch.append(0xF0 | UInt8(scalar >> 18))
            scratch.append(0x80 | UInt8((scalar >> 12) & 0x3F))
            scratch.append(0x80 | UInt8((scalar >> 6) & 0x3F))
            scratch.append(0x80 | UInt8(scalar & 0x3F))
        }
    }

    /// Steps over one multi-byte UTF-8 sequence, refusing overlong forms, surrogates and values
    /// above U+10FFFF (Unicode table 3-7).
    private mutating func skipUTF8Sequence() throws(JSONSyntaxError) {
        let lead = bytes[offset]
        let continuationCount: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: continuationCount = 1
        case 0xE0:
            continuationCount = 2
            secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: continuationCount = 2
        case 0xED:
            continuationCount = 2
            secondRange = 0x80...0x9F
        case 0xF0:
            continuationCount = 3
            secondRange = 0x90...0xBF
        case 0xF1...0xF3: continuationCount = 3
        case 0xF4:
            continuationCount = 3
            secondRange = 0x80...0x8F
        default:
            throw failure(.invalidUTF8)
        }
        guard offset + continuationCount < bytes.count else { throw failure(.invalidUTF8) }
        guard secondRange.contains(bytes[offset + 1]) else { throw failure(.invalidUTF8) }
        if continuationCount >= 2 {
            for index in (offset + 2)...(offset + continuationCount) where bytes[index] & 0xC0 != 0x80 {
                throw failure(.invalidUTF8)
            }
        }
        offset += continuationCount + 1
    }
}
