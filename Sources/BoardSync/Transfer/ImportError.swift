/// Why a file could not be imported at all: the import then sends nothing.
public enum ImportError: Error, Hashable, Sendable {
    /// The file is empty.
    case empty
    /// The bytes are not UTF-8 text.
    case notUTF8
    /// A JSON file that does not parse, with the parser's words.
    case badJSON(String)
    /// A JSON object that is neither Trello's export nor the server's.
    case unknownJSON
    /// A file in the asked format whose shape is wrong: what is missing or mistyped.
    case badShape(String)
    /// A CSV file that breaks RFC 4180 at `line`.
    case badCSV(line: Int, problem: String)

    /// The error as a sentence fragment for "cannot import FILE: ...".
    public var words: String {
        switch self {
        case .empty: "the file is empty"
        case .notUTF8: "the file is not UTF-8 text"
        case .badJSON(let reason): "the file is not valid JSON (\(reason))"
        case .unknownJSON: "the JSON is neither a Trello export nor a board-sync export"
        case .badShape(let problem): problem
        case .badCSV(let line, let problem): "line \(line) of the CSV: \(problem)"
        }
    }
}
