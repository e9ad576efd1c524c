/// Strict access to the fields of one JSON object, throwing a `WireError` that names the field.
///
/// Unknown fields are ignored. An optional field that is absent or `null` reads as nil; a
/// required field must be present and not `null` (except where a caller reads `null` itself).
struct FieldReader {
    /// 2^53 − 1, the largest integer the protocol allows.
    static let maxInteger: Int64 = 9_007_199_254_740_991

    let object: JSONObject

    /// Reads a whole message: anything but an object is `.notAnObject`.
    init(message value: JSONValue) throws(WireError) {
        guard case .object(let object) = value else { throw .notAnObject }
        self.object = object
    }

    /// Reads a part of a message; the caller's `inside(_:)` adds the part's name to the path.
    init(_ value: JSONValue) throws(WireError) {
        guard case .object(let object) = value else { throw .wrongType(field: "", expected: "an object") }
        self.object = object
    }

    func value(_ key: String) throws(WireError) -> JSONValue {
        guard let value = object[key] else { throw .missingField(key) }
        return value
    }

    func optionalValue(_ key: String) -> JSONValue? {
        guard let value = object[key], value != .null else { return nil }
        return value
    }

    func string(_ key: String) throws(WireError) -> String {
        try Self.string(value(key), field: key)
    }

    func optionalString(_ key: String) throws(WireError) -> String? {
        guard let value = optionalValue(key) else { return nil }
        return try Self.string(value, field: key)
    }

    func integer(_ key: String, minimum: Int64 = 0) throws(WireError) -> Int {
        try Self.integer(value(key), field: key, minimum: minimum)
    }

    func optionalInteger(_ key: String, minimum: Int64 = 0) throws(WireError) -> Int? {
        guard let value = optionalValue(key) else { return nil }
        return try Self.integer(value, field: key, minimum: minimum)
    }

    func optionalBool(_ key: String) throws(WireError) -> Bool? {
        guard let value = optionalValue(key) else { return nil }
        guard case .bool(let flag) = value else { throw .wrongType(field: key, expected: "a boolean") }
        return flag
    }

    /// A protocol word such as a role or an error code.
    func word<Word: RawRepresentable<String>>(_ key: String, as type: Word.Type) throws(WireError) -> Word {
        let text = try string(key)
        guard let word = Word(rawValue: text) else { throw .unknownValue(field: key, value: text) }
        return word
    }

    func optionalWord<Word: RawRepresentable<String>>(_ key: String, as type: Word.Type) throws(WireError) -> Word? {
        guard optionalValue(key) != nil else { return nil }
        return try word(key, as: type)
    }

    /// The message's `action` field; an unknown word is `.unknownAction`.
    func action<Action: RawRepresentable<String>>(_ type: Action.Type) throws(WireError) -> Action {
        let text = try string("action")
        guard let action = Action(rawValue: text) else { throw .unknownAction(text) }
        return action
    }

    /// Reads the object under `key` with `body`, naming `key` in any error.
    func nested<T>(_ key: String, _ body: (FieldReader) throws(WireError) -> T) throws(WireError) -> T {
        let value = try value(key)
        do {
            return try body(FieldReader(value))
        } catch {
            throw error.inside(key)
        }
    }

    func optionalNested<T>(_ key: String, _ body: (FieldReader) throws(WireError) -> T) throws(WireError) -> T? {
        guard optionalValue(key) != nil else { return nil }
        return try nested(key, body)
    }

    /// Reads every element of the array under `key` as an object, naming `key[i]` in any error.
    func objects<T>(_ key: String, _ body: (FieldReader) throws(WireError) -> T) throws(WireError) -> [T] {
        guard case .array(let elements) = try value(key) else { throw .wrongType(field: key, expected: "an array") }
        var result: [T] = []
        result.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            do {
                result.append(try body(FieldReader(element)))
            } catch {
                throw error.inside("\(key)[\(index)]")
            }
        }
        return result
    }

    static func string(_ value: JSONValue, field: String) throws(WireError) -> String {
        guard case .string(let text) = value else { throw .wrongType(field: field, expected: "a string") }
        return text
    }

    /// A protocol integer: no fraction or exponent, from `minimum` to 2^53 − 1 (and within `Int`,
    /// which on a 32-bit target such as wasm32 ends at 2^31 − 1).
    static func integer(_ value: JSONValue, field: String, minimum: Int64) throws(WireError) -> Int {
        switch value {
        case .integer(let number):
            guard number >= minimum, number <= maxInteger, let result = Int(exactly: number) else {
                throw .outOfRange(field)
            }
            return result
        case .number(let text) where !text.utf8.contains(where: { $0 == 0x2E || $0 == 0x45 || $0 == 0x65 }):
            throw .outOfRange(field)
        default:
            throw .wrongType(field: field, expected: "an integer")
        }
    }
}

extension FieldReader {
    /// Checks the `type` of a message nested in another one, such as the ops of a `welcome`.
    func expectType(_ expected: String) throws(WireError) {
        let type = try string("type")
        guard type == expected else { throw .unknownValue(field: "type", value: type) }
    }
}
