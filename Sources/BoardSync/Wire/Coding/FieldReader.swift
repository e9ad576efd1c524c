/// Strict access to the fields of one JSON object, read straight from bytes that `JSONValidator`
/// accepted, throwing a `WireError` that names the field.
///
/// Unknown fields are ignored. An optional field that is absent or `null` reads as nil; a
/// required field must be present and not `null` (except where a caller reads `null` itself).
/// Each lookup starts after the member found last and wraps around, so fields read in the order
/// they were written are found without stepping over any member twice; the keys of the first
/// members passed are remembered, so that looking behind (for a field that is absent, or out of
/// order) needs no second step over their values.
struct FieldReader: FieldReading {
    /// 2^53 − 1, the largest integer the protocol allows.
    static let maxInteger: Int64 = 9_007_199_254_740_991

    private let bytes: UnsafeBufferPointer<UInt8>
    private let tolerant: Bool
    /// The first member's key, or the closing brace of an empty object.
    private let firstMember: Int
    /// Where the next lookup starts: the member after the one found last, or the closing brace.
    /// Stepping over the value found last waits for that lookup (`foundValue`), so that the last
    /// field read is never stepped over.
    private var nextMember: Int
    private var foundValue: Int?
    /// The key of the member found last, whose value is at `foundValue`.
    private var foundKey: StaticString?
    /// How many members come before `nextMember`, and before the member found last.
    private var nextOrdinal = 0
    private var foundOrdinal = 0
    /// Where the keys of the first `rememberedCount` members start.
    private var rememberedKeys = InlineArray<8, Int>(repeating: 0)
    private var rememberedCount = 0

    /// Reads a whole message: anything but an object is `.notAnObject`.
    init(message value: FieldValue) throws(WireError) {
        guard value.firstByte == UInt8(ascii: "{") else { throw .notAnObject }
        self.init(object: value)
    }

    /// Reads a part of a message; the caller's `inside(_:)` adds the part's name to the path.
    init(_ value: FieldValue) throws(WireError) {
        guard value.firstByte == UInt8(ascii: "{") else { throw .wrongType(field: "", expected: "an object") }
        self.init(object: value)
    }

    private init(object value: FieldValue) {
        bytes = value.bytes
        tolerant = value.tolerant
        var cursor = value.cursor
        cursor.offset += 1
        cursor.skipWhitespace()
        firstMember = cursor.offset
        nextMember = cursor.offset
        foundValue = nil
        foundKey = nil
    }

    mutating func lookUp(_ key: StaticString) -> FieldValue? {
        find(key)
    }

    var readsInWrittenOrder: Bool { false }

    /// Lookups step over values by themselves: nothing to note.
    func didRead(upTo end: Int) {}

    /// Reads the object under `key` with `body`, naming `key` in any error.
    mutating func nested<T>(
        _ key: StaticString, _ body: (inout FieldReader) throws(WireError) -> T
    ) throws(WireError) -> T {
        let value = try value(key)
        do {
            var reader = try FieldReader(value)
            return try body(&reader)
        } catch {
            throw error.inside(fieldName(key))
        }
    }

    /// Reads every element of the array under `key` as an object, naming `key[i]` in any error.
    mutating func objects<T>(
        _ key: StaticString, _ body: (inout FieldReader) throws(WireError) -> T
    ) throws(WireError) -> [T] {
        var result: [T] = []
        try eachObject(key) { (reader: inout FieldReader) throws(WireError) in result.append(try body(&reader)) }
        return result
    }

    /// Hands `body` a reader of each element of the array under `key`, naming `key[i]` in any
    /// error. Not generic, so that the WebAssembly module carries the walk once, not once for
    /// each type of element.
    private mutating func eachObject(
        _ key: StaticString, _ body: (inout FieldReader) throws(WireError) -> Void
    ) throws(WireError) {
        let array = try value(key)
        guard array.firstByte == UInt8(ascii: "[") else {
            throw .wrongType(field: fieldName(key), expected: "an array")
        }
        var cursor = array.cursor
        cursor.offset += 1
        cursor.skipWhitespace()
        guard cursor.current != UInt8(ascii: "]") else { return }
        var index = 0
        while true {
            let element = FieldValue(bytes: bytes, offset: cursor.offset, tolerant: tolerant)
            do {
                var reader = try FieldReader(element)
                try body(&reader)
            } catch {
                throw error.inside("\(fieldName(key))[\(index)]")
            }
            index += 1
            cursor.skipValidatedValue()
            cursor.skipWhitespace()
            guard cursor.current == UInt8(ascii: ",") else { return }
            cursor.offset += 1
            cursor.skipWhitespace()
        }
    }

    // MARK: Lookup

