import BoardClientApp
import BoardSync
import TerminalUI
import Testing

/// The client's own tile sizes (`TileMetrics.standard`): tiles as wide as the board's widest
/// label needs within 14 to 32 columns, as many to a row as fit and widened together to fill it,
/// labels wrapped to two lines when the widest does not fit on one; wide and combined characters
/// in their columns; the focused tile's whole label, section and place on the line under the
/// board. Text pictures at 40, 80 and 200 columns, and a board of 320 tiles at 200.
@Suite struct TileSizingTests {
    typealias F = ModelFixtures

    /// Short and long labels, CJK, an emoji with a skin tone, a flag and a combining accent.
    static let mixed = F.board([
        (
            id: "todo", title: "To do",
            labels: [
                "Mail", "Buy milk and bread for the weekend party", "日本語のテキスト", "👍🏽 Done", "🇫🇷 Paris trip",
                "Cafe\u{301}",
            ]
        )
    ])

    /// 320 tiles named as a person numbering them would, and one more section.
    static let numbered = F.board([
        (id: "todo", title: "To do", labels: (1...320).map { "Tile number \($0)" }),
        (id: "done", title: "Done", labels: ["Photos"]),
    ])

    func picture(_ board: Board, width: Int, height: Int) -> [String] {
        F.picture(F.model(board, width: width, height: height, metrics: .standard))
    }

