import BoardClientApp
import BoardSync
import TerminalUI
import Testing

/// Frames at the start, middle and end of each kind of change, as text pictures (and colour or
/// attribute pictures where the style is the point): the batch's moves lift, everything else
/// that changes place slides, and another person's move stays marked in their colour.
@Suite struct AnimationTests {
    typealias F = ModelFixtures
    static let bob = ServerMessage.Peer(client: "bob0000000000001", user: "bob")
    /// Seven small tiles in one row, so six can change place at once.
    static let letters = F.board([
        (id: "s", title: "Letters", labels: ["A", "B", "C", "D", "E", "F", "G"]),
        (id: "t", title: "Other", labels: ["H"]),
    ])
    static let small = TileMetrics(width: 6, height: 3, gap: 1, margin: 1)

    func remote(_ op: Op, version: Int) -> AppMessage {
        .server(.op(.init(version: version, client: Self.bob.client, user: "bob", seq: 0, op: op)))
    }

    func pos(_ section: SectionID, _ index: Int) -> Position { Position(section: section, index: index) }

    func rows(_ model: AppModel, _ time: Double, _ range: ClosedRange<Int>) -> [String] {
        Array(F.picture(model, time: time)[range])
    }

    @Test func bobIsCyan() {
        #expect(PeerColors.color(for: Self.bob.user, in: .ansi) == .cyan)
    }

