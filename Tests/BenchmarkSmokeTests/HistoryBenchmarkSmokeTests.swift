import Foundation
import TestSupport
import Testing

/// `board-bench history --smoke` builds its board file, serves it with the built `board-server`
/// and reports finite figures for both kinds of request (it checks every answer itself).
@Suite struct HistoryBenchmarkSmokeTests {
    @Test func reportsBothRequests() throws {
        let bench = try #require(BuiltProducts.url(of: "board-bench"), "board-bench is not built")
        let server = try #require(BuiltProducts.url(of: "board-server"), "board-server is not built")
        let run = try ProcessRun.run(bench, ["history", "--smoke", "--server-binary", server.path], timeout: 120)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        for name in ["history page of 1000 ops", "version 999 ops past a snapshot"] {
            let line = try #require(lines.first { $0.hasPrefix(name) }, "no line for \(name) in \(run.stdout)")
            let figure = try #require(line.firstMatch(of: /server CPU ([0-9.]+) ms/)?.1)
            #expect(Double(figure)?.isFinite == true, "\(line)")
        }
    }
}
