/// Why a tokens file was refused. The description is one line and never contains a secret.
public enum TokensFileError: Error, Hashable, Sendable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case invalidJSON(path: String)
    /// The top level is not an object with a `tokens` array.
    case missingTokenList(path: String)
    /// Entry `index` (from 1) is wrong.
    case badEntry(path: String, index: Int, problem: Problem)

    /// What is wrong with one entry.
    public enum Problem: Error, Hashable, Sendable, CustomStringConvertible {
        case notAnObject
        case missingField(String)
        case emptyToken
        case badTokenCharacters
        case duplicateToken
        case unknownRole(String)
        case noBoards
        case badPattern(String)
        case badUser

        public var description: String {
            switch self {
            case .notAnObject: "not an object"
            case .missingField(let name): "missing or mistyped field \"\(name)\""
            case .emptyToken: "empty token"
            case .badTokenCharacters: "token must be printable ASCII without spaces"
            case .duplicateToken: "the same token appears in an earlier entry"
            case .unknownRole(let role): "unknown role \"\(role)\" (expected viewer or editor)"
            case .noBoards: "\"boards\" lists no pattern"
            case .badUser: "\"user\" must be a name of 1 to 32 characters without control characters"
            case .badPattern(let pattern):
                "bad board pattern \"\(pattern)\" (expected a board name, or a name prefix followed by *)"
            }
        }
    }

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "tokens file \(path): cannot read it: \(reason)"
        case .invalidJSON(let path): "tokens file \(path): not valid JSON"
        case .missingTokenList(let path): "tokens file \(path): expected an object with a \"tokens\" array"
        case .badEntry(let path, let index, let problem): "tokens file \(path): entry \(index): \(problem)"
        }
    }
}
