import BoardClientApp
import BoardSync
import TerminalUI
import Testing

private typealias F = ModelFixtures

/// A field whose tile or section someone else deletes keeps its text: the field stays open, says
/// what happened, and Enter adds the text as a new tile where the tile was.
@Suite struct KeptTextTests {
    @Test func aRenameWhoseTileIsDeletedBecomesANewTileWithTheSameText() throws {
        var model = F.model()
        _ = model.update(F.key(.right), now: 1)
        _ = model.update(F.char("e"), now: 1)
        for character in " and more" { _ = model.update(F.char(character), now: 1) }
        _ = model.update(.server(F.bobs(2, .delete(item: "todo1", from: Position(section: "todo", index: 1)))), now: 2)
        guard case .editing(let editor) = model.mode else {
            Issue.record("the field closed with its text")
            return
        }
        #expect(editor.text == "Maps and more")
        #expect(editor.purpose == .addItem(at: .position(Position(section: "todo", index: 1))))
        #expect(editor.prompt == "New tile: ")
        #expect(
            editor.problem
                == "bob deleted Maps while you were renaming it; your text is kept. Enter adds it, Esc drops it.")
        let sent = F.sent(model.update(F.key(.enter), now: 3))
        guard case .submit(let submit) = try #require(sent.first), case .insert(let item, let to) = submit.op else {
            Issue.record("no insert sent: \(sent)")
            return
        }
        #expect(item.label == "Maps and more")
        #expect(to == Position(section: "todo", index: 1))
    }

    @Test func theSectionQuestionCountsATileSomeoneHolds() {
        let drag = ServerMessage.Drag(
            action: .begin, client: "bob0000000000000", user: "bob", item: "todo2",
            from: Position(section: "todo", index: 2), to: nil, version: 1)
        var model = F.model(width: 80, drags: [drag])
        _ = model.update(F.char("D"), now: 1)
        #expect(F.picture(model).last == "Delete section “To do” and its 4 tiles? bob is moving one of them. y/n")
    }
}
