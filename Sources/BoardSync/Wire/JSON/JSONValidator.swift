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

    /// A key of an object still open: `count` bytes at `start` in the input, or in `decodedKeys`
    /// when it was written with an escape.
    private struct Key {
        var start: Int
        var count: Int
        var isDecoded: Bool
    }

    private var cursor: JSONCursor
    private let maxDepth: Int
    /// The keys of every object from the outermost to the one being read, each object's after its
    /// parent's: the first `keyCount` entries (the storage is kept for the next object).
    private var keys: [Key] = []
    private var keyCount = 0
    private var decodedKeys: [UInt8] = []

    private init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int, tolerant: Bool) {
        cursor = JSONCursor(bytes, tolerant: tolerant)
        self.maxDepth = maxDepth
        keys.reserveCapacity(Self.linearKeyCheckLimit)
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
        let firstKey = keyCount
        let firstDecodedByte = decodedKeys.count
        var keySet: Set<[UInt8]>?
        repeat {
            try cursor.expectKey()
            let keyOffset = cursor.offset
            let key: Key
            switch try cursor.scanString() {
            case .plain(let range):
                key = Key(start: range.lowerBound, count: range.count, isDecoded: false)
            case .decoded(let content):
                key = Key(start: decodedKeys.count, count: content.count, isDecoded: true)
                decodedKeys.append(contentsOf: content)
            }
            if !cursor.tolerant {
                try refuseRepeated(key, at: keyOffset, since: firstKey, keySet: &keySet)
            }
            if keyCount < keys.count {
                keys[keyCount] = key
            } else {
                keys.append(key)
            }
            keyCount += 1
            try cursor.expectColon()
            try value(depth: depth)
        } while try cursor.continues(closer: UInt8(ascii: "}"))
        keyCount = firstKey
        if decodedKeys.count > firstDecodedByte { decodedKeys.removeLast(decodedKeys.count - firstDecodedByte) }
    }

    /// Throws `.duplicateKey` when the object whose keys start at `keys[first]` already has `key`.
    private func refuseRepeated(
        _ key: Key, at keyOffset: Int, since first: Int, keySet: inout Set<[UInt8]>?
    ) throws(JSONSyntaxError) {
        if keyCount - first < Self.linearKeyCheckLimit {
            for index in first..<keyCount where keys[index].count == key.count && same(keys[index], key) {
                throw JSONSyntaxError(.duplicateKey(text(of: key)), at: keyOffset)
            }
        } else {
            if keySet == nil {
                var set: Set<[UInt8]> = []
                for index in first..<keyCount { set.insert(bytes(of: keys[index])) }
                keySet = set
            }
            guard keySet?.insert(bytes(of: key)).inserted ?? true else {
                throw JSONSyntaxError(.duplicateKey(text(of: key)), at: keyOffset)
            }
        }
    }

    private func byte(_ index: Int, of key: Key) -> UInt8 {
        key.isDecoded ? decodedKeys[key.start + index] : cursor.bytes[key.start + index]
    }

    /// Whether two keys of the same length are the same.
    private func same(_ a: Key, _ b: Key) -> Bool {
        if !a.isDecoded && !b.isDecoded {
            let bytes = cursor.bytes
            for index in 0..<a.count where bytes[a.start + index] != bytes[b.start + index] {
                return false
            }
            return true
        }
        for index in 0..<a.count where byte(index, of: a) != byte(index, of: b) {
            return false
        }
        return true
    }

    private func bytes(of key: Key) -> [UInt8] {
        let range = key.start..<(key.start + key.count)
        return key.isDecoded ? Array(decodedKeys[range]) : Array(cursor.bytes[range])
    }

    private func text(of key: Key) -> String {
        String(decoding: bytes(of: key), as: UTF8.self)
    }
}
