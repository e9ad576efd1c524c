/// Why a message could not be decoded. Every case is answered with `bad_message` on the wire;
/// `message` is the short text the server puts into `error.message`.
///
/// Field names are paths from the message's top level, such as `op.to.index` or `peers[1].user`.
public enum WireError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The bytes are not JSON (or repeat a key in an object); `offset` is where that was found.
    case notJSON(offset: Int, reason: JSONSyntaxError.Reason)
    /// Arrays and objects nest deeper than the parser allows.
    case tooDeep
    /// The JSON is valid but the message (or a part that must be an object) is not an object.
    case notAnObject
    case missingField(String)
    case wrongType(field: String, expected: String)
    /// An integer outside the protocol's range for that field (or beyond 2^53 − 1).
    case outOfRange(String)
    case unknownType(String)
    case unknownKind(String)
    case unknownAction(String)
    /// A string field whose value is not one of the protocol's words (`role`, `code`, `reason`).
    case unknownValue(field: String, value: String)
    /// A field that must be an identifier (`[A-Za-z0-9._:-]{1,64}`) or a board name is not one.
    case invalidIdentifier(String)
    /// A text field that breaks the rules of protocol section 2.
    case invalidText(field: String, TextError)
    /// Fields that contradict each other, such as a `welcome` with both `board` and `ops`.
    case conflictingFields(String)

    /// Every decoding failure is a `bad_message`.
    public var code: ErrorCode { .badMessage }

    /// A short human explanation, suitable for `error.message`.
    public var message: String {
        switch self {
        case .notJSON(let offset, let reason):
            "not JSON: \(JSONSyntaxError(reason, at: offset).description)"
        case .tooDeep: "JSON nested too deeply"
        case .notAnObject: "message is not a JSON object"
        case .missingField(let field): "missing field \"\(field)\""
        case .wrongType(let field, let expected): "field \"\(field)\" must be \(expected)"
        case .outOfRange(let field): "field \"\(field)\" is out of range"
        case .unknownType(let type): "unknown message type \"\(type)\""
        case .unknownKind(let kind): "unknown op kind \"\(kind)\""
        case .unknownAction(let action): "unknown action \"\(action)\""
        case .unknownValue(let field, let value): "unknown value \"\(value)\" for field \"\(field)\""
        case .invalidIdentifier(let field): "field \"\(field)\" is not a valid id"
        case .invalidText(let field, let error):
            switch error {
            case .empty: "field \"\(field)\" is empty"
            case .tooLong(let limit): "field \"\(field)\" is longer than \(limit) characters"
            case .controlCharacter: "field \"\(field)\" contains a control character"
            case .invalidIdentifier: "field \"\(field)\" is not a valid id"
            }
        case .conflictingFields(let explanation): explanation
        }
    }

    public var description: String { message }

    /// The same error seen from an enclosing object: field paths gain `parent` as their prefix.
    func inside(_ parent: String) -> WireError {
        func path(_ field: String) -> String { field.isEmpty ? parent : "\(parent).\(field)" }
        switch self {
        case .missingField(let field): return .missingField(path(field))
        case .wrongType(let field, let expected): return .wrongType(field: path(field), expected: expected)
        case .outOfRange(let field): return .outOfRange(path(field))
        case .unknownValue(let field, let value): return .unknownValue(field: path(field), value: value)
        case .invalidIdentifier(let field): return .invalidIdentifier(path(field))
        case .invalidText(let field, let error): return .invalidText(field: path(field), error)
        default: return self
        }
    }

    /// The error for input that failed to parse as JSON.
    init(_ syntaxError: JSONSyntaxError) {
        if syntaxError.reason == .tooDeep {
            self = .tooDeep
        } else {
            self = .notJSON(offset: syntaxError.offset, reason: syntaxError.reason)
        }
    }
}