    @Test func aRemoteMoveLiftsOnlyTheMovedTileWhileItsNeighboursSlide() {
        var model = F.model(Self.letters, width: 50, peers: [Self.bob], metrics: Self.small)
        let commands = model.update(remote(.move(item: "s1", from: pos("s", 1), to: pos("s", 6)), version: 2), now: 1)
        #expect(commands.contains(.scheduleTick(at: 2.5)))
        #expect(
            rows(model, 1.0, 2...4) == [
                " ┏━━━━┓ ╔════╗ ┌────┐ ┌────┐ ┌────┐ ┌────┐ ┌────┐",
                " ┃ A  ┃ ║ B  ║ │ C  │ │ D  │ │ E  │ │ F  │ │ G  │",
                " ┗━━━━┛ ╚════╝ └────┘ └────┘ └────┘ └────┘ └────┘",
            ])
        #expect(F.colours(model, time: 1.0, rows: 3...3) == [".yy.yyy.cccccc"])
        #expect(
            rows(model, 1.1, 2...4) == [
                " ┏━━━━┓  ┌────┐ ┌────┐ ┌────┐ ┌────┐ ┌─╔════╗",
                " ┃ A  ┃  │ C  │ │ D  │ │ E  │ │ F  │ │ ║ B  ║",
                " ┗━━━━┛  └────┘ └────┘ └────┘ └────┘ └─╚════╝",
            ])
        #expect(F.colours(model, time: 1.1, rows: 3...3) == [".yy.yyy" + String(repeating: ".", count: 32) + "cccccc"])
        let landed = [
            " ┏━━━━┓ ┌────┐ ┌────┐ ┌────┐ ┌────┐ ┌────┐ ╭────╮",
            " ┃ A  ┃ │ C  │ │ D  │ │ E  │ │ F  │ │ G  │ │ B  │",
            " ┗━━━━┛ └────┘ └────┘ └────┘ └────┘ └────┘ ╰────╯",
        ]
        #expect(rows(model, 1.2, 2...4) == landed)
        #expect(rows(model, 2.4, 2...4) == landed)
        #expect(
            F.colours(model, time: 2.4, rows: 2...4) == [
                ".yyyyyy" + String(repeating: ".", count: 36) + "cccccc",
                ".yy.yyy" + String(repeating: ".", count: 36) + "cccccc",
                ".yyyyyy" + String(repeating: ".", count: 36) + "cccccc",
            ])
        #expect(model.update(.frame, now: 1.2) == [])
        #expect(model.update(.tick, now: 2.5).contains(.requestFrame))
        #expect(rows(model, 2.5, 3...3) == [" ┃ A  ┃ │ C  │ │ D  │ │ E  │ │ F  │ │ G  │ │ B  │"])
        #expect(rows(model, 2.5, 2...2) == [" ┏━━━━┓ ┌────┐ ┌────┐ ┌────┐ ┌────┐ ┌────┐ ┌────┐"])
        #expect(F.colours(model, time: 2.5, rows: 3...3) == [".yy.yyy"])
    }

    @Test func theFirstBoardAppearsAtOnceAndALaterSectionAnimates() {
        let model = F.model(peers: [Self.bob])
        #expect(!model.animator.isAnimating(at: 0))
        #expect(F.picture(model, time: 0) == F.picture(model, time: 10))
        var empty = F.model(F.board([]), peers: [Self.bob])
        let ideas = SectionHeader(id: "new", title: "Ideas")
        _ = empty.update(remote(.insertSection(section: ideas, index: 0), version: 2), now: 1)
        #expect(empty.animator.isAnimating(at: 1.1))
        #expect(rows(empty, 1.1, 1...1) == [" Idea (0)"])
    }

    @Test func eachMarkEndsWithItsOwnRedraw() {
        var model = F.model(Self.letters, width: 50, peers: [Self.bob], metrics: Self.small)
        let first = model.update(remote(.move(item: "s1", from: pos("s", 1), to: pos("s", 6)), version: 2), now: 1)
        let second = model.update(remote(.move(item: "s2", from: pos("s", 1), to: pos("s", 0)), version: 3), now: 2)
        #expect(first.contains(.scheduleTick(at: 2.5)) && second.contains(.scheduleTick(at: 3.5)))
        #expect(model.update(.tick, now: 2.5).contains(.requestFrame))
        #expect(
            rows(model, 2.5, 2...4) == [
                " ╭────╮ ┏━━━━┓ ┌────┐ ┌────┐ ┌────┐ ┌────┐ ┌────┐",
                " │ C  │ ┃ A  ┃ │ D  │ │ E  │ │ F  │ │ G  │ │ B  │",
                " ╰────╯ ┗━━━━┛ └────┘ └────┘ └────┘ └────┘ └────┘",
            ])
        #expect(F.colours(model, time: 2.5, rows: 3...3) == [".cccccc.yy.yyy"])
        #expect(model.update(.tick, now: 3.5).contains(.requestFrame))
        #expect(F.colours(model, time: 3.5, rows: 3...3) == ["........yy.yyy"])
    }

    @Test func theAnimationPlaysTheBatchNotADiffOfTheLayouts() throws {
        var model = F.model(Self.letters, width: 50, peers: [Self.bob], metrics: Self.small)
        let old = model.machine.view
        let oldLayout = model.layout
        _ = model.update(remote(.move(item: "s1", from: pos("s", 1), to: pos("s", 6)), version: 2), now: 1)
        let fiveMoves = UpdateBatch(
            itemMoves: (2...6).map {
                CellMove(from: CellPath(section: 0, item: $0), to: CellPath(section: 0, item: $0 - 1))
            })
        #expect(try BatchReplay.apply(fiveMoves, to: old, contentFrom: model.machine.view) == model.machine.view)
        let plan = try AnimationPlan(old: old, batch: fiveMoves, new: model.machine.view, cause: nil)
        model.animator = TileAnimator()
        model.animator.play(plan, from: old, oldLayout, to: model.layout, at: 1)
        #expect(
            rows(model, 1.0, 2...4) == [
                " ┏━━━━┓ ┌────┐ ╔════╗ ╔════╗ ╔════╗ ╔════╗ ╔════╗",
                " ┃ A  ┃ │ B  │ ║ C  ║ ║ D  ║ ║ E  ║ ║ F  ║ ║ G  ║",
                " ┗━━━━┛ └────┘ ╚════╝ ╚════╝ ╚════╝ ╚════╝ ╚════╝",
            ])
        #expect(
            rows(model, 1.1, 2...4) == [
                " ┏━━━━┓  ╔════╗ ╔════╗ ╔════╗ ╔════╗ ╔════╗─┐",
                " ┃ A  ┃  ║ C  ║ ║ D  ║ ║ E  ║ ║ F  ║ ║ G  ║ │",
                " ┗━━━━┛  ╚════╝ ╚════╝ ╚════╝ ╚════╝ ╚════╝─┘",
            ])
        #expect(
            rows(model, 1.2, 2...4) == [
                " ┏━━━━┓ ┌────┐ ┌────┐ ┌────┐ ┌────┐ ┌────┐ ┌────┐",
                " ┃ A  ┃ │ C  │ │ D  │ │ E  │ │ F  │ │ G  │ │ B  │",
                " ┗━━━━┛ └────┘ └────┘ └────┘ └────┘ └────┘ └────┘",
            ])
    }

    @Test func anInsertedTileGrowsInPlaceWhileTheOthersMakeRoom() {
        var model = F.model(peers: [Self.bob])
        _ = model.update(remote(.insert(item: Item(id: "new", label: "Fresh"), to: pos("todo", 1)), version: 2), now: 1)
        #expect(
            rows(model, 1.0, 2...7) == [
                " ┏━━━━━━━━━━━━┓ ┌────────────┐ ┌────────────┐",
                " ┃ Mail       ┃ │ Maps       │ │ Notes      │",
                " ┗━━━━━━━━━━━━┛ └────────────┘ └────────────┘",
                " ┌────────────┐",
                " │ A very lo… │",
                " └────────────┘",
            ])
        #expect(
            rows(model, 1.1, 2...7) == [
                " ┏━━━━━━━━━━━━┓  ┌──────────┐┌────────────┐",
                " ┃ Mail       ┃  │ Fresh    ││ Maps       │",
                " ┗━━━━━━━━━━━━┛  └──────────┘└────────────┘",
                "     ┌────────┌────────────┐",
                "     │ Notes  │ A very lo… │",
                "     └────────└────────────┘",
            ])
        #expect(
            rows(model, 1.2, 2...7) == [
                " ┏━━━━━━━━━━━━┓ ┌────────────┐ ┌────────────┐",
                " ┃ Mail       ┃ │ Fresh      │ │ Maps       │",
                " ┗━━━━━━━━━━━━┛ └────────────┘ └────────────┘",
                " ┌────────────┐ ┌────────────┐",
                " │ Notes      │ │ A very lo… │",
                " └────────────┘ └────────────┘",
            ])
    }

    @Test func aDeletedTileCollapsesWhereItWas() {
        var model = F.model(peers: [Self.bob])
        _ = model.update(remote(.delete(item: "done0", from: pos("done", 0)), version: 2), now: 1)
        #expect(rows(model, 1.0, 10...12) == [" ┌────────────┐", " │ Photos     │", " └────────────┘"])
        #expect(F.attributes(model, time: 1.0, rows: 10...12) == Array(repeating: ".dddddddddddddd", count: 3))
        #expect(rows(model, 1.1, 10...12) == ["       ┌┐", "   (emp││)", "       └┘"])
        #expect(F.attributes(model, time: 1.1, rows: 10...12) == [".......dd", "...ddddddd", ".......dd"])
        #expect(rows(model, 1.2, 10...12) == ["", "   (empty)", ""])
        #expect(model.animator.ghosts(at: 1.2).isEmpty)
        #expect(model.update(.frame, now: 1.2) == [])
    }

    @Test func aRenameFlashesTheNewLabel() {
        var model = F.model(peers: [Self.bob])
        _ = model.update(remote(.update(item: "todo1", label: "Atlas"), version: 2), now: 1)
        let row = " ┃ Mail       ┃ │ Atlas      │ │ Notes      │"
        for time in [1.0, 1.1, 1.2] { #expect(rows(model, time, 3...3) == [row]) }
        let flashing = ["..................RRRRR"]
        #expect(F.attributes(model, time: 1.0, rows: 3...3) == flashing)
        #expect(F.attributes(model, time: 1.1, rows: 3...3) == flashing)
        #expect(F.attributes(model, time: 1.2, rows: 3...3) == [""])
    }

    @Test func aRemoteDragOpensAPlaceholderAndTheGapTravelsWithIt() {
        var model = F.model(peers: [Self.bob])
        _ = model.update(
            .server(.drag(.init(action: .begin, client: Self.bob.client, user: "bob", item: "todo1", version: 1))),
            now: 1)
        let opened = " ┃ Mail       ┃ ┆ bob        ┆ │ Notes      │"
        #expect(rows(model, 1.0, 3...3) == [opened])
        #expect(F.attributes(model, time: 1.0, rows: 3...3) == ["................ddRRRddddddddd"])
        #expect(F.attributes(model, time: 1.2, rows: 3...3) == ["................dd...ddddddddd"])
        _ = model.update(
            .server(
                .drag(
                    .init(
                        action: .over, client: Self.bob.client, user: "bob", item: "todo1", from: pos("todo", 1),
                        to: pos("todo", 3), version: 1))), now: 2)
        #expect(
            rows(model, 2.0, 2...7) == [
                " ┏━━━━━━━━━━━━┓ ┌┄┄┄┄┄┄┄┄┄┄┄┄┐ ┌────────────┐",
                " ┃ Mail       ┃ ┆ bob        ┆ │ Notes      │",
                " ┗━━━━━━━━━━━━┛ └┄┄┄┄┄┄┄┄┄┄┄┄┘ └────────────┘",
                " ┌────────────┐",
                " │ A very lo… │",
                " └────────────┘",
            ])
        #expect(
            rows(model, 2.1, 2...7) == [
                " ┏━━━━━━━━━━━━┓   ┌────────┌────────────┐",
                " ┃ Mail       ┃   │ Notes  │ A very lo… │",
                " ┗━━━━━━━━━━━━┛   └────────└────────────┘",
                "   ┌┄┄┄┄┄┄┄┄┄┄┄┄┐",
                "   ┆ bob        ┆",
                "   └┄┄┄┄┄┄┄┄┄┄┄┄┘",
            ])
        #expect(
            rows(model, 2.2, 2...7) == [
                " ┏━━━━━━━━━━━━┓ ┌────────────┐ ┌────────────┐",
                " ┃ Mail       ┃ │ Notes      │ │ A very lo… │",
                " ┗━━━━━━━━━━━━┛ └────────────┘ └────────────┘",
                " ┌┄┄┄┄┄┄┄┄┄┄┄┄┐",
                " ┆ bob        ┆",
                " └┄┄┄┄┄┄┄┄┄┄┄┄┘",
            ])
        #expect(F.colours(model, time: 2.2, rows: 6...6) == [".cccccccccccccc"])
    }

    @Test func pickingUpWithTheMouseOpensAGapThatTheNeighboursMakeRoomFor() {
        var model = F.model()
        _ = model.update(.input(.mouse(MouseEvent(.press(.left), x: 20, y: 3))), now: 1)
        #expect(
            rows(model, 1.0, 2...4) == [
                " ┌────────────┐ ╔════════════╗ ┌────────────┐",
                " │ Mail       │ ║ Maps       ║ │ Notes      │",
                " └────────────┘ ╚════════════╝ └────────────┘",
            ])
        _ = model.update(.input(.mouse(MouseEvent(.drag(.left), x: 35, y: 3))), now: 1.5)
        #expect(
            rows(model, 1.5, 2...4) == [
                " ┌────────────┐ ┌┄┄┄┄┄┄┄┄┄┄┄┄┐ ╔════════════╗",
                " │ Mail       │ ┆            ┆ ║ Maps       ║",
                " └────────────┘ └┄┄┄┄┄┄┄┄┄┄┄┄┘ ╚════════════╝",
            ])
        #expect(
            rows(model, 1.6, 2...4) == [
                " ┌────────────┐   ┌──────────┌┄╔════════════╗",
                " │ Mail       │   │ Notes    ┆ ║ Maps       ║",
                " └────────────┘   └──────────└┄╚════════════╝",
            ])
        #expect(
            rows(model, 1.7, 2...4) == [
                " ┌────────────┐ ┌────────────┐ ╔════════════╗",
                " │ Mail       │ │ Notes      │ ║ Maps       ║",
                " └────────────┘ └────────────┘ ╚════════════╝",
            ])
    }

    @Test func ownMovesLiftInOwnStyleAndAreNotMarked() {
        var model = F.model()
        _ = model.update(F.char(" "), now: 1)
        _ = model.update(F.key(.right), now: 2)
        #expect(
            rows(model, 2.1, 2...4) == [
                "   ┌──────────╔════════════╗   ┌────────────┐",
                "   │ Maps     ║ Mail       ║   │ Notes      │",
                "   └──────────╚════════════╝   └────────────┘",
            ])
        #expect(F.colours(model, time: 2.1, rows: 3...3) == ["..............ww....wwwwwwww"])
        _ = model.update(F.char(" "), now: 3)
        #expect(
            rows(model, 3.0, 2...4) == [
                " ┌────────────┐ ┏━━━━━━━━━━━━┓ ┌────────────┐",
                " │ Maps       │ ┃ Mail       ┃ │ Notes      │",
                " └────────────┘ ┗━━━━━━━━━━━━┛ └────────────┘",
            ])
        #expect(F.colours(model, time: 3.0, rows: 3...3) == ["................yy....yyyyyyyy"])
    }

    @Test func aCrossSectionMoveTravelsAcross() {
        var model = F.model(peers: [Self.bob])
        _ = model.update(remote(.move(item: "todo2", from: pos("todo", 2), to: pos("done", 0)), version: 2), now: 1)
        #expect(
            rows(model, 1.0, 2...12) == [
                " ┏━━━━━━━━━━━━┓ ┌────────────┐ ╔════════════╗",
                " ┃ Mail       ┃ │ Maps       │ ║ Notes      ║",
                " ┗━━━━━━━━━━━━┛ └────────────┘ ╚════════════╝",
                " ┌────────────┐",
                " │ A very lo… │",
                " └────────────┘",
                "",
                " Done (2)",
                " ┌────────────┐",
                " │ Photos     │",
                " └────────────┘",
            ])
        #expect(
            rows(model, 1.1, 2...12) == [
                " ┏━━━━━━━━━━━━┓ ┌──────────┌────────────┐",
                " ┃ Mail       ┃ │ Maps     │ A very lo… │",
                " ┗━━━━━━━━━━━━┛ └──────────└────────────┘",
                "",
                " Done╔════════════╗",
                "     ║ Notes      ║────────┐",
                "     ╚════════════╝tos     │",
                "              └────────────┘",
                "",
                "",
                "",
            ])
        #expect(
            rows(model, 1.2, 2...9) == [
                " ┏━━━━━━━━━━━━┓ ┌────────────┐ ┌────────────┐",
                " ┃ Mail       ┃ │ Maps       │ │ A very lo… │",
                " ┗━━━━━━━━━━━━┛ └────────────┘ └────────────┘",
                "",
                " Done (2)",
                " ╭────────────╮ ┌────────────┐",
                " │ Notes      │ │ Photos     │",
                " ╰────────────╯ └────────────┘",
            ])
        #expect(F.colours(model, time: 1.2, rows: 8...8) == [".cccccccccccccc"])
    }

    @Test func aBatchInMidFlightStartsEveryTileFromWhereItIsDrawn() {
        var model = F.model(peers: [Self.bob])
        _ = model.update(remote(.move(item: "todo0", from: pos("todo", 0), to: pos("todo", 2)), version: 2), now: 1)
        let before = F.picture(model, time: 1.08)
        #expect(
            before[2...4] == [
                "    ┌────────────┐ ┌─────╔════════════╗",
                "    │ Maps       │ │ Note║ Mail       ║",
                "    └────────────┘ └─────╚════════════╝",
            ])
        _ = model.update(remote(.move(item: "todo0", from: pos("todo", 2), to: pos("done", 0)), version: 3), now: 1.08)
        let after = F.picture(model, time: 1.08)
        #expect(after[2...8] == before[2...8])
        #expect(after[10...12] == before[10...12])
        #expect(
            rows(model, 1.18, 2...9) == [
                " ┌────────────┐ ┌──────────┌────────────┐",
                " │ Maps       │ │ Notes    │ A very lo… │",
                " └────────────┘ └──────────└────────────┘",
                "",
                " Don╔════════════╗",
                "    ║ Mail       ║─────────┐",
                "    ╚════════════╝otos     │",
                "              └────────────┘",
            ])
        #expect(
            rows(model, 1.28, 2...9) == [
                " ┌────────────┐ ┌────────────┐ ┌────────────┐",
                " │ Maps       │ │ Notes      │ │ A very lo… │",
                " └────────────┘ └────────────┘ └────────────┘",
                "",
                " Done (2)",
                " ┏━━━━━━━━━━━━┓ ┌────────────┐",
                " ┃ Mail       ┃ │ Photos     │",
                " ┗━━━━━━━━━━━━┛ └────────────┘",
            ])
        #expect(F.colours(model, time: 1.28, rows: 8...8) == [".cc....cccccccc"])
    }

    @Test func withoutAnimationEveryChangeShowsAtOnceAndTheMoverStillMarksIt() {
        var model = F.model(Self.letters, width: 50, peers: [Self.bob], metrics: Self.small)
        model.animator.animates = false
        _ = model.update(remote(.move(item: "s1", from: pos("s", 1), to: pos("s", 6)), version: 2), now: 1)
        #expect(
            rows(model, 1.0, 2...4) == [
                " ┏━━━━┓ ┌────┐ ┌────┐ ┌────┐ ┌────┐ ┌────┐ ╭────╮",
                " ┃ A  ┃ │ C  │ │ D  │ │ E  │ │ F  │ │ G  │ │ B  │",
                " ┗━━━━┛ └────┘ └────┘ └────┘ └────┘ └────┘ ╰────╯",
            ])
        #expect(!model.animator.isAnimating(at: 1.0))
        _ = model.update(remote(.delete(item: "s2", from: pos("s", 1)), version: 3), now: 2)
        #expect(rows(model, 2.0, 3...3) == [" ┃ A  ┃ │ D  │ │ E  │ │ F  │ │ G  │ │ B  │"])
        #expect(model.animator.ghosts.isEmpty)
    }
}

