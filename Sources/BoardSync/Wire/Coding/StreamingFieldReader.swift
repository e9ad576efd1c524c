/// Reads a message in one pass over bytes nobody has checked yet, as fast as its fields can be
/// read: each lookup must name the next member as it was written (the order the encoder writes),
/// and every byte is checked strictly on the way. It gives up (throws) at anything else: another
/// order, an unknown or repeated member, an escaped key, any syntax or field error. The decoders
/// then read the message again with the validator and `FieldReader`, which report exactly what is
/// wrong; so whatever this reader decodes is what they would decode.
struct StreamingFieldReader: FieldReading {
    var readsInWrittenOrder: Bool { true }

    private let bytes: UnsafeBufferPointer<UInt8>
    /// How deep this object nests (the message itself is 1).
    private let depth: Int
    /// Where the next member's key (or the closing brace) is, when no member is held.
    private var position: Int
    /// The member read last: its key's content and its value's start.
    private var key: Range<Int>?
    private var value = 0
    /// Whether a lookup has taken the member read last.
    private var taken = false
    /// Where that member's value ends, when a nested reader has read it to its end.
    private var valueEnd: Int?
    /// Where the object ends, once its closing brace has been read.
    private var end: Int?
    /// A bit for each name looked up (names can share one: a shared bit only makes this reader
    /// give up where it need not).
    private var asked: UInt64 = 0

    /// A reader of the object whose opening brace is at `offset`.
    init(bytes: UnsafeBufferPointer<UInt8>, objectAt offset: Int, depth: Int) throws(WireError) {
        guard depth <= JSONValue.defaultMaxDepth, offset < bytes.count, bytes[offset] == UInt8(ascii: "{") else {
            throw .notAnObject
        }
        self.bytes = bytes
        self.depth = depth
        var cursor = JSONCursor(bytes, at: offset + 1)
        cursor.skipWhitespace()
        position = cursor.offset
    }

    /// Decodes the message in `bytes` with `body`, or nil when this reader gives up.
    static func decode<Value>(
        _ bytes: UnsafeBufferPointer<UInt8>, _ body: (inout StreamingFieldReader) throws(WireError) -> Value
    ) -> Value? {
        var cursor = JSONCursor(bytes)
        cursor.skipWhitespace()
        do {
            var reader = try StreamingFieldReader(bytes: bytes, objectAt: cursor.offset, depth: 1)
            let value = try body(&reader)
            cursor.offset = try reader.finish()
            cursor.skipWhitespace()
            return cursor.isAtEnd ? value : nil
        } catch {
            return nil
        }
    }

    mutating func lookUp(_ name: StaticString) throws(WireError) -> FieldValue? {
        let askedBefore = asked & Self.bit(of: name) != 0
        asked |= Self.bit(of: name)
        if let key, Self.isNamed(key, name, in: bytes) {
            // A member not taken yet that has the name of one asked for before may repeat a key.
            guard taken || !askedBefore else { throw .notAnObject }
            taken = true
            return FieldValue(bytes: bytes, offset: value, tolerant: false)
        }
        if key != nil && !taken { return nil }
        try stepOverHeldMember()
        guard end == nil else { return nil }
        var cursor = JSONCursor(bytes, at: position)
        let content: JSONCursor.StringContent
        do {
            try cursor.expectKey()
            content = try cursor.scanString()
            try cursor.expectColon()
        } catch {
            throw WireError(error)
        }
        guard case .plain(let range) = content else { throw .notAnObject }
        key = range
        value = cursor.offset
        valueEnd = nil
        taken = Self.isNamed(range, name, in: bytes)
        return taken ? FieldValue(bytes: bytes, offset: value, tolerant: false) : nil
    }

    mutating func didRead(upTo end: Int) {
        valueEnd = end
    }

    mutating func nested<T>(
        _ key: StaticString, _ body: (inout StreamingFieldReader) throws(WireError) -> T
    ) throws(WireError) -> T {
        guard let object = try lookUp(key) else { throw .missingField(fieldName(key)) }
        var reader = try StreamingFieldReader(bytes: bytes, objectAt: object.offset, depth: depth + 1)
        let result = try body(&reader)
        valueEnd = try reader.finish()
        return result
    }

