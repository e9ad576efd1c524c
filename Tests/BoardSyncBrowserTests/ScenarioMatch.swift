import BoardSync

/// How a step's `expect` is compared with an answer; wasm/tests/scenario-match.mjs follows the
/// same rules:
/// - an object matches when every key it lists matches (other keys of the answer are not
///   checked); an expected `null` also matches an absent key;
/// - an array matches an array of the same length, element by element;
/// - an object or array expected where the answer holds a string matches when its compact JSON
///   is that string (how the wire messages in `send` are written);
/// - anything else must be equal.
enum ScenarioMatch {
    /// Where and how `actual` differs from `expected`, or nil when it matches.
    static func mismatch(_ expected: JSONValue, _ actual: JSONValue?, at path: String) -> String? {
        switch (expected, actual) {
        case (.null, nil), (.null, .null?):
            return nil
        case (.object(let want), .object(let have)?):
            for member in want.members {
                if let problem = mismatch(member.value, have[member.key], at: "\(path).\(member.key)") {
                    return problem
                }
            }
            return nil
        case (.array(let want), .array(let have)?):
            guard want.count == have.count else { return "\(path): \(have.count) elements, expected \(want.count)" }
            for (index, element) in want.enumerated() {
                if let problem = mismatch(element, have[index], at: "\(path)[\(index)]") { return problem }
            }
            return nil
        case (.object, .string(let text)?), (.array, .string(let text)?):
            let wanted = String(decoding: expected.encoded, as: UTF8.self)
            return wanted == text ? nil : "\(path): \(text), expected \(wanted)"
        default:
            guard let actual else { return "\(path): absent, expected \(describe(expected))" }
            return expected == actual ? nil : "\(path): \(describe(actual)), expected \(describe(expected))"
        }
    }

    private static func describe(_ value: JSONValue) -> String {
        String(decoding: value.encoded, as: UTF8.self)
    }
}