    @Test func at40ColumnsATileTakesTheWidthAndTheLongLabelWraps() {
        #expect(
            picture(Self.mixed, width: 40, height: 14) == [
                " team v1 · connected ann",
                " To do (6)",
                " ┏━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┓",
                " ┃ Mail                         ┃",
                " ┃                              ┃",
                " ┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┛",
                " ┌──────────────────────────────┐",
                " │ Buy milk and bread for the   │",
                " │ weekend party                │",
                " └──────────────────────────────┘",
                " ┌──────────────────────────────┐",
                " │ 日本語のテキスト             │",
                " Mail · To do · 1 of 6",
                "? help · q quit",
            ])
    }

    @Test func at80ColumnsTwoTilesShareARow() {
        #expect(
            picture(Self.mixed, width: 80, height: 14) == [
                " team v1 · connected ann",
                " To do (6)",
                " ┏━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┓ ┌──────────────────────────────┐",
                " ┃ Mail                         ┃ │ Buy milk and bread for the   │",
                " ┃                              ┃ │ weekend party                │",
                " ┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┛ └──────────────────────────────┘",
                " ┌──────────────────────────────┐ ┌──────────────────────────────┐",
                " │ 日本語のテキスト             │ │ 👍🏽 Done                      │",
                " │                              │ │                              │",
                " └──────────────────────────────┘ └──────────────────────────────┘",
                " ┌──────────────────────────────┐ ┌──────────────────────────────┐",
                " │ 🇫🇷 Paris trip                │ │ Café                         │",
                " Mail · To do · 1 of 6",
                "? help · q quit",
            ])
    }

    @Test func at200ColumnsSixTilesShareARow() {
        #expect(
            picture(Self.mixed, width: 200, height: 14) == [
                " team v1 · connected ann",
                " To do (6)",
                " ┏━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┓ ┌──────────────────────────────┐ ┌──────────────────────────────┐ ┌──────────────────────────────┐ ┌──────────────────────────────┐ ┌──────────────────────────────┐",
                " ┃ Mail                         ┃ │ Buy milk and bread for the   │ │ 日本語のテキスト             │ │ 👍🏽 Done                      │ │ 🇫🇷 Paris trip                │ │ Café                         │",
                " ┃                              ┃ │ weekend party                │ │                              │ │                              │ │                              │ │                              │",
                " ┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┛ └──────────────────────────────┘ └──────────────────────────────┘ └──────────────────────────────┘ └──────────────────────────────┘ └──────────────────────────────┘",
                "",
                "",
                "",
                "",
                "",
                "",
                " Mail · To do · 1 of 6",
                "? help · q quit",
            ])
    }

    @Test func aBoardOf320TilesAt200ColumnsReadsEveryLabel() {
        #expect(
            picture(Self.numbered, width: 200, height: 20) == [
                " team v1 · connected ann",
                " To do (320)",
                " ┏━━━━━━━━━━━━━━━━━━━┓ ┌───────────────────┐ ┌───────────────────┐ ┌───────────────────┐ ┌───────────────────┐ ┌───────────────────┐ ┌───────────────────┐ ┌───────────────────┐ ┌───────────────────┐",
                " ┃ Tile number 1     ┃ │ Tile number 2     │ │ Tile number 3     │ │ Tile number 4     │ │ Tile number 5     │ │ Tile number 6     │ │ Tile number 7     │ │ Tile number 8     │ │ Tile number 9     │",
                " ┗━━━━━━━━━━━━━━━━━━━┛ └───────────────────┘ └───────────────────┘ └───────────────────┘ └───────────────────┘ └───────────────────┘ └───────────────────┘ └───────────────────┘ └───────────────────┘",
                " ┌───────────────────┐ ┌───────────────────┐ ┌───────────────────┐ ┌───────────────────┐ ┌───────────────────┐ ┌───────────────────┐ ┌───────────────────┐ ┌───────────────────┐ ┌───────────────────┐",
                " │ Tile number 10    │ │ Tile number 11    │ │ Tile number 12    │ │ Tile number 13    │ │ Tile number 14    │ │ Tile number 15    │ │ Tile number 16    │ │ Tile number 17    │ │ Tile number 18    │",
                " └───────────────────┘ └───────────────────┘ └───────────────────┘ └───────────────────┘ └───────────────────┘ └───────────────────┘ └───────────────────┘ └───────────────────┘ └───────────────────┘",
                " ┌───────────────────┐ ┌───────────────────┐ ┌───────────────────┐ ┌───────────────────┐ ┌───────────────────┐ ┌───────────────────┐ ┌───────────────────┐ ┌───────────────────┐ ┌───────────────────┐",
                " │ Tile number 19    │ │ Tile number 20    │ │ Tile number 21    │ │ Tile number 22    │ │ Tile number 23    │ │ Tile number 24    │ │ Tile number 25    │ │ Tile number 26    │ │ Tile number 27    │",
                " └───────────────────┘ └───────────────────┘ └───────────────────┘ └───────────────────┘ └───────────────────┘ └───────────────────┘ └───────────────────┘ └───────────────────┘ └───────────────────┘",
                " ┌───────────────────┐ ┌───────────────────┐ ┌───────────────────┐ ┌───────────────────┐ ┌───────────────────┐ ┌───────────────────┐ ┌───────────────────┐ ┌───────────────────┐ ┌───────────────────┐",
                " │ Tile number 28    │ │ Tile number 29    │ │ Tile number 30    │ │ Tile number 31    │ │ Tile number 32    │ │ Tile number 33    │ │ Tile number 34    │ │ Tile number 35    │ │ Tile number 36    │",
                " └───────────────────┘ └───────────────────┘ └───────────────────┘ └───────────────────┘ └───────────────────┘ └───────────────────┘ └───────────────────┘ └───────────────────┘ └───────────────────┘",
                " ┌───────────────────┐ ┌───────────────────┐ ┌───────────────────┐ ┌───────────────────┐ ┌───────────────────┐ ┌───────────────────┐ ┌───────────────────┐ ┌───────────────────┐ ┌───────────────────┐",
                " │ Tile number 37    │ │ Tile number 38    │ │ Tile number 39    │ │ Tile number 40    │ │ Tile number 41    │ │ Tile number 42    │ │ Tile number 43    │ │ Tile number 44    │ │ Tile number 45    │",
                " └───────────────────┘ └───────────────────┘ └───────────────────┘ └───────────────────┘ └───────────────────┘ └───────────────────┘ └───────────────────┘ └───────────────────┘ └───────────────────┘",
                " ┌───────────────────┐ ┌───────────────────┐ ┌───────────────────┐ ┌───────────────────┐ ┌───────────────────┐ ┌───────────────────┐ ┌───────────────────┐ ┌───────────────────┐ ┌───────────────────┐",
                " Tile number 1 · To do · 1 of 320",
                "? help · q quit",
            ])
    }

    @Test func everyTilesRightBorderIsInItsColumnWhateverTheCharacters() {
        for width in [40, 80, 200] {
            let model = F.model(Self.mixed, width: width, height: 40, metrics: .standard)
            let buffer = AppView.render(model, time: 10)
            for (id, tile) in model.layout.tiles {
                let y = tile.y + 1 + model.boardArea.y - model.scroll
                guard model.boardArea.contains(x: 0, y: y) else { continue }
                let border = buffer.cell(x: tile.right - 1, y: y)?.symbol
                #expect(border == "│" || border == "┃", "\(id) at \(width) columns: \(border ?? "none")")
            }
        }
    }

    @Test func theFocusLineShowsTheWholeLabelItsSectionAndPlace() {
        var model = F.model(Self.numbered, width: 60, height: 12, metrics: TileMetrics(width: 14))
        #expect(
            F.picture(model)[2...4] == [
                " ┏━━━━━━━━━━━━┓ ┌────────────┐ ┌────────────┐",
                " ┃ Tile numb… ┃ │ Tile numb… │ │ Tile numb… │",
                " ┗━━━━━━━━━━━━┛ └────────────┘ └────────────┘",
            ])
        _ = model.update(F.key(.right), now: 1)
        #expect(F.picture(model)[10] == " Tile number 2 · To do · 2 of 320")
        _ = model.update(F.char("G"), now: 1)
        #expect(F.picture(model)[10] == " Photos · Done · 1 of 1")
    }

    @Test func aLabelTooLongForTheLineWrapsAndStillSaysWhereItIs() {
        let long = String(repeating: "word ", count: 19) + "end"
        let board = F.board([(id: "todo", title: "To do", labels: [long])])
        let model = F.model(board, width: 40, height: 16, metrics: .standard)
        let lines = F.picture(model)
        #expect(
            lines[11...14] == [
                " word word word word word word word",
                " word word word word word word word",
                " word word word word word end",
                " To do · 1 of 1",
            ])
        #expect(model.boardArea.height == 10)
    }

    @Test func theGridFollowsTheWidestLabelAndTheScreen() {
        let standard = TileMetrics.standard
        let short = standard.grid(widest: 4, columns: 80)
        #expect((short.width, short.perRow, short.labelLines) == (14, 5, 1))
        let numbered = standard.grid(widest: 15, columns: 200)
        #expect((numbered.width, numbered.perRow, numbered.labelLines) == (21, 9, 1))
        let long = standard.grid(widest: 40, columns: 80)
        #expect((long.width, long.perRow, long.labelLines, long.height) == (32, 2, 2, 4))
        let narrow = standard.grid(widest: 10, columns: 12)
        #expect((narrow.width, narrow.perRow, narrow.labelLines) == (10, 1, 2))
        let fixed = TileMetrics(width: 6).grid(widest: 30, columns: 50)
        #expect((fixed.width, fixed.perRow, fixed.labelLines) == (6, 7, 1))
    }
}
