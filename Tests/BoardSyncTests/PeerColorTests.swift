import BoardSync
import Testing

/// Every shell shows a connection in the colour its client id picks.
@Suite struct PeerColorTests {
    @Test func fixedColoursOfKnownIds() {
        #expect(PeerColor(client: "bob0000000000001") == .green)
        #expect(PeerColor(client: "") == PeerColor.allCases[Int(0xcbf2_9ce4_8422_2325 % UInt64(6))])
    }

    @Test func theSameIdAlwaysGetsTheSameColour() {
        let ids = (0..<200).map { ClientID("web-\($0)") }
        #expect(ids.map { PeerColor(client: $0) } == ids.map { PeerColor(client: $0) })
    }

    @Test func idsSpreadOverEveryColour() {
        let colours = Set((0..<200).map { PeerColor(client: "client-\($0)") })
        #expect(colours == Set(PeerColor.allCases))
    }
}
