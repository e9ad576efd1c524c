import BoardSync
import Testing

/// Every shell shows a person in the colour their user name picks.
@Suite struct PeerColorTests {
    @Test func fixedColoursOfKnownNames() {
        #expect(PeerColor(user: "bob") == PeerColor.allCases[Int(Self.fnv1a("bob") % 6)])
        #expect(PeerColor(user: "") == PeerColor.allCases[Int(0xcbf2_9ce4_8422_2325 % UInt64(6))])
    }

    @Test func theSameNameAlwaysGetsTheSameColour() {
        let names = (0..<200).map { "person \($0)" }
        #expect(names.map { PeerColor(user: $0) } == names.map { PeerColor(user: $0) })
    }

    @Test func namesSpreadOverEveryColour() {
        let colours = Set((0..<200).map { PeerColor(user: "person-\($0)") })
        #expect(colours == Set(PeerColor.allCases))
    }

    @Test func namesAreHashedByTheirUTF8Bytes() {
        #expect(PeerColor(user: "Zoë") == PeerColor.allCases[Int(Self.fnv1a("Zoë") % 6)])
        #expect("Zoë".utf8.count == 4)
    }

    @Test func aHueIsOneOfTwelveWhoseColourIsThePersonsColour() {
        #expect(PeerHue(user: "bob").index == Int(Self.fnv1a("bob") % 12))
        let names = (0..<500).map { "person-\($0)" }
        for name in names {
            let hue = PeerHue(user: name)
            #expect(hue.color == PeerColor(user: name), "\(name)")
            #expect(hue.index == hue.shade * 6 + PeerColor.allCases.firstIndex(of: hue.color)!)
        }
        #expect(Set(names.map { PeerHue(user: $0).index }) == Set(0..<12))
    }

    /// FNV-1a, 64 bits, written out here as the reference the colour must follow.
    static func fnv1a(_ text: String) -> UInt64 {
        text.utf8.reduce(0xcbf2_9ce4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }
}
