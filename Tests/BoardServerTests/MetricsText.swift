import Testing

/// Reads Prometheus text as `GET /metrics` serves it.
enum MetricsText {
    /// Sample name (with labels) to value; every line but comments must be a sample.
    static func samples(_ text: String) -> [String: Double] {
        var samples: [String: Double] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]) else {
                Issue.record("not a Prometheus sample line: \(line)")
                continue
            }
            samples[String(line[..<space])] = value
        }
        return samples
    }
}
