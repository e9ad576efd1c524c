/// Prometheus text as `GET /metrics` serves it, read into samples.
public struct MetricsText {
    /// Sample name (with labels) to value.
    public private(set) var samples: [String: Double] = [:]
    /// The lines that are neither comments nor samples (a page should have none).
    public private(set) var unreadable: [String] = []

    public init(_ text: String) {
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]) else {
                unreadable.append(String(line))
                continue
            }
            samples[String(line[..<space])] = value
        }
    }
}
