import BoardClientApp
import BoardSync
import TerminalUI
import Testing

/// The keys that move far (PgUp, PgDn, Home, End, g, G), the help that scrolls and fits a
/// 40×12 terminal, and the hint an empty board gives until it has a section.
@Suite struct PagingAndHelpTests {
    typealias F = ModelFixtures

    static let numbered = F.board([
        (id: "todo", title: "To do", labels: (1...320).map { "Tile number \($0)" }),
        (id: "done", title: "Done", labels: ["Photos"]),
    ])

    func focus(_ model: AppModel) -> String { model.focusedStop?.label ?? "" }

    @Test func pageKeysTurnAPageAndHomeEndGoToTheEnds() {
        var model = F.model(Self.numbered, width: 200, height: 20, metrics: .standard)
        #expect(model.layout.grid.perRow == 9 && model.pageRows == 14)
        _ = model.update(F.key(.pageDown), now: 1)
        #expect(focus(model) == "Tile number 37", "four rows of nine down")
        #expect(model.scroll == 12)
        _ = model.update(F.key(.pageDown), now: 1)
        #expect(focus(model) == "Tile number 73")
        _ = model.update(F.key(.pageUp), now: 1)
        #expect(focus(model) == "Tile number 37")
        _ = model.update(F.key(.right), now: 1)
        _ = model.update(F.key(.pageUp), now: 1)
        #expect(focus(model) == "Tile number 2", "the column is kept")
        #expect(model.scroll == 0)
        _ = model.update(F.key(.end), now: 1)
        #expect(focus(model) == "Photos")
        _ = model.update(F.key(.home), now: 1)
        #expect(focus(model) == "Tile number 1")
        _ = model.update(F.char("G"), now: 1)
        #expect(focus(model) == "Photos")
        #expect(F.picture(model)[18] == " Photos · Done · 1 of 1")
        _ = model.update(F.char("g"), now: 1)
        #expect(focus(model) == "Tile number 1")
        _ = model.update(F.key(.pageUp), now: 1)
        #expect(focus(model) == "Tile number 1", "nothing above the first row")
        for _ in 0..<30 { _ = model.update(F.key(.pageDown), now: 1) }
        #expect(focus(model) == "Photos", "the last page ends on the last row")
    }

    @Test func theHelpFitsA40By12TerminalAndScrollsToItsEnd() {
        var model = F.model(width: 40, height: 12, metrics: .standard)
        _ = model.update(F.char("?"), now: 1)
        let first = F.picture(model)
        #expect(first.count == 12)
        #expect(first[0].hasPrefix("╭ keys ") && first[0].hasSuffix("╮") && first[0].count == 40)
        #expect(first[11].hasPrefix("╰─ 1–10 of ") && first[11].contains("↓ more") && first[11].hasSuffix("╯"))
        #expect(first[1] == "│ ← → h l        the tile before or    │")
        #expect(first[4] == "│ ↑ ↓ k j        the tile above or     │")
        #expect(first[5] == "│                below; sections are   │")
        #expect(first[6] == "│                stacked one under the │")
        #expect(first.allSatisfy { !$0.contains("…") }, "nothing is cut")
        _ = model.update(F.key(.down), now: 1)
        #expect(F.picture(model)[1] == "│                after, in reading     │")
        _ = model.update(F.key(.end), now: 1)
        let last = F.picture(model)
        #expect(last[10] == "│ Enter Esc      confirm, cancel       │")
        #expect(last[11].contains("↑") && !last[11].contains("↓"))
        _ = model.update(F.key(.pageDown), now: 1)
        #expect(F.picture(model) == last, "the end stays the end")
        _ = model.update(F.key(.home), now: 1)
        #expect(F.picture(model) == first)
        _ = model.update(F.key(.escape), now: 1)
        #expect(!model.showHelp)
        _ = model.update(F.char("?"), now: 1)
        #expect(model.helpScroll == 0, "the help opens at its top")
    }

    @Test func anEmptyBoardSaysToPressSUntilItHasASection() {
        var model = F.model(F.board([]), width: 60, height: 8, metrics: .standard)
        let empty = F.picture(model)
        #expect(empty[6] == " This board has no sections yet: S adds a section")
        #expect(empty[7] == "S add a section · ? help · q quit")
        _ = model.update(F.char("S"), now: 1)
        for character in "Ideas" { _ = model.update(F.char(character), now: 1) }
        _ = model.update(F.key(.enter), now: 1)
        let withSection = F.picture(model)
        #expect(withSection[1] == " Ideas (0)")
        #expect(withSection[6] == " Ideas · empty section · 1 of 1")
        #expect(withSection[7] == "? help · q quit")
        #expect(!withSection.joined().contains("S adds a section"))
    }
}
