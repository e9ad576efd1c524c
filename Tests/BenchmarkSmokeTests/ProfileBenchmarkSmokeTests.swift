import Foundation
import TestSupport
import Testing

/// Runs `board-bench profile --smoke` against the built `board-server` and the Node.js relay
/// with the machine's `perf`: each profiled step gives a table whose categories add up to the
/// CPU of the step, for both.
@Suite struct ProfileBenchmarkSmokeTests {
    @Test func everyTableSplitsTheCPUOfBothTargets() throws {
        let bench = try #require(BuiltProducts.url(of: "board-bench"), "board-bench is not built")
        let server = try #require(BuiltProducts.url(of: "board-server"), "board-server is not built")
        let perf = "/usr/bin/perf"
        #expect(FileManager.default.isExecutableFile(atPath: perf), "perf is not installed (linux-perf)")
        let run = try ProcessRun.run(
            bench, ["profile", "--smoke", "--perf", perf, "--server-binary", server.path], timeout: 180)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(!run.stderr.contains("no profile"), "stderr: \(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        let titles = lines.filter { $0.hasPrefix("#### ") }
        #expect(titles.contains { $0.hasPrefix("#### boards: 3 boards of 4 clients") }, "\(lines)")
        #expect(titles.contains { $0.hasPrefix("#### fanout: 10 subscribers") }, "\(lines)")
        for table in run.stdout.components(separatedBy: "#### ").dropFirst() {
            let rows = table.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| where") }
            let figures = rows.map { row in
                row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }.dropFirst().prefix(2)
                    .compactMap(Double.init)
            }
            let all = try #require(figures.last, "\(table)")
            let parts = figures.dropLast()
            #expect(all.count == 2 && all.allSatisfy { $0 > 0 }, "\(table)")
            for side in 0..<2 {
                let sum = parts.reduce(0) { $0 + ($1.count == 2 ? $1[side] : 0) }
                #expect(abs(sum - all[side]) <= 0.005 * Double(parts.count) + 0.01, "\(table)")
            }
        }
    }
}
