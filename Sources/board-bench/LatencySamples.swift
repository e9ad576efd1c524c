/// Latency samples in microseconds with the percentiles the reports print.
struct LatencySamples: Sendable {
    private(set) var values: [Int64] = []

    var count: Int { values.count }

    mutating func add(_ micros: Int64) { values.append(max(0, micros)) }

    /// Adds every sample of `other` (samples of another client context).
    mutating func append(contentsOf other: LatencySamples) { values.append(contentsOf: other.values) }

    mutating func removeAll() { values.removeAll(keepingCapacity: true) }

    /// Percentiles in milliseconds (p50, p99, p999, max); zeros when there are no samples.
    func summary() -> LatencySummary {
        guard !values.isEmpty else { return LatencySummary(p50: 0, p99: 0, p999: 0, max: 0, count: 0) }
        let sorted = values.sorted()
        func at(_ fraction: Double) -> Double {
            let index = min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)
            return Double(sorted[max(0, index)]) / 1_000
        }
        return LatencySummary(
            p50: at(0.5), p99: at(0.99), p999: at(0.999), max: Double(sorted.last!) / 1_000, count: sorted.count)
    }
}

/// Latency percentiles in milliseconds.
struct LatencySummary: Sendable {
    let p50: Double
    let p99: Double
    let p999: Double
    let max: Double
    let count: Int
}
