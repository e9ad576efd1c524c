import Foundation

/// A markdown file of benchmark results where each mode owns one `## Heading` section: writing a
/// section replaces only that section and keeps every other one as it was.
enum MarkdownReport {
    /// Replaces the section titled `heading` (from its `## heading` line up to the next `## ` line)
    /// with `body`, or appends it when the file has no such section; creates the file if needed.
    static func write(section heading: String, body: String, to path: String) throws {
        let existing = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        let updated = replacing(section: heading, body: body, in: existing)
        try updated.write(toFile: path, atomically: true, encoding: .utf8)
    }

    static func replacing(section heading: String, body: String, in document: String) -> String {
        let title = "## \(heading)"
        let newSection = title + "\n\n" + body.trimmingCharacters(in: .newlines) + "\n"
        var lines = document.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        guard let start = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == title }) else {
            let base = document.trimmingCharacters(in: .newlines)
            return (base.isEmpty ? "# Benchmarks\n\n" : base + "\n\n") + newSection
        }
        let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("## ") } ?? lines.count
        let before = lines[..<start].joined(separator: "\n")
        let after = lines[end...].joined(separator: "\n")
        var result = before.isEmpty ? "" : before + "\n"
        result += newSection
        if !after.isEmpty { result += "\n" + after + "\n" }
        return result
    }
}
