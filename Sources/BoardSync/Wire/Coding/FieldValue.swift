/// One JSON value inside bytes that `JSONValidator` accepted, where it starts: what
/// `FieldReader` finds under a key, read as the type the field needs.
struct FieldValue {
    let bytes: UnsafeBufferPointer<UInt8>
    let offset: Int
    /// Whether the bytes were validated tolerantly (a lone surrogate escape reads as U+FFFD).
    let tolerant: Bool

    /// The value of a whole validated document, after its leading whitespace.
    static func document(_ bytes: UnsafeBufferPointer<UInt8>, tolerant: Bool = false) -> FieldValue {
        var cursor = JSONCursor(bytes, tolerant: tolerant)
        cursor.skipWhitespace()
        return FieldValue(bytes: bytes, offset: cursor.offset, tolerant: tolerant)
    }

    /// A cursor at the value.
    var cursor: JSONCursor { JSONCursor(bytes, at: offset, tolerant: tolerant) }

    /// The value's first byte, which tells its type.
    var firstByte: UInt8 { cursor.current }

    var isNull: Bool { firstByte == UInt8(ascii: "n") }

    /// The string, and where the value ends.
    func string(field: StaticString) throws(WireError) -> (String, end: Int) {
        guard firstByte == UInt8(ascii: "\"") else {
            throw .wrongType(field: fieldName(field), expected: "a string")
        }
        var cursor = cursor
        do {
            return (try cursor.readString(), cursor.offset)
        } catch {
            throw WireError(error)
        }
    }

    /// A protocol integer: no fraction or exponent, from `minimum` to 2^53 − 1 (and within `Int`,
    /// which on a 32-bit target such as wasm32 ends at 2^31 − 1).
    func integer(field: StaticString, minimum: Int64) throws(WireError) -> (Int, end: Int) {
        var cursor = cursor
        guard (try? cursor.valueStart()) == .number else {
            throw .wrongType(field: fieldName(field), expected: "an integer")
        }
        let number: JSONCursor.Number
        do {
            number = try cursor.readNumber()
        } catch {
            throw WireError(error)
        }
        switch number.form {
        case .integer(let value):
            guard value >= minimum, value <= FieldReader.maxInteger, let result = Int(exactly: value) else {
                throw .outOfRange(fieldName(field))
            }
            return (result, cursor.offset)
        case .wideInteger:
            throw .outOfRange(fieldName(field))
        case .fractional:
            throw .wrongType(field: fieldName(field), expected: "an integer")
        }
    }
}
