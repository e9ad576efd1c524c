import Foundation
import TestSupport
import Testing

/// Runs `board-bench suite --smoke --json` against the built `board-server` and checks that every
/// load scenario completed and reported finite figures for the server and both relays (the bare
/// libwebsockets one and the Node.js one).
@Suite struct BenchmarkSmokeTests {
    static let requiredFields = [
        "scenario", "step", "delivered_per_s", "p50_ms", "p99_ms", "p999_ms", "max_ms", "errors", "server_cpu_s",
        "delivered_per_server_cpu_s", "server_rss_kib", "generator_cpu_pct",
    ]

    @Test func everyScenarioReportsFiniteFigures() throws {
        let bench = try #require(BuiltProducts.url(of: "board-bench"), "board-bench is not built")
        let server = try #require(BuiltProducts.url(of: "board-server"), "board-server is not built")
        let run = try ProcessRun.run(
            bench, ["suite", "--smoke", "--json", "--server-binary", server.path], timeout: 120)
        guard let status = run.status else {
            Issue.record("board-bench suite --smoke did not finish within 120 s")
            return
        }
        let stderr = run.stderr
        #expect(status == 0, "stderr: \(stderr)")

        let lines = run.stdout.split(separator: "\n")
        var seen: Set<String> = []
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            let fields = try #require(object, "not a JSON object: \(line)")
            for name in Self.requiredFields {
                let value = fields[name]
                #expect(value != nil, "\(name) missing in \(line)")
                if let number = value as? NSNumber { #expect(number.doubleValue.isFinite, "\(name) in \(line)") }
            }
            seen.insert("\(fields["scenario"] ?? "")/\(fields["target"] ?? "")")
        }
        let expected: Set<String> = [
            "fanout/server", "fanout/relay", "drag-storm/server", "drag-storm/relay", "acks/server", "idle/server",
            "idle/relay", "reconnect/server", "boards/server", "boards/relay", "fanout/node-relay",
            "drag-storm/node-relay", "idle/node-relay", "boards/node-relay",
        ]
        #expect(expected.isSubset(of: seen), "missing: \(expected.subtracting(seen)); stderr: \(stderr)")
    }
}
