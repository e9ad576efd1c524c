/// A position in UTF-8 bytes of JSON and the strict RFC 8259 steps that read one token there:
/// whitespace, literals, numbers, strings, and the punctuation of objects and arrays.
///
/// The tree parser (`JSONParser`), the validator (`JSONValidator`) and the byte-level
/// `FieldReader` all read through it, so a byte means the same and fails with the same error and
/// offset whichever of them reads it. `tolerant` accepts a lone surrogate escape as U+FFFD.
struct JSONCursor {
    /// What a value's first byte says it is.
    enum ValueStart {
        case object, array, string, literal, number
    }

    /// A number as the protocol needs to tell numbers apart, with where its text is.
    struct Number {
        enum Form: Equatable {
            /// No fraction or exponent, within `Int64`.
            case integer(Int64)
            /// No fraction or exponent, beyond `Int64`.
            case wideInteger
            /// With a fraction or an exponent.
            case fractional
        }

        var form: Form
        var text: Range<Int>
    }

    /// A string's content: where it is in the bytes, or its decoded bytes when it has an escape.
    enum StringContent {
        case plain(Range<Int>)
        case decoded([UInt8])
    }

    let bytes: UnsafeBufferPointer<UInt8>
    let tolerant: Bool
    var offset: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int = 0, tolerant: Bool = false) {
        self.bytes = bytes
        self.offset = offset
        self.tolerant = tolerant
    }

    var isAtEnd: Bool { offset >= bytes.count }

    /// The byte at `offset`, or 0 (never valid JSON where a token starts) at the end.
    var current: UInt8 { offset < bytes.count ? bytes[offset] : 0 }

    func failure(_ reason: JSONSyntaxError.Reason) -> JSONSyntaxError {
        JSONSyntaxError(reason, at: offset)
    }

    /// The error for the byte at `offset`, or for the end of the input.
    func unexpected() -> JSONSyntaxError {
        offset < bytes.count ? failure(.unexpectedByte(bytes[offset])) : failure(.unexpectedEnd)
    }

    @inline(__always)
    mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x09, 0x0A, 0x0D: offset += 1
            default: return
            }
        }
    }

    /// What the value at `offset` is, by its first byte; anything else is an error.
    @inline(__always)
    func valueStart() throws(JSONSyntaxError) -> ValueStart {
        guard offset < bytes.count else { throw failure(.unexpectedEnd) }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"): return .literal
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        default: throw unexpected()
        }
    }

    /// Reads `true`, `false` or `null` at a byte `valueStart()` called a literal: nil is `null`.
    mutating func readLiteral() throws(JSONSyntaxError) -> Bool? {
        switch bytes[offset] {
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return true
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return false
        default:
            try expectLiteral("null")
            return nil
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        for byte in expected {
            guard offset < bytes.count, bytes[offset] == byte else { throw unexpected() }
            offset += 1
        }
    }

    // MARK: Objects and arrays

    /// Steps into the object or array at `offset`, which nests `depth` deep, and over the
    /// whitespace after its opening bracket. False when it is empty (and then stepped over).
    @inline(__always)
    mutating func open(depth: Int, maxDepth: Int, closer: UInt8) throws(JSONSyntaxError) -> Bool {
        guard depth <= maxDepth else { throw failure(.tooDeep) }
        offset += 1
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == closer else { return true }
        offset += 1
        return false
    }

    /// After a member or element: true when a `,` says another one follows (the whitespace
    /// after it skipped), false when `closer` ends the object or array (and is stepped over).
    @inline(__always)
    mutating func continues(closer: UInt8) throws(JSONSyntaxError) -> Bool {
        skipWhitespace()
        guard offset < bytes.count else { throw failure(.unexpectedEnd) }
        switch bytes[offset] {
        case UInt8(ascii: ","):
            offset += 1
            skipWhitespace()
            return true
        case closer:
            offset += 1
            return false
        default:
            throw unexpected()
        }
    }

    /// Checks that a member's key starts at `offset`.
    @inline(__always)
    func expectKey() throws(JSONSyntaxError) {
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { throw unexpected() }
    }

    /// Steps over the `:` after a key, with the whitespace around it.
    @inline(__always)
    mutating func expectColon() throws(JSONSyntaxError) {
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else { throw unexpected() }
        offset += 1
        skipWhitespace()
    }

    // MARK: Numbers

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// Reads the number at `offset` (which starts with `-` or a digit).
    mutating func readNumber() throws(JSONSyntaxError) -> Number {
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
            let digitsStart = offset
            while offset < bytes.count, Self.isDigit(bytes[offset]) {
                magnitude = magnitude &* 10 &+ UInt64(bytes[offset] &- UInt8(ascii: "0"))
                offset += 1
            }
            if offset - digitsStart > Self.digitsThatCannotOverflow {
                (magnitude, overflow) = Self.magnitude(of: UnsafeBufferPointer(rebasing: bytes[digitsStart..<offset]))
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
        let form: Number.Form
        if !isInteger {
            form = .fractional
        } else if overflow {
            form = .wideInteger
        } else if !negative, magnitude <= UInt64(Int64.max) {
            form = .integer(Int64(magnitude))
        } else if negative, magnitude <= UInt64(Int64.max) + 1 {
            form = .integer(magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude))
        } else {
            form = .wideInteger
        }
        return Number(form: form, text: start..<offset)
    }

    /// Up to this many decimal digits always fit `UInt64`.
    private static let digitsThatCannotOverflow = 19

    /// The value of a run of digits, and whether it overflows `UInt64`.
    private static func magnitude(of digits: UnsafeBufferPointer<UInt8>) -> (UInt64, overflow: Bool) {
        var magnitude: UInt64 = 0
        var overflow = false
        for byte in digits {
            let (times10, o1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(UInt64(byte &- UInt8(ascii: "0")))
            overflow = overflow || o1 || o2
            magnitude = sum
        }
        return (magnitude, overflow)
    }

    /// One or more digits, as a fraction or an exponent needs.
    private mutating func consumeDigits() throws(JSONSyntaxError) {
        guard offset < bytes.count, Self.isDigit(bytes[offset]) else { throw failure(.invalidNumber) }
        while offset < bytes.count, Self.isDigit(bytes[offset]) { offset += 1 }
    }
}
