import Foundation
import TestSupport
import Testing

/// `board-bench transfer` on a small case reports finite figures for every row: the core's reads,
/// plans and restore, the sequencer committing the restore, and `board-client import` end to end against the built `board-server`.
@Suite struct TransferBenchmarkSmokeTests {
    @Test func reportsEveryRow() throws {
        let bench = try #require(BuiltProducts.url(of: "board-bench"), "board-bench is not built")
        let server = try #require(BuiltProducts.url(of: "board-server"), "board-server is not built")
        let client = try #require(BuiltProducts.url(of: "board-client"), "board-client is not built")
        let run = try ProcessRun.run(
            bench,
            [
                "transfer", "--cards", "600", "--tiles", "400", "--ops-back", "50", "--runs", "1",
                "--server-binary", server.path, "--client-binary", client.path,
            ], timeout: 120)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let rows = run.stdout.split(separator: "\n").map(String.init)
        #expect(rows.count == 8, "\(run.stdout)")
        for row in rows {
            let figure = try #require(row.firstMatch(of: /\| ([0-9.]+) \| [0-9]+ \|/)?.1, "\(row)")
            #expect(Double(figure)?.isFinite == true, "\(row)")
        }
        #expect(
            rows.contains {
                $0.hasPrefix("| plan the import's groups (CSV) |") && $0.hasSuffix("| 2 groups, 610 ops |")
            })
        let restored = try #require(rows.first { $0.hasPrefix("| the server's sequencer commits that restore") })
        let counts = try #require(restored.firstMatch(of: /\| ([0-9]+) groups?, ([0-9]+) ops committed \|$/))
        #expect(Int(counts.1) ?? 0 >= 1 && Int(counts.2) ?? 0 > 0, "\(restored)")
    }
}
