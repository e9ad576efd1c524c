import BoardClientApp
import BoardSync
import TerminalUI
import Testing

/// Terminal bytes through the decoder into the app, as the shell feeds them.
@Suite struct InputTests {
    typealias F = ModelFixtures

    func feed(_ text: String, to model: inout AppModel, decoder: inout InputDecoder, now: Double) -> [AppCommand] {
        var commands: [AppCommand] = []
        var events = decoder.feed(Array(text.utf8))
        if decoder.hasPendingEscape { events += decoder.flushPendingEscape() }
        for event in events { commands += model.update(.input(event), now: now) }
        return commands
    }

    func pos(_ section: SectionID, _ index: Int) -> Position { Position(section: section, index: index) }

    @Test func arrowKeysAndEscapeBytesReachTheModel() {
        var model = F.model()
        var decoder = InputDecoder()
        _ = feed("\u{1B}[C\u{1B}[C", to: &model, decoder: &decoder, now: 1)
        #expect(model.cursor == .tile("todo2"))
        _ = feed(" ", to: &model, decoder: &decoder, now: 1)
        #expect(model.mode == .holdingWithKeys(item: "todo2"))
        _ = feed("\u{1B}[D", to: &model, decoder: &decoder, now: 1)
        #expect(model.machine.localDrag?.to == pos("todo", 1))
        _ = feed("\u{1B}", to: &model, decoder: &decoder, now: 1)
        #expect(model.mode == .browsing)
        #expect(model.machine.localDrag == nil)
        _ = feed("\r", to: &model, decoder: &decoder, now: 1)
        #expect(model.mode == .holdingWithKeys(item: "todo2"))
        #expect(feed("\u{03}", to: &model, decoder: &decoder, now: 1).contains(.quit))
    }

    @Test func mousePressDragAndReleaseMoveATile() {
        var model = F.model()
        var decoder = InputDecoder()
        let press = F.sent(feed("\u{1B}[<0;20;4M", to: &model, decoder: &decoder, now: 1))
        #expect(press == [.drag(.begin(item: "todo1"))])
        guard case .holdingWithMouse(let item, _, let grab) = model.mode else {
            Issue.record("not holding: \(model.mode)")
            return
        }
        #expect(item == "todo1" && grab == Point(x: 3, y: 1))
        let drag = F.sent(feed("\u{1B}[<32;36;4M", to: &model, decoder: &decoder, now: 1))
        #expect(drag == [.drag(.over(item: "todo1", base: 1, from: pos("todo", 1), to: pos("todo", 2)))])
        let lines = AppView.render(model, time: 10).textLines(trimmingTrailingSpaces: true)
        #expect(lines[2] == " ┌────────────┐ ┌────────────┐ ┌╔════════════╗")
        #expect(lines[3] == " │ Mail       │ │ Notes      │ ┆║ Maps       ║")
        let release = F.sent(feed("\u{1B}[<0;36;4m", to: &model, decoder: &decoder, now: 1.5))
        #expect(
            release == [
                .submit(.init(seq: 1, base: 1, op: .move(item: "todo1", from: pos("todo", 1), to: pos("todo", 2))))
            ])
        #expect(model.mode == .browsing)
    }

    @Test func draggingBelowTheLastTileTargetsTheSectionEnd() {
        var model = F.model()
        var decoder = InputDecoder()
        _ = feed("\u{1B}[<0;3;4M", to: &model, decoder: &decoder, now: 1)
        _ = feed("\u{1B}[<32;40;13M", to: &model, decoder: &decoder, now: 1)
        #expect(model.machine.localDrag?.to == pos("done", 1))
        _ = feed("\u{1B}[<0;40;13m", to: &model, decoder: &decoder, now: 1)
        #expect(model.machine.view.sections[1].cells.map(\.id) == ["done0", "todo0"])
    }

    @Test func pressOutsideTilesDoesNothing() {
        var model = F.model()
        var decoder = InputDecoder()
        let commands = feed("\u{1B}[<0;58;4M", to: &model, decoder: &decoder, now: 1)
        #expect(F.sent(commands).isEmpty)
        #expect(model.mode == .browsing)
    }

    @Test func pasteGoesIntoTheEditorWithoutLineBreaks() {
        var model = F.model()
        var decoder = InputDecoder()
        _ = feed("a", to: &model, decoder: &decoder, now: 1)
        _ = feed("\u{1B}[200~two\nlines\u{1B}[201~", to: &model, decoder: &decoder, now: 1)
        guard case .editing(let editor) = model.mode else {
            Issue.record("not editing")
            return
        }
        #expect(editor.text == "two lines")
    }
}
