import BoardClientApp
import BoardSync
import TerminalUI
import Testing

/// Sections from the keyboard: `E` renames the section under the cursor, `<` and `>` move it,
/// `D` deletes it after asking how many tiles go with it; empty sections are cursor stops; other
/// people's section changes animate and are named on the status line.
@Suite struct SectionManagementTests {
    typealias F = ModelFixtures
    static let bob = ServerMessage.Peer(client: "bob0000000000001", user: "bob")

    func submitted(_ commands: [AppCommand]) -> [Op] {
        F.sent(commands).compactMap { if case .submit(let submit) = $0 { submit.op } else { nil } }
    }

    func remote(_ op: Op, version: Int) -> AppMessage {
        .server(.op(.init(version: version, client: Self.bob.client, user: "bob", seq: 0, op: op)))
    }

    /// The sample board with an empty third section "Ideas".
    static let withIdeas = F.board([
        (id: "todo", title: "To do", labels: ["Mail", "Maps"]), (id: "done", title: "Done", labels: ["Photos"]),
        (id: "ideas", title: "Ideas", labels: []),
    ])

    @Test func eRenamesTheSectionUnderTheCursor() {
        var model = F.model()
        _ = model.update(F.key(.down), now: 1)
        _ = model.update(F.key(.down), now: 1)
        #expect(model.cursor == .tile("done0") && model.cursorSection == "done")
        _ = model.update(F.char("E"), now: 1)
        #expect(F.picture(model, time: 1)[15] == "Rename section: Done")
        #expect(F.attributes(model, time: 1, rows: 15...15) == [String(repeating: ".", count: 20) + "R"])
        for _ in 0..<4 { _ = model.update(F.key(.backspace), now: 1) }
        for character in "Finished" { _ = model.update(F.char(character), now: 1) }
        let sent = submitted(model.update(F.key(.enter), now: 1))
        #expect(sent == [.renameSection(section: "done", title: "Finished")])
        #expect(F.picture(model)[9] == " Finished (1)")
        _ = model.update(F.char("E"), now: 2)
        for _ in 0..<8 { _ = model.update(F.key(.backspace), now: 2) }
        _ = model.update(F.key(.enter), now: 2)
        #expect(F.picture(model, time: 2)[14...15] == [" cannot be empty or only spaces", "Rename section:"])
        #expect(F.attributes(model, time: 2, rows: 15...15) == [String(repeating: ".", count: 16) + "R"])
        _ = model.update(F.key(.escape), now: 2)
        #expect(model.mode == .browsing)
    }

