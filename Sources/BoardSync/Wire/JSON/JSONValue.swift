/// A JSON value (RFC 8259) that keeps what the protocol needs and Foundation loses: whether a
/// number was written as an integer, and the order of an object's keys.
///
/// A number written without fraction or exponent that fits `Int64` is an `integer`; every other
/// number (`1.0`, `1e2`, `-0.5`, or an integer beyond `Int64`) is a `number` holding its exact text.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    /// A number written without fraction or exponent, within `Int64`.
    case integer(Int64)
    /// Any other number, as the exact text it was written with (always valid JSON number syntax).
    case number(String)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The name of this value's JSON type, as error messages use it.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .integer: "integer"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements.map { JSONObject.Member(key: $0.0, value: $0.1) }))
    }
}