@Suite struct RenderCacheTests {
    @Test func cachedFramesEqualUncachedFrames() {
        var model = ModelFixtures.model()
        let cache = RenderCache()
        let bob: ClientID = "bob0000000000001"
        var version = 1
        for step in 0..<10 {
            version += 1
            let item: ItemID = "todo\(step % 3)"
            let op: Op
            switch step {
            case 4: op = .update(item: item, label: "Renamed")
            case 6: op = .insert(item: Item(id: "extra", label: "Extra"), to: Position(section: "done", index: 0))
            case 8: op = .delete(item: "extra", from: Position(section: "done", index: 0))
            case 9: op = .moveSection(section: "done", from: 1, index: 0)
            default:
                op = .move(
                    item: item, from: model.machine.committed!.position(ofItem: item)!,
                    to: Position(section: step % 2 == 0 ? "done" : "todo", index: 0))
            }
            _ = model.update(
                .server(.op(.init(version: version, client: bob, user: "bob", seq: 0, op: op))), now: Double(step))
            if step == 3 { _ = model.update(.input(.character(" ")), now: Double(step)) }
            for frame in 0..<15 {
                let time = Double(step) + Double(frame) / 60
                #expect(AppView.render(model, time: time, cache: cache) == AppView.render(model, time: time))
            }
        }
    }

