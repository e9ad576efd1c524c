/// A Prometheus histogram: cumulative counts per upper bound, a sum and a count.
public struct Histogram: Sendable {
    public let bounds: [Double]
    public private(set) var counts: [UInt64]
    public private(set) var sum = 0.0
    public private(set) var count: UInt64 = 0

    public init(bounds: [Double]) {
        self.bounds = bounds.sorted()
        self.counts = Array(repeating: 0, count: bounds.count)
    }

    public mutating func observe(_ value: Double) {
        sum += value
        count += 1
        if let bucket = bounds.firstIndex(where: { value <= $0 }) { counts[bucket] += 1 }
    }

    /// The lines of this histogram in the text exposition format.
    func render(name: String, help: String) -> String {
        var text = "# HELP \(name) \(help)\n# TYPE \(name) histogram\n"
        var cumulative: UInt64 = 0
        for (bound, bucketCount) in zip(bounds, counts) {
            cumulative += bucketCount
            text += "\(name)_bucket{le=\"\(Metrics.format(bound))\"} \(cumulative)\n"
        }
        text += "\(name)_bucket{le=\"+Inf\"} \(count)\n"
        text += "\(name)_sum \(Metrics.format(sum))\n\(name)_count \(count)\n"
        return text
    }
}