    /// The value of the first member named `key`: the one found last again, or else the first one
    /// looking from `nextMember` to the end and then from the start.
    private mutating func find(_ key: StaticString) -> FieldValue? {
        if let foundValue, let foundKey, Self.same(foundKey, key) {
            return FieldValue(bytes: bytes, offset: foundValue, tolerant: tolerant)
        }
        if let foundValue {
            nextMember = memberAfter(value: foundValue)
            nextOrdinal = foundOrdinal + 1
            self.foundValue = nil
        }
        var cursor = JSONCursor(bytes, at: nextMember, tolerant: tolerant)
        var ordinal = nextOrdinal
        while cursor.current == UInt8(ascii: "\"") {
            if ordinal == rememberedCount && ordinal < rememberedKeys.count {
                rememberedKeys[ordinal] = cursor.offset
                rememberedCount += 1
            }
            if let value = value(ofMemberAt: &cursor, ifNamed: key) { return found(key, at: value, ordinal: ordinal) }
            cursor.offset = memberAfter(value: cursor.offset)
            ordinal += 1
        }
        if nextOrdinal <= rememberedCount {
            for ordinal in 0..<nextOrdinal {
                var cursor = JSONCursor(bytes, at: rememberedKeys[ordinal], tolerant: tolerant)
                if let value = value(ofMemberAt: &cursor, ifNamed: key) {
                    return found(key, at: value, ordinal: ordinal)
                }
            }
            return nil
        }
        cursor.offset = firstMember
        ordinal = 0
        while ordinal < nextOrdinal {
            if let value = value(ofMemberAt: &cursor, ifNamed: key) { return found(key, at: value, ordinal: ordinal) }
            cursor.offset = memberAfter(value: cursor.offset)
            ordinal += 1
        }
        return nil
    }

    /// Steps over the key of the member at the cursor and its colon; the value's offset when the
    /// key is `key`.
    private func value(ofMemberAt cursor: inout JSONCursor, ifNamed key: StaticString) -> Int? {
        let matches = keyMatches(&cursor, key)
        cursor.skipWhitespace()
        cursor.offset += 1
        cursor.skipWhitespace()
        return matches ? cursor.offset : nil
    }

    private mutating func found(_ key: StaticString, at value: Int, ordinal: Int) -> FieldValue {
        foundKey = key
        foundValue = value
        foundOrdinal = ordinal
        return FieldValue(bytes: bytes, offset: value, tolerant: tolerant)
    }

    /// Where the member after the one whose value starts at `value` starts, or the closing brace.
    private func memberAfter(value: Int) -> Int {
        var cursor = JSONCursor(bytes, at: value, tolerant: tolerant)
        cursor.skipValidatedValue()
        cursor.skipWhitespace()
        if cursor.current == UInt8(ascii: ",") {
            cursor.offset += 1
            cursor.skipWhitespace()
        }
        return cursor.offset
    }

    /// How many members are named `key`: more than one only in tolerantly validated bytes.
    func count(of key: StaticString) -> Int {
        var count = 0
        var cursor = JSONCursor(bytes, at: firstMember, tolerant: tolerant)
        while cursor.current == UInt8(ascii: "\"") {
            if keyMatches(&cursor, key) { count += 1 }
            cursor.skipWhitespace()
            cursor.offset += 1
            cursor.skipWhitespace()
            cursor.offset = memberAfter(value: cursor.offset)
        }
        return count
    }

    /// Steps over the key at the cursor and tells whether it is `key`.
    private func keyMatches(_ cursor: inout JSONCursor, _ key: StaticString) -> Bool {
        let start = cursor.offset
        if key.hasPointerRepresentation, Self.isPlain(key, at: start + 1, in: bytes) {
            cursor.offset = start + key.utf8CodeUnitCount + 2
            return true
        }
        let escaped = cursor.skipValidatedString()
        let content = UnsafeBufferPointer(rebasing: bytes[(start + 1)..<(cursor.offset - 1)])
        if !escaped && key.hasPointerRepresentation {
            return ExactText.sameBytes(content, UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
        }
        return key.withUTF8Buffer { name in
            if !escaped { return ExactText.sameBytes(content, name) }
            var decoder = JSONCursor(bytes, at: start, tolerant: tolerant)
            guard case .decoded(let decoded)? = try? decoder.scanString() else { return false }
            return decoded.withUnsafeBufferPointer { ExactText.sameBytes($0, name) }
        }
    }

    /// Whether `key`'s bytes followed by a closing quote are at `offset`: a key written without
    /// escapes that is `key` (which holds neither a quote nor a backslash).
    private static func isPlain(_ key: StaticString, at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = key.utf8CodeUnitCount
        guard offset + count < bytes.count, bytes[offset + count] == UInt8(ascii: "\"") else { return false }
        let name = key.utf8Start
        for index in 0..<count where bytes[offset + index] != name[index] {
            return false
        }
        return true
    }

    private static func same(_ a: StaticString, _ b: StaticString) -> Bool {
        if a.hasPointerRepresentation && b.hasPointerRepresentation {
            return a.utf8Start == b.utf8Start && a.utf8CodeUnitCount == b.utf8CodeUnitCount
                || ExactText.sameBytes(
                    UnsafeBufferPointer(start: a.utf8Start, count: a.utf8CodeUnitCount),
                    UnsafeBufferPointer(start: b.utf8Start, count: b.utf8CodeUnitCount))
        }
        return a.withUTF8Buffer { first in b.withUTF8Buffer { ExactText.sameBytes(first, $0) } }
    }
}
