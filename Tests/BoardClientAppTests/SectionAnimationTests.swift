import BoardClientApp
import BoardSync
import TerminalUI
import Testing

/// Sections animate as sections: a moved one travels with its title in the mover's colour, a
/// new one is revealed, a deleted one's title goes where it was, a new title flashes.
@Suite struct SectionAnimationTests {
    typealias F = ModelFixtures
    static let bob = ServerMessage.Peer(client: "bob0000000000001", user: "bob")

    func remote(_ op: Op, version: Int) -> AppMessage {
        .server(.op(.init(version: version, client: Self.bob.client, user: "bob", seq: 0, op: op)))
    }

    func rows(_ model: AppModel, _ time: Double, _ range: ClosedRange<Int>) -> [String] {
        Array(F.picture(model, time: time)[range])
    }

    @Test func aMovedSectionTravelsWithItsTitleInTheMoversColour() {
        var model = F.model(peers: [Self.bob])
        _ = model.update(remote(.moveSection(section: "done", from: 1, index: 0), version: 2), now: 1)
        #expect(rows(model, 1.0, 9...9) == [" Done (1)"])
        #expect(F.colours(model, time: 1.0, rows: 9...9) == [".cccc"])
        #expect(
            rows(model, 1.1, 1...7) == [
                "",
                " Done (1)",
                " ┌────────────┐",
                " │ Photos     │",
                " └────────────┘",
                " ┏━━━━━━━━━━━━┓ ┌────────────┐ ┌────────────┐",
                " ┃ Mail       ┃ │ Maps       │ │ Notes      │",
            ])
        #expect(F.colours(model, time: 1.1, rows: 2...2) == [".cccc"])
        #expect(
            rows(model, 1.2, 1...7) == [
                " Done (1)",
                " ┌────────────┐",
                " │ Photos     │",
                " └────────────┘",
                "",
                " To do (4)",
                " ┏━━━━━━━━━━━━┓ ┌────────────┐ ┌────────────┐",
            ])
        #expect(F.colours(model, time: 2.0, rows: 1...1) == [".cccc"])
        #expect(F.colours(model, time: 2.6, rows: 1...1) == [""])
    }

    @Test func aNewSectionIsRevealedAndADeletedOneGoesWhereItWas() {
        var model = F.model(height: 17, peers: [Self.bob])
        let ideas = SectionHeader(id: "new", title: "Ideas")
        _ = model.update(remote(.insertSection(section: ideas, index: 1), version: 2), now: 1)
        #expect(rows(model, 1.0, 9...9) == [" Done (1)"])
        #expect(rows(model, 1.1, 9...13) == [" Idea (0)", "", "   (empty)", "", " Done (1)"])
        #expect(rows(model, 1.2, 9...14) == [" Ideas (0)", "", "   (empty)", "", "", " Done (1)"])
        _ = model.update(remote(.deleteSection(section: "new", from: 1), version: 3), now: 3)
        #expect(rows(model, 3.0, 9...9) == [" Ideas"])
        #expect(F.attributes(model, time: 3.0, rows: 9...9) == [".ddddd"])
        #expect(rows(model, 3.1, 9...10) == [" I", " Done (1)"])
        #expect(rows(model, 3.2, 9...10) == [" Done (1)", " ┌────────────┐"])
    }

    @Test func aNewTitleFlashes() {
        var model = F.model(peers: [Self.bob])
        _ = model.update(remote(.renameSection(section: "done", title: "Finished"), version: 2), now: 1)
        #expect(rows(model, 1.1, 9...9) == [" Finished (1)"])
        #expect(F.attributes(model, time: 1.1, rows: 9...9) == [".RRRRRRRRdddd"])
        #expect(F.attributes(model, time: 1.2, rows: 9...9) == [".........dddd"])
    }
}
