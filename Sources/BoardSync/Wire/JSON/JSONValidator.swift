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
        var keyTable: KeyTable?
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
                try refuseRepeated(key, at: keyOffset, since: firstKey, keyTable: &keyTable)
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

    /// Throws `.duplicateKey` when the object whose keys start at `keys[first]` already has `key`,
    /// which is about to be stored at `keys[keyCount]`.
    private func refuseRepeated(
        _ key: Key, at keyOffset: Int, since first: Int, keyTable: inout KeyTable?
    ) throws(JSONSyntaxError) {
        if keyCount - first < Self.linearKeyCheckLimit {
            for index in first..<keyCount where keys[index].count == key.count && same(keys[index], key) {
                throw JSONSyntaxError(.duplicateKey(text(of: key)), at: keyOffset)
            }
            return
        }
        var table = keyTable ?? KeyTable()
        if keyTable == nil {
            for index in first..<keyCount { add(keys[index], as: index, to: &table) }
        }
        guard add(key, as: keyCount, to: &table) else {
            throw JSONSyntaxError(.duplicateKey(text(of: key)), at: keyOffset)
        }
        keyTable = table
    }

    /// Puts `key`, which is (or is about to be) `keys[index]`, in `table`; false when the table
    /// already holds a key with the same bytes. The table doubles when half full.
    @discardableResult
    private func add(_ key: Key, as index: Int, to table: inout KeyTable) -> Bool {
        if (table.count + 1) * 2 > table.slots.count {
            var bigger = KeyTable(slots: [Int](repeating: 0, count: max(32, table.slots.count * 2)))
            for entry in table.slots where entry != 0 { add(keys[entry - 1], as: entry - 1, to: &bigger) }
            table = bigger
        }
        let mask = table.slots.count - 1
        var slot = hash(of: key) & mask
        while table.slots[slot] != 0 {
            let other = keys[table.slots[slot] - 1]
            if other.count == key.count && same(other, key) { return false }
            slot = (slot + 1) & mask
        }
        table.slots[slot] = index + 1
        table.count += 1
        return true
    }

    /// FNV-1a of a key's bytes.
    private func hash(of key: Key) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for index in 0..<key.count { hash = (hash ^ UInt64(byte(index, of: key))) &* 0x100_0000_01b3 }
        return Int(truncatingIfNeeded: hash)
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

    /// The keys of an object with many, as indices into `keys` plus one (0 is an empty slot),
    /// placed by a hash of their bytes with linear probing.
    private struct KeyTable {
        var slots: [Int] = []
        var count = 0
    }

    private func bytes(of key: Key) -> [UInt8] {
        let range = key.start..<(key.start + key.count)
        return key.isDecoded ? Array(decodedKeys[range]) : Array(cursor.bytes[range])
    }

    private func text(of key: Key) -> String {
        String(decoding: bytes(of: key), as: UTF8.self)
    }
}
