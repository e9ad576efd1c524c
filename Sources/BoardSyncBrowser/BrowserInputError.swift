import BoardSync

/// Why the bridge refused a piece of input from the host page: text that is not the expected
/// JSON, an intent it does not know, a field missing or of the wrong type, a server message the
/// core's codec refused. The session is left exactly as it was.
public enum BrowserInputError: Error, Hashable, Sendable, CustomStringConvertible {
    case notJSON(JSONSyntaxError)
    case notAnObject
    case missingField(String)
    case wrongType(field: String, expected: String)
    case unknownIntent(String)
    /// A session parameter that breaks the protocol's rules (an invalid client id, user or board).
    case invalidParameter(field: String, reason: String)
    /// No open session has this handle.
    case unknownSession(Int)
    /// The server message could not be decoded (it is ignored, as the terminal client does).
    case badServerMessage(WireError)

    /// A short explanation for the page's console.
    public var message: String {
        switch self {
        case .notJSON(let error): "not JSON: \(error.description)"
        case .notAnObject: "input is not a JSON object"
        case .missingField(let field): "missing field \"\(field)\""
        case .wrongType(let field, let expected): "field \"\(field)\" must be \(expected)"
        case .unknownIntent(let type): "unknown intent \"\(type)\""
        case .invalidParameter(let field, let reason): "field \"\(field)\" \(reason)"
        case .unknownSession(let handle): "no open session \(handle)"
        case .badServerMessage(let error): "server message refused: \(error.message)"
        }
    }

    public var description: String { message }
}