    @Test func lessAndGreaterMoveTheSectionAndItTravels() {
        var model = F.model()
        let sent = submitted(model.update(F.char(">"), now: 1))
        #expect(sent == [.moveSection(section: "todo", from: 0, index: 1)])
        #expect(
            Array(F.picture(model, time: 5)[1...10]) == [
                " Done (1)",
                " ┌────────────┐",
                " │ Photos     │",
                " └────────────┘",
                "",
                " To do (4)",
                " ┏━━━━━━━━━━━━┓ ┌────────────┐ ┌────────────┐",
                " ┃ Mail       ┃ │ Maps       │ │ Notes      │",
                " ┗━━━━━━━━━━━━┛ └────────────┘ └────────────┘",
                " ┌────────────┐",
            ])
        #expect(F.picture(model, time: 1.1) != F.picture(model, time: 5), "the move is not animated")
        #expect(model.cursor == .tile("todo0"))
        #expect(submitted(model.update(F.char(">"), now: 6)).isEmpty)
        #expect(F.picture(model, time: 6)[15] == "“To do” is already the last section")
        _ = model.update(.server(.ack(.init(seq: 1, version: 2, op: sent[0]))), now: 6)
        #expect(submitted(model.update(F.char("<"), now: 7)) == [.moveSection(section: "todo", from: 1, index: 0)])
    }

    @Test func dAsksHowManyTilesGoWithTheSection() {
        var model = F.model()
        _ = model.update(F.char("D"), now: 1)
        #expect(F.picture(model, time: 1)[15] == "Delete section “To do” and its 4 tiles? y/n")
        #expect(submitted(model.update(F.char("n"), now: 1)).isEmpty)
        #expect(model.machine.view.sections.count == 2)
        _ = model.update(F.key(.down), now: 1)
        _ = model.update(F.key(.down), now: 1)
        _ = model.update(F.char("D"), now: 1)
        #expect(F.picture(model, time: 1)[15] == "Delete section “Done” and its 1 tile? y/n")
        #expect(submitted(model.update(F.char("y"), now: 1)) == [.deleteSection(section: "done", from: 1)])
        #expect(model.machine.view.sections.map(\.id) == ["todo"])
    }

    @Test func anEmptySectionIsACursorStopThatTheSectionKeysActOn() {
        var model = F.model(Self.withIdeas, height: 20)
        for _ in 0..<3 { _ = model.update(F.key(.right), now: 1) }
        #expect(model.cursor == .emptySection("ideas") && model.cursorSection == "ideas")
        #expect(Array(F.picture(model)[11...13]) == [" Ideas (0)", "", " ▸ (empty)"])
        #expect(F.colours(model, time: 10, rows: 13...13) == [".yyyyyyyyy"])
        _ = model.update(F.char("D"), now: 1)
        #expect(F.picture(model, time: 1)[19] == "Delete the empty section “Ideas”? y/n")
        _ = model.update(F.char("n"), now: 1)
        _ = model.update(F.key(.left), now: 1)
        #expect(model.cursor == .tile("done0"))
        _ = model.update(F.key(.down), now: 1)
        #expect(model.cursor == .emptySection("ideas"))
        _ = model.update(F.char("a"), now: 1)
        for character in "Plan" { _ = model.update(F.char(character), now: 1) }
        let sent = submitted(model.update(F.key(.enter), now: 1))
        guard case .insert(let item, let to)? = sent.first else {
            Issue.record("no insert: \(sent)")
            return
        }
        #expect(to == Position(section: "ideas", index: 0) && item.label == "Plan")
        #expect(model.cursor == .tile(item.id))
    }

    @Test func aNewSectionTakesTheCursor() {
        var model = F.model()
        _ = model.update(F.char("S"), now: 1)
        for character in "Later" { _ = model.update(F.char(character), now: 1) }
        _ = model.update(F.key(.enter), now: 1)
        let id = model.machine.view.sections.last?.id
        #expect(model.cursor == id.map(CursorStop.emptySection) && model.cursorSection == id)
        #expect(F.picture(model, time: 5).contains(" Later (0)"))
        #expect(F.picture(model, time: 5).contains(" ▸ (empty)"))
    }

    @Test func othersSectionChangesAreNamedOnTheStatusLine() {
        var model = F.model(width: 90, peers: [Self.bob])
        _ = model.update(remote(.renameSection(section: "done", title: "Finished"), version: 2), now: 1)
        #expect(F.picture(model, time: 1)[0].hasSuffix("bob renamed section Done to Finished"))
        _ = model.update(remote(.moveSection(section: "done", from: 1, index: 0), version: 3), now: 2)
        #expect(F.picture(model, time: 2)[0].hasSuffix("bob moved section Finished"))
        #expect(F.picture(model, time: 2.9)[1] == " Finished (1)")
        #expect(F.colours(model, time: 2.9, rows: 1...1) == [".cccccccc"], "the moved section is not marked")
        _ = model.update(remote(.deleteSection(section: "done", from: 0), version: 4), now: 3)
        #expect(F.picture(model, time: 3)[0].hasSuffix("bob deleted section Finished"))
        #expect(F.picture(model, time: 5)[1] == " To do (4)")
    }

    @Test func aViewerCannotChangeSections() {
        var model = F.model(role: .viewer)
        for key in ["E", "<", ">", "D"] {
            let commands = model.update(F.char(Character(key)), now: 1)
            #expect(F.sent(commands).isEmpty && model.mode == .browsing, "\(key)")
        }
        #expect(F.picture(model, time: 1)[15] == "view only: this board cannot be changed from here")
    }
}
