import BoardClientApp
import BoardSync
import TerminalUI
import Testing

/// The rename and add fields as a person types into them: terminal bytes through the decoder,
/// the field's editing keys, a bracketed paste, the cursor and the scrolled text on the bottom
/// line, and the counter near the board's limit.
@Suite struct LabelFieldTests {
    typealias F = ModelFixtures

    func feed(_ text: String, to model: inout AppModel, decoder: inout InputDecoder) -> [AppCommand] {
        var events = decoder.feed(Array(text.utf8))
        if decoder.hasPendingEscape { events += decoder.flushPendingEscape() }
        return events.flatMap { model.update(.input($0), now: 1) }
    }

    func field(_ model: AppModel) -> TextField? {
        if case .editing(let editor) = model.mode { editor.field } else { nil }
    }

    /// The bottom line with `[x]` around the cursor's cell.
    func bottomLine(_ model: AppModel) -> String {
        let buffer = AppView.render(model, time: 10)
        let y = buffer.height - 1
        var line = ""
        for x in 0..<buffer.width {
            guard let cell = buffer.cell(x: x, y: y), !cell.isContinuation else { continue }
            line += cell.style.attributes.contains(.reverse) ? "[\(cell.symbol)]" : cell.symbol
        }
        while line.last == " " { line.removeLast() }
        return line
    }

    @Test func renameEditsInTheMiddleWithTheShellsKeys() {
        var model = F.model()
        var decoder = InputDecoder()
        _ = feed("e", to: &model, decoder: &decoder)
        #expect(field(model)?.text == "Mail" && field(model)?.cursor == 4)
        #expect(bottomLine(model) == "Rename: Mail[ ]")
        _ = feed("\u{1B}[D\u{1B}[D", to: &model, decoder: &decoder)
        #expect(bottomLine(model) == "Rename: Ma[i]l")
        _ = feed("\u{01}Old \u{05} box", to: &model, decoder: &decoder)
        #expect(field(model)?.text == "Old Mail box")
        _ = feed("\u{1B}b\u{1B}b\u{0B}", to: &model, decoder: &decoder)
        #expect(field(model)?.text == "Old ")
        _ = feed("\u{1B}[H\u{1B}[3~\u{1B}[3~\u{1B}[3~\u{1B}[F", to: &model, decoder: &decoder)
        #expect(field(model)?.text == " ")
        _ = feed("\u{15}Post\u{1B}[1;3D", to: &model, decoder: &decoder)
        #expect(bottomLine(model) == "Rename: [P]ost")
        _ = feed("\u{1B}f\u{17}", to: &model, decoder: &decoder)
        #expect(field(model)?.text == "")
        _ = feed("Letters\r", to: &model, decoder: &decoder)
        #expect(model.mode == .browsing)
        #expect(model.machine.optimistic?.board.item("todo0")?.label == "Letters")
    }

    @Test func aBracketedPasteGoesInAtTheCursorAsOneLine() {
        var model = F.model()
        var decoder = InputDecoder()
        _ = feed("a", to: &model, decoder: &decoder)
        _ = feed("Buy  today\u{1B}[D\u{1B}[D\u{1B}[D\u{1B}[D\u{1B}[D\u{1B}[D", to: &model, decoder: &decoder)
        _ = feed("\u{1B}[200~milk\r\nand bread\u{1B}[201~", to: &model, decoder: &decoder)
        #expect(field(model)?.text == "Buy milk and bread today")
        #expect(bottomLine(model) == "New tile: Buy milk and bread[ ]today")
    }

    @Test func longTextScrollsInTheFieldAndACounterShowsNearTheLimit() {
        var model = F.model(width: 40)
        var decoder = InputDecoder()
        _ = feed("a", to: &model, decoder: &decoder)
        _ = feed(String(repeating: "abcdefghij", count: 4), to: &model, decoder: &decoder)
        #expect(bottomLine(model) == "New tile: …cdefghijabcdefghijabcdefghij[ ]")
        _ = feed("\u{1B}[H", to: &model, decoder: &decoder)
        #expect(bottomLine(model) == "New tile: [a]bcdefghijabcdefghijabcdefghi…")
        _ = feed("\u{1B}[F" + String(repeating: "x", count: 40), to: &model, decoder: &decoder)
        #expect(field(model)?.scalarCount == 80)
        #expect(bottomLine(model) == "New tile: …xxxxxxxxxxxxxxxxxxxxx[ ] 80/100")
        _ = feed(String(repeating: "y", count: 25), to: &model, decoder: &decoder)
        #expect(field(model)?.scalarCount == 100, "the field takes no more than the limit")
        #expect(bottomLine(model) == "New tile: …yyyyyyyyyyyyyyyyyyyy[ ] 100/100")
        #expect(F.picture(model)[14] == " At most 100 characters: the rest of wh…")
        _ = feed("\r", to: &model, decoder: &decoder)
        #expect(model.mode == .browsing)
        #expect(model.machine.view.sections[0].cells.contains { $0.label.unicodeScalars.count == 100 })
    }

    @Test func wideAndCombinedCharactersAreEditedAsWholeCharacters() {
        var model = F.model()
        var decoder = InputDecoder()
        _ = feed("a", to: &model, decoder: &decoder)
        _ = feed("日本👍🏽cafe\u{301}", to: &model, decoder: &decoder)
        #expect(field(model)?.count == 7)
        _ = feed("\u{7F}\u{1B}[D\u{1B}[D\u{1B}[D\u{1B}[D\u{7F}", to: &model, decoder: &decoder)
        #expect(field(model)?.text == "日👍🏽caf")
        #expect(bottomLine(model) == "New tile: 日[👍🏽]caf")
    }
}
