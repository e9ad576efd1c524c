/// The members of one JSON object, looked up by key straight from its bytes, for a host that
/// reads a small vocabulary of its own (the browser bridge's intents and session parameters)
/// with the codec's validator and field lookup instead of a tree of `JSONValue`s.
///
/// The bytes are checked once, by the rules of `JSONValue.parse` (the same refusals with the
/// same error at the same offset), so a repeated key never reaches a lookup.
public struct JSONFields: Sendable {
    /// What a member holds: scalars as `JSONValue` keeps them, an object as fields of its own,
    /// an array unread.
    public enum Value: Sendable {
        case null
        case bool(Bool)
        /// A number written without fraction or exponent, within `Int64`.
        case integer(Int64)
        /// Any other number, as the exact text it was written with.
        case number(String)
        case string(String)
        case array
        case object(JSONFields)
    }

    private let bytes: [UInt8]
    /// Where the object's opening brace is.
    private let start: Int

    private init(bytes: [UInt8], start: Int) {
        self.bytes = bytes
        self.start = start
    }

    /// Checks that `bytes` are one JSON value; the value as fields when it is an object, nil when
    /// it is anything else.
    public static func object(validating bytes: [UInt8]) throws(JSONSyntaxError) -> JSONFields? {
        let start = try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in
            try JSONValidator.validate(buffer)
            return FieldValue.document(buffer).offset
        }
        guard bytes[start] == UInt8(ascii: "{") else { return nil }
        return JSONFields(bytes: bytes, start: start)
    }

    /// The object's own text, from its opening brace to its closing one, for a decoder of its own.
    public var text: [UInt8] {
        bytes.withUnsafeBufferPointer { buffer in
            var cursor = JSONCursor(buffer, at: start, tolerant: false)
            cursor.skipValidatedValue()
            return Array(buffer[start..<cursor.offset])
        }
    }

    /// The value of the member named `key`, nil when there is none.
    public func value(_ key: StaticString) -> Value? {
        bytes.withUnsafeBufferPointer { buffer in
            guard var reader = try? FieldReader(FieldValue(bytes: buffer, offset: start, tolerant: false)),
                let found = reader.lookUp(key)
            else { return nil }
            return try? value(at: found)
        }
    }

    /// The strings of the array under `key`; nil when there is no such member or it is not an
    /// array of strings.
    public func strings(_ key: StaticString) -> [String]? {
        bytes.withUnsafeBufferPointer { buffer in
            guard var reader = try? FieldReader(FieldValue(bytes: buffer, offset: start, tolerant: false)) else {
                return nil
            }
            return try? reader.strings(key)
        }
    }

    /// Reads a value of validated bytes, which cannot fail.
    private func value(at found: FieldValue) throws(JSONSyntaxError) -> Value {
        var cursor = found.cursor
        switch try cursor.valueStart() {
        case .object: return .object(JSONFields(bytes: bytes, start: found.offset))
        case .array: return .array
        case .string: return .string(try cursor.readString())
        case .literal: return try cursor.readLiteral().map(Value.bool) ?? .null
        case .number:
            let number = try cursor.readNumber()
            if case .integer(let integer) = number.form { return .integer(integer) }
            return .number(String(decoding: UnsafeBufferPointer(rebasing: cursor.bytes[number.text]), as: UTF8.self))
        }
    }
}