    @Test func cachedFramesEqualUncachedFramesThroughCursorScrollDragsAndResize() {
        let bob = ServerMessage.Peer(client: "bob0000000000001", user: "bob")
        var model = ModelFixtures.model(width: 40, height: 12, peers: [bob])
        let cache = RenderCache()
        let steps: [AppMessage] = [
            ModelFixtures.key(.down), ModelFixtures.key(.down), ModelFixtures.key(.right),
            .server(.drag(.init(action: .begin, client: bob.client, user: "bob", item: "todo1", version: 1))),
            .server(
                .drag(
                    .init(
                        action: .over, client: bob.client, user: "bob", item: "todo1",
                        from: Position(section: "todo", index: 1), to: Position(section: "done", index: 1), version: 1))
            ),
            ModelFixtures.key(.up), .resize(TerminalSize(width: 70, height: 14)), ModelFixtures.char(" "),
            ModelFixtures.key(.right), ModelFixtures.char(" "), .resize(TerminalSize(width: 30, height: 9)),
        ]
        for (step, message) in steps.enumerated() {
            _ = model.update(message, now: Double(step))
            for frame in 0..<15 {
                let time = Double(step) + Double(frame) / 60
                #expect(
                    AppView.render(model, time: time, cache: cache) == AppView.render(model, time: time),
                    "step \(step) frame \(frame)")
            }
        }
    }
}
