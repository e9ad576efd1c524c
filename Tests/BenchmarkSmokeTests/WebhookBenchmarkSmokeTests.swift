import Foundation
import TestSupport
import Testing

/// Runs `board-bench webhooks --smoke --rounds 1` against the built `board-server`: both
/// measurements finish, the one with a webhook has its ops delivered to the receiver inside
/// board-bench, and the ratio is printed.
@Suite struct WebhookBenchmarkSmokeTests {
    @Test func bothMeasurementsReportAndTheReceiverGetsDeliveries() throws {
        let bench = try #require(BuiltProducts.url(of: "board-bench"), "board-bench is not built")
        let server = try #require(BuiltProducts.url(of: "board-server"), "board-server is not built")
        let run = try ProcessRun.run(
            bench, ["webhooks", "--smoke", "--rounds", "1", "--server-binary", server.path], timeout: 120)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("round 1 no webhook: ") && $0.contains(" acks/s") }, "\(lines)")
        let hooked = try #require(lines.first { $0.hasPrefix("round 1 one webhook: ") }, "\(lines)")
        let deliveries = hooked.components(separatedBy: ", ").last?.split(separator: " ").first.flatMap { Int($0) }
        #expect((deliveries ?? 0) > 0, "\(hooked)")
        #expect(lines.contains { $0.hasPrefix("median acks/s at 4 writers: ") && $0.contains("ratio ") }, "\(lines)")
    }
}