    mutating func objects<T>(
        _ key: StaticString, _ body: (inout StreamingFieldReader) throws(WireError) -> T
    ) throws(WireError) -> [T] {
        guard let array = try lookUp(key), array.firstByte == UInt8(ascii: "["), depth + 1 <= JSONValue.defaultMaxDepth
        else { throw .missingField(fieldName(key)) }
        var result: [T] = []
        var cursor = JSONCursor(bytes, at: array.offset + 1)
        cursor.skipWhitespace()
        if cursor.current == UInt8(ascii: "]") {
            cursor.offset += 1
        } else {
            repeat {
                var reader = try StreamingFieldReader(bytes: bytes, objectAt: cursor.offset, depth: depth + 2)
                result.append(try body(&reader))
                cursor.offset = try reader.finish()
            } while try Self.continues(&cursor, closer: UInt8(ascii: "]"))
        }
        valueEnd = cursor.offset
        return result
    }

    /// Checks that every member was taken and the object ends here; returns where it ends.
    mutating func finish() throws(WireError) -> Int {
        if key != nil && !taken { throw .notAnObject }
        try stepOverHeldMember()
        guard let end else { throw .notAnObject }
        return end
    }

    /// Steps over the value of the member held (checking it, unless it was read to its end) and
    /// the comma or closing brace after it.
    private mutating func stepOverHeldMember() throws(WireError) {
        guard end == nil else { return }
        var cursor = JSONCursor(bytes, at: position)
        if key != nil {
            if let valueEnd {
                cursor.offset = valueEnd
            } else {
                guard let valueEnd = try Self.endOfValue(at: value, in: bytes) else { throw .notAnObject }
                cursor.offset = valueEnd
            }
            key = nil
            if try Self.continues(&cursor, closer: UInt8(ascii: "}")) {
                position = cursor.offset
            } else {
                end = cursor.offset
            }
        } else if cursor.current == UInt8(ascii: "}") {
            end = cursor.offset + 1
        }
    }

    /// Checks the scalar at `offset` and returns where it ends; nil for an object or array, which
    /// the caller gives up on: the decoders read every one they look up, except where they only
    /// ask whether it is there and then look for another field (an order this reader cannot follow).
    private static func endOfValue(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) throws(WireError) -> Int? {
        var cursor = JSONCursor(bytes, at: offset)
        do throws(JSONSyntaxError) {
            switch try cursor.valueStart() {
            case .string: _ = try cursor.scanString()
            case .number: _ = try cursor.readNumber()
            case .literal: _ = try cursor.readLiteral()
            case .object, .array: return nil
            }
        } catch {
            throw WireError(error)
        }
        return cursor.offset
    }

    private static func continues(_ cursor: inout JSONCursor, closer: UInt8) throws(WireError) -> Bool {
        do {
            return try cursor.continues(closer: closer)
        } catch {
            throw WireError(error)
        }
    }

    private static func bit(of name: StaticString) -> UInt64 {
        let count = name.utf8CodeUnitCount
        guard name.hasPointerRepresentation, count > 0 else { return 1 }
        let hash = count &* 31 &+ Int(name.utf8Start[0]) &* 7 &+ Int(name.utf8Start[count - 1])
        return 1 << UInt64(hash & 63)
    }

    private static func isNamed(_ key: Range<Int>, _ name: StaticString, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if name.hasPointerRepresentation {
            let count = name.utf8CodeUnitCount
            guard key.count == count else { return false }
            let start = name.utf8Start
            for index in 0..<count where bytes[key.lowerBound &+ index] != start[index] {
                return false
            }
            return true
        }
        return name.withUTF8Buffer { name in
            guard key.count == name.count else { return false }
            for index in 0..<name.count where bytes[key.lowerBound + index] != name[index] {
                return false
            }
            return true
        }
    }
}
