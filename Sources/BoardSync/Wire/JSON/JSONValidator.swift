/// Checks that UTF-8 bytes are exactly one JSON value by the rules of `JSONParser`, building
/// nothing: the same refusals (repeated keys and nesting beyond `maxDepth` included) with the
/// same error at the same offset, found in the same left-to-right order.
///
/// Wire decoding validates a message this way first and then reads its fields from the bytes
/// (`FieldReader`), so that any syntax error anywhere wins over what is wrong with a field, as
/// it would if the message were parsed into a tree first.
struct JSONValidator {
    /// Above this many members an object checks for repeated keys with a set instead of a scan.
    private static let linearKeyCheckLimit = 16

    /// A key of an object still open: its bytes in the input, or decoded in `decodedKeys` when it
    /// was written with an escape.
    private struct Key {
        var range: Range<Int>
        var isDecoded: Bool
    }

    private var cursor: JSONCursor
    private let maxDepth: Int
    /// The keys of every object from the outermost to the one being read, each object's after its
    /// parent's.
    private var keys: [Key] = []
    private var decodedKeys: [UInt8] = []

    private init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int, tolerant: Bool) {
        cursor = JSONCursor(bytes, tolerant: tolerant)
        self.maxDepth = maxDepth
    }

    /// Checks exactly one JSON value, optionally surrounded by whitespace.
    static func validate(
        _ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int = JSONValue.defaultMaxDepth, tolerant: Bool = false
    ) throws(JSONSyntaxError) {
        var validator = JSONValidator(bytes: bytes, maxDepth: maxDepth, tolerant: tolerant)
        validator.cursor.skipWhitespace()
        try validator.value(depth: 0)
        validator.cursor.skipWhitespace()
        if !validator.cursor.isAtEnd {
            throw validator.cursor.failure(.trailingData)
        }
    }

    private mutating func value(depth: Int) throws(JSONSyntaxError) {
        switch try cursor.valueStart() {
        case .object: try object(depth: depth + 1)
        case .array: try array(depth: depth + 1)
        case .string: _ = try cursor.scanString()
        case .literal: _ = try cursor.readLiteral()
        case .number: _ = try cursor.readNumber()
        }
    }

    private mutating func array(depth: Int) throws(JSONSyntaxError) {
        guard try cursor.open(depth: depth, maxDepth: maxDepth, closer: UInt8(ascii: "]")) else { return }
        repeat {
            try value(depth: depth)
        } while try cursor.continues(closer: UInt8(ascii: "]"))
    }

    private mutating func object(depth: Int) throws(JSONSyntaxError) {
        guard try cursor.open(depth: depth, maxDepth: maxDepth, closer: UInt8(ascii: "}")) else { return }
        let firstKey = keys.count
        let firstDecodedByte = decodedKeys.count
        var keySet: Set<[UInt8]> = []
        repeat {
            try cursor.expectKey()
            let keyOffset = cursor.offset
            let key: Key
            if let plain = try cursor.scanString() {
                key = Key(range: plain, isDecoded: false)
            } else {
                key = Key(range: decodedKeys.count..<(decodedKeys.count + cursor.scratch.count), isDecoded: true)
                decodedKeys.append(contentsOf: cursor.scratch)
            }
            if !cursor.tolerant {
                try refuseRepeated(key, at: keyOffset, since: firstKey, keySet: &keySet)
            }
            keys.append(key)
            try cursor.expectColon()
            try value(depth: depth)
        } while try cursor.continues(closer: UInt8(ascii: "}"))
        keys.removeSubrange(firstKey...)
        decodedKeys.removeSubrange(firstDecodedByte...)
    }

    /// Throws `.duplicateKey` when the object whose keys start at `keys[first]` already has `key`.
    private func refuseRepeated(
        _ key: Key, at keyOffset: Int, since first: Int, keySet: inout Set<[UInt8]>
    ) throws(JSONSyntaxError) {
        if keys.count - first < Self.linearKeyCheckLimit {
            for index in first..<keys.count where same(keys[index], key) {
                throw JSONSyntaxError(.duplicateKey(text(of: key)), at: keyOffset)
            }
        } else {
            if keySet.isEmpty {
                for index in first..<keys.count { keySet.insert(bytes(of: keys[index])) }
            }
            guard keySet.insert(bytes(of: key)).inserted else {
                throw JSONSyntaxError(.duplicateKey(text(of: key)), at: keyOffset)
            }
        }
    }

    private func byte(_ index: Int, of key: Key) -> UInt8 {
        key.isDecoded ? decodedKeys[key.range.lowerBound + index] : cursor.bytes[key.range.lowerBound + index]
    }

    private func same(_ a: Key, _ b: Key) -> Bool {
        guard a.range.count == b.range.count else { return false }
        for index in 0..<a.range.count where byte(index, of: a) != byte(index, of: b) {
            return false
        }
        return true
    }

    private func bytes(of key: Key) -> [UInt8] {
        key.isDecoded ? Array(decodedKeys[key.range]) : Array(cursor.bytes[key.range])
    }

    private func text(of key: Key) -> String {
        String(decoding: bytes(of: key), as: UTF8.self)
    }
}
