import BoardSync
import Foundation
import Testing

/// The connection limits: 429 per address, 503 in total (in-process).
@Suite("board-server connection limits")
struct AccessLimitTests {
    @Test func connectionLimitsRefuseWith429PerAddressAnd503InTotal() throws {
        let perAddress = try InProcessServer(arguments: ["--max-connections-per-ip", "2"])
        defer { perAddress.finish() }
        let url = perAddress.url(board: "limits")
        var open = [try perAddress.joined(url).0, try perAddress.joined(url).0]
        #expect(perAddress.upgradeStatus(url) == 429)
        #expect(perAddress.upgradeStatus(url, peer: "127.0.0.2") == 101)
        open.removeFirst().close()
        #expect(perAddress.upgradeStatus(url) == 101)
        #expect(open.count == 1)

        let total = try InProcessServer(arguments: ["--max-connections", "2"])
        defer { total.finish() }
        let totalURL = total.url(board: "limits")
        let held = [try total.joined(totalURL).0, try total.joined(totalURL).0]
        #expect(total.upgradeStatus(totalURL) == 503)
        #expect(held.count == 2)
    }
}
