import BoardClientApp
import BoardSync
import TerminalUI
import Testing

@Suite struct RenderingTests {
    @Test func fixedTilesAt60x16ShowSectionsTilesTrimmedLabelsAndTheWholeFocusedLabel() {
        var model = ModelFixtures.model()
        #expect(
            ModelFixtures.picture(model) == [
                " team v1 · connected ann",
                " To do (4)",
                " ┏━━━━━━━━━━━━┓ ┌────────────┐ ┌────────────┐",
                " ┃ Mail       ┃ │ Maps       │ │ Notes      │",
                " ┗━━━━━━━━━━━━┛ └────────────┘ └────────────┘",
                " ┌────────────┐",
                " │ A very lo… │",
                " └────────────┘",
                "",
                " Done (1)",
                " ┌────────────┐",
                " │ Photos     │",
                " └────────────┘",
                "",
                " Mail · To do · 1 of 4",
                "? help · q quit",
            ])
        for _ in 0..<3 { _ = model.update(ModelFixtures.key(.right), now: 1) }
        #expect(ModelFixtures.picture(model)[14] == " A very long label indeed · To do · 4 of 4")
        #expect(
            ModelFixtures.attributes(model, time: 10, rows: 14...14) == [
                String(repeating: ".", count: 25) + String(repeating: "d", count: 17)
            ])
    }

    @Test func narrowTerminalStacksTilesAndScrollsToTheCursor() {
        var model = ModelFixtures.model(width: 20, height: 13)
        #expect(
            ModelFixtures.picture(model) == [
                " team v1 · connected",
                " To do (4)",
                " ┏━━━━━━━━━━━━┓",
                " ┃ Mail       ┃",
                " ┗━━━━━━━━━━━━┛",
                " ┌────────────┐",
                " │ Maps       │",
                " └────────────┘",
                " ┌────────────┐",
                " │ Notes      │",
                " Mail",
                " To do · 1 of 4",
                "? help · q quit",
            ])
        for _ in 0..<4 { _ = model.update(ModelFixtures.key(.down), now: 1) }
        #expect(model.cursor == .tile("done0"))
        #expect(
            ModelFixtures.picture(model) == [
                " team v1 · connected",
                " └────────────┘",
                " ┌────────────┐",
                " │ A very lo… │",
                " └────────────┘",
                "",
                " Done (1)",
                " ┏━━━━━━━━━━━━┓",
                " ┃ Photos     ┃",
                " ┗━━━━━━━━━━━━┛",
                " Photos",
                " Done · 1 of 1",
                "? help · q quit",
            ])
    }

    @Test func reflowsOnResize() {
        var model = ModelFixtures.model()
        _ = model.update(.resize(TerminalSize(width: 80, height: 10)), now: 1)
        let lines = ModelFixtures.picture(model, time: 5)
        #expect(lines[3] == " ┃ Mail       ┃ │ Maps       │ │ Notes      │ │ A very lo… │")
        #expect(lines.count == 10)
    }

    @Test func remoteDragShowsAPlaceholderWithTheHolder() {
        let bob = ServerMessage.Peer(client: "bob0000000000001", user: "bob")
        let drag = ServerMessage.Drag(
            action: .over, client: bob.client, user: "bob", item: "todo1", from: Position(section: "todo", index: 1),
            to: Position(section: "done", index: 1), version: 1)
        let model = ModelFixtures.model(peers: [bob], drags: [drag])
        let lines = ModelFixtures.picture(model)
        #expect(lines[0] == " team v1 · connected ann bob")
        #expect(lines[3] == " ┃ Mail       ┃ │ Notes      │ │ A very lo… │")
        #expect(lines[6] == " Done (2)")
        #expect(lines[7] == " ┌────────────┐ ┌┄┄┄┄┄┄┄┄┄┄┄┄┐")
        #expect(lines[8] == " │ Photos     │ ┆ bob        ┆")
        let buffer = AppView.render(model, time: 10)
        #expect(buffer.cell(x: 18, y: 8)?.style.foreground == PeerColors.color(for: bob.user, in: .ansi))
    }

    @Test func thePeopleWhoDoNotFitOnTheStatusLineAreCounted() {
        let names = ["bob", "cleo", "cleo", "dan", "eve", "finn", "gus", "hal"]
        let peers = names.enumerated().map {
            ServerMessage.Peer(client: ClientID("peer\($0.offset)"), user: $0.element)
        }
        let wide = ModelFixtures.picture(ModelFixtures.model(width: 80, peers: peers))
        #expect(wide[0] == " team v1 · connected ann bob cleo ×2 dan eve finn gus hal")
        let narrow = ModelFixtures.picture(ModelFixtures.model(width: 44, peers: peers))
        #expect(narrow[0] == " team v1 · connected ann bob cleo ×2 dan +4")
        let buffer = AppView.render(ModelFixtures.model(width: 44, peers: peers), time: 10)
        #expect(buffer.cell(x: 30, y: 0)?.style.foreground == PeerColors.color(for: "cleo", in: .ansi))
        #expect(buffer.cell(x: 38, y: 0)?.style.foreground == PeerColors.color(for: "dan", in: .ansi))
        #expect(buffer.cell(x: 41, y: 0)?.style.foreground == .default)
    }

    @Test func helpOverlayListsTheKeys() {
        var model = ModelFixtures.model(height: 44)
        _ = model.update(ModelFixtures.char("?"), now: 1)
        let text = ModelFixtures.picture(model).joined(separator: "\n")
        for key in [
            "← → h l", "↑ ↓ k j", "PgUp PgDn", "Home g", "End G", "pick up the tile", "put it back", "add a tile",
            "rename the tile", "delete the tile (asks y/n)", "add a section", "move the section up or down",
            "undo", "Ctrl-W", "quit",
        ] {
            #expect(text.contains(key), "help lacks \(key)")
        }
        #expect(!text.contains("left, right"), "sections stack vertically")
        _ = model.update(ModelFixtures.char("?"), now: 2)
        #expect(!ModelFixtures.picture(model).joined().contains("undo"))
    }

    @Test func heldTileIsDrawnLiftedWithADoubleBorder() {
        var model = ModelFixtures.model()
        _ = model.update(ModelFixtures.char(" "), now: 1)
        let lines = ModelFixtures.picture(model)
        #expect(lines[2] == " ╔════════════╗ ┌────────────┐ ┌────────────┐")
        #expect(lines[15] == "arrows move · space/enter drop · esc cancel")
    }

    @Test func statusShowsOfflineWithPendingEdits() {
        var model = ModelFixtures.model()
        _ = model.update(.connectionClosed(code: nil, reason: ""), now: 1)
        _ = model.update(ModelFixtures.char("d"), now: 1)
        _ = model.update(ModelFixtures.char("y"), now: 1)
        let status = ModelFixtures.picture(model, time: 1)[0]
        #expect(status.hasPrefix(" team v1 · offline with 1 pending, reconnecting in 1s"))
    }
}
