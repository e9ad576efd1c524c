/// What the decoders of protocol types read a JSON object through: `FieldReader` over bytes
/// the validator accepted, or `StreamingFieldReader`, which reads a message in the order it
/// was written while checking it, and gives up on anything else.
///
/// Unknown fields are ignored. An optional field that is absent or `null` reads as nil; a
/// required field must be present and not `null` (except where a caller reads `null` itself).
/// Errors name the field.
protocol FieldReading: SendableMetatype {
    /// The value of the member named `key`, nil when there is none.
    mutating func lookUp(_ key: StaticString) throws(WireError) -> FieldValue?

    /// Reads the object under `key` with `body`, naming `key` in any error.
    mutating func nested<T>(_ key: StaticString, _ body: (inout Self) throws(WireError) -> T) throws(WireError) -> T

    /// Whether fields must be read in the order they were written (`StreamingFieldReader`): a
    /// decoder that would look ahead first reads in that order instead, the same fields.
    var readsInWrittenOrder: Bool { get }

    /// Tells that the value found last has been read, up to `end`.
    mutating func didRead(upTo end: Int)

    /// Reads every element of the array under `key` as an object, naming `key[i]` in any error.
    mutating func objects<T>(
        _ key: StaticString, _ body: (inout Self) throws(WireError) -> T
    ) throws(WireError) -> [T]
}

/// A field name as error messages give it.
func fieldName(_ key: StaticString) -> String {
    key.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
}

extension FieldReading {
    /// A value read from the value found last, noting where it ended.
    private mutating func read<Value>(_ outcome: (Value, end: Int)) -> Value {
        didRead(upTo: outcome.end)
        return outcome.0
    }

    mutating func value(_ key: StaticString) throws(WireError) -> FieldValue {
        guard let value = try lookUp(key) else { throw .missingField(fieldName(key)) }
        return value
    }

    mutating func optionalValue(_ key: StaticString) throws(WireError) -> FieldValue? {
        guard let value = try lookUp(key), !value.isNull else { return nil }
        return value
    }

    mutating func string(_ key: StaticString) throws(WireError) -> String {
        try read(value(key).string(field: key))
    }

    mutating func optionalString(_ key: StaticString) throws(WireError) -> String? {
        guard let value = try optionalValue(key) else { return nil }
        return try read(value.string(field: key))
    }

    mutating func integer(_ key: StaticString, minimum: Int64 = 0) throws(WireError) -> Int {
        try read(value(key).integer(field: key, minimum: minimum))
    }

    mutating func optionalInteger(_ key: StaticString, minimum: Int64 = 0) throws(WireError) -> Int? {
        guard let value = try optionalValue(key) else { return nil }
        return try read(value.integer(field: key, minimum: minimum))
    }

    mutating func optionalBool(_ key: StaticString) throws(WireError) -> Bool? {
        guard let value = try optionalValue(key) else { return nil }
        switch value.firstByte {
        case UInt8(ascii: "t"): return true
        case UInt8(ascii: "f"): return false
        default: throw .wrongType(field: fieldName(key), expected: "a boolean")
        }
    }

    /// The strings of the array under `key` (the streaming reader's bytes are unchecked until
    /// read, so anything but a string or the array's punctuation is `bad_message`).
    mutating func strings(_ key: StaticString) throws(WireError) -> [String] {
        let array = try value(key)
        let expected = "an array of strings"
        guard array.firstByte == UInt8(ascii: "[") else { throw .wrongType(field: fieldName(key), expected: expected) }
        var cursor = array.cursor
        cursor.offset += 1
        cursor.skipWhitespace()
        var result: [String] = []
        while cursor.current != UInt8(ascii: "]") {
            let element = FieldValue(bytes: array.bytes, offset: cursor.offset, tolerant: array.tolerant)
            let (text, end) = try element.string(field: key)
            result.append(text)
            cursor.offset = end
            cursor.skipWhitespace()
            if cursor.current == UInt8(ascii: ",") {
                cursor.offset += 1
                cursor.skipWhitespace()
            } else if cursor.current != UInt8(ascii: "]") {
                throw .wrongType(field: fieldName(key), expected: expected)
            }
        }
        didRead(upTo: cursor.offset + 1)
        return result
    }

    /// A board name; text that is not one is `.invalidIdentifier`.
    mutating func boardName(_ key: StaticString) throws(WireError) -> BoardName {
        guard let name = BoardName(try string(key)) else { throw .invalidIdentifier(fieldName(key)) }
        return name
    }

    /// A protocol word such as a role or an error code.
    mutating func word<Word: RawRepresentable<String>>(
        _ key: StaticString, as type: Word.Type
    ) throws(WireError) -> Word {
        let text = try string(key)
        guard let word = Word(rawValue: text) else { throw .unknownValue(field: fieldName(key), value: text) }
        return word
    }

    mutating func optionalWord<Word: RawRepresentable<String>>(
        _ key: StaticString, as type: Word.Type
    ) throws(WireError) -> Word? {
        guard try optionalValue(key) != nil else { return nil }
        return try word(key, as: type)
    }

    /// The message's `action` field; an unknown word is `.unknownAction`.
    mutating func action<Action: RawRepresentable<String>>(_ type: Action.Type) throws(WireError) -> Action {
        let text = try string("action")
        guard let action = Action(rawValue: text) else { throw .unknownAction(text) }
        return action
    }

    mutating func optionalNested<T>(
        _ key: StaticString, _ body: (inout Self) throws(WireError) -> T
    ) throws(WireError) -> T? {
        guard try optionalValue(key) != nil else { return nil }
        return try nested(key, body)
    }

    /// Checks the `type` of a message nested in another one, such as the ops of a `welcome`.
    mutating func expectType(_ expected: String) throws(WireError) {
        let type = try string("type")
        guard type == expected else { throw .unknownValue(field: "type", value: type) }
    }
}
