/// Swift's debug forms in text a person reads: `Optional(…)`, `(descriptor: 0)`, an enum case
/// with associated values (`clientClosed(code: 1000)`, `failed("Unable to connect")`), a
/// qualified case (`ScriptStatus.ok`), a range between digits (`0...2`, `0..<3`). Every message
/// and log line the tests provoke is checked against these.
public enum DebugForms {
    /// The patterns, with what each one catches.
    static var patterns: [(name: String, regex: Regex<Substring>)] {
        [
            ("Optional", try! Regex(#"Optional\("#)),
            ("a labelled descriptor", try! Regex(#"\(descriptor:"#)),
            ("a range between digits", try! Regex(#"\d\.\.[.<]\d"#)),
            ("an enum case with associated values", try! Regex(#"\b[a-z][A-Za-z0-9]*\((?:"|[a-z][A-Za-z0-9]*: )"#)),
            ("a qualified enum case", try! Regex(#"\b[A-Z][A-Za-z0-9]*(?:\.[A-Z][A-Za-z0-9]*)*\.[a-z][A-Za-z0-9]*\("#)),
            ("a type's name and its fields", try! Regex(#"\b[A-Z][A-Za-z0-9]*\([a-z][A-Za-z0-9]*: "#)),
        ]
    }

    /// Each line of `text` holding a debug form, with the form's kind: empty when there is none.
    public static func found(in text: String) -> [String] {
        var found: [String] = []
        let patterns = patterns
        for line in text.split(separator: "\n") {
            for (name, regex) in patterns where line.contains(regex) {
                found.append("\(name): \(line)")
            }
        }
        return found
    }
}
