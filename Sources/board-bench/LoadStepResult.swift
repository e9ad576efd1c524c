import Foundation

/// The figures of one measured step of a load scenario against one target.
struct LoadStepResult: Sendable {
    let scenario: String
    let step: String
    let target: LoadTarget
    let sample: LoadStepSample
    /// The latency the step is about (delivery to receivers, or submit to ack).
    let latency: LatencySummary
    let serverCPUSeconds: Double
    let serverRSSKiB: Int
    /// CPU of the whole load generator process in percent of one core; above 100 when its
    /// several client-context threads work at once (`gen%` in the table).
    let generatorCPUPercent: Double
    /// Scenario-specific figures, in print order.
    var extras: [(name: String, value: Double)] = []
    /// Where the target spent its CPU in the step's window, when it was sampled.
    var profile: CPUProfile?

    var deliveredPerSecond: Double { Double(sample.counters.delivered) / max(sample.seconds, 1e-9) }
    var ackedPerSecond: Double { Double(sample.counters.acks) / max(sample.seconds, 1e-9) }
    var deliveredPerServerCPUSecond: Double {
        serverCPUSeconds > 0 ? Double(sample.counters.delivered) / serverCPUSeconds : 0
    }

    /// Server CPU milliseconds per 1,000 delivered messages.
    var serverCPUMillisecondsPerThousand: Double {
        sample.counters.delivered > 0 ? serverCPUSeconds * 1e6 / Double(sample.counters.delivered) : 0
    }

    func extra(_ name: String) -> Double? { extras.first { $0.name == name }?.value }

    /// One JSON object on one line.
    var jsonLine: String {
        var fields: [(String, String)] = [
            ("scenario", quoted(scenario)), ("target", quoted(target.rawValue)), ("step", quoted(step)),
            ("seconds", number(sample.seconds)), ("delivered", String(sample.counters.delivered)),
            ("delivered_per_s", number(deliveredPerSecond)), ("acked_per_s", number(ackedPerSecond)),
            ("p50_ms", number(latency.p50)), ("p99_ms", number(latency.p99)), ("p999_ms", number(latency.p999)),
            ("max_ms", number(latency.max)), ("latency_samples", String(latency.count)),
            ("errors", String(sample.counters.errors)), ("server_cpu_s", number(serverCPUSeconds)),
            ("delivered_per_server_cpu_s", number(deliveredPerServerCPUSecond)),
            ("server_cpu_ms_per_1000", number(serverCPUMillisecondsPerThousand)),
            ("server_rss_kib", String(serverRSSKiB)), ("generator_cpu_pct", number(generatorCPUPercent)),
        ]
        fields += extras.map { ($0.name, number($0.value)) }
        return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }

    static let tableHeader =
        "scenario     target     step                     deliv/s   acked/s   p50ms   p99ms  p999ms   maxms err  srvCPU  deliv/srvCPUs  rssKiB  gen%"

    var tableRow: String {
        func pad(_ text: String, _ width: Int) -> String {
            text.padding(toLength: max(width, text.count), withPad: " ", startingAt: 0)
        }
        func right(_ value: Double, _ width: Int, _ digits: Int) -> String {
            let text = String(format: "%.\(digits)f", value)
            return String(repeating: " ", count: max(0, width - text.count)) + text
        }
        var row = pad(scenario, 12) + " " + pad(target.rawValue, 10) + " " + pad(step, 22)
        row += right(deliveredPerSecond, 10, 0) + right(ackedPerSecond, 10, 0)
        row +=
            right(latency.p50, 8, 2) + right(latency.p99, 8, 2) + right(latency.p999, 8, 2) + right(latency.max, 8, 2)
        row += right(Double(sample.counters.errors), 4, 0) + right(serverCPUSeconds, 8, 2)
        row += right(deliveredPerServerCPUSecond, 15, 0) + right(Double(serverRSSKiB), 8, 0)
        row += right(generatorCPUPercent, 6, 0)
        if !extras.isEmpty {
            row += "  " + extras.map { "\($0.name)=\(String(format: "%.3f", $0.value))" }.joined(separator: " ")
        }
        return row
    }

    private func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    private func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        return String(format: "%.4f", value)
    }
}
