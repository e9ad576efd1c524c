import Foundation
import Testing

/// Runs `board-bench suite --smoke --json` against the built `board-server` and checks that every
/// load scenario completed and reported finite figures for the server and both relays (the bare
/// libwebsockets one and the Node.js one).
@Suite struct BenchmarkSmokeTests {
    static let requiredFields = [
        "scenario", "step", "delivered_per_s", "p50_ms", "p99_ms", "p999_ms", "max_ms", "errors", "server_cpu_s",
        "delivered_per_server_cpu_s", "server_rss_kib", "generator_cpu_pct",
    ]

    /// The built executables sit next to the test bundle.
    static func binary(_ name: String) -> String {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [bundle, bundle.deletingLastPathComponent()] {
            let url = candidate.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url.path }
        }
        return ".build/debug/\(name)"
    }

    @Test func everyScenarioReportsFiniteFigures() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary("board-bench"))
        process.arguments = ["suite", "--smoke", "--json", "--server-binary", Self.binary("board-server")]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let finished = DispatchSemaphore(value: 0)
        let collected = OutputBox()
        DispatchQueue.global().async {
            collected.data = output.fileHandleForReading.readDataToEndOfFile()
            finished.signal()
        }
        if finished.wait(timeout: .now() + 120) == .timedOut {
            process.terminate()
            Issue.record("board-bench suite --smoke did not finish within 120 s")
            return
        }
        process.waitUntilExit()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0, "stderr: \(stderr)")

        let lines = String(decoding: collected.data, as: UTF8.self).split(separator: "\n")
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

/// Hands the child's output from the reading queue to the test.
private final class OutputBox: @unchecked Sendable {
    var data = Data()
}
