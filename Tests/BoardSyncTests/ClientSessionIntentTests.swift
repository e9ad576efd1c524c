import BoardSync
import Testing

/// A session's intents: where keys and pointers take a held tile in each arrangement, where a
/// new tile goes, and the sentences said of a person's own actions.
@Suite struct ClientSessionIntentTests {
    /// Ann's session, live on `board` (sections `main` with Mail, Maps, Calc and `done`, empty,
    /// unless given).
    private func live(_ board: Board = clientBoard, arrangement: BoardArrangement = .columns) -> ClientSession {
        var session = ClientSession(board: "team", user: "ann", client: "A", seed: 3, arrangement: arrangement)
        _ = session.handle(.start, now: 0)
        _ = session.handle(.opened, now: 0)
        _ = session.handle(.received(clientWelcome(board)), now: 0)
        return session
    }

    private func heldAt(_ session: ClientSession) -> Position? {
        session.machine.localDrag?.to
    }

    /// Sections a (5 tiles), b (2 tiles) and c (empty), for the arrangement tests.
    private let grid = Board(
        id: "team", version: 5,
        sections: [
            Section(id: "a", title: "A", items: (0..<5).map { Item(id: ItemID("a\($0)"), label: "A\($0)") }),
            Section(id: "b", title: "B", items: (0..<2).map { Item(id: ItemID("b\($0)"), label: "B\($0)") }),
            Section(id: "c", title: "C"),
        ])

    @Test func columnsMoveWithinASectionUpAndDownAndToTheNextSectionSideways() {
        var session = live(grid)
        _ = session.handle(.intent(.pickUp("a3")), now: 1)
        _ = session.handle(.intent(.moveHeld(.step(.up))), now: 2)
        #expect(heldAt(session) == at("a", 2))
        _ = session.handle(.intent(.moveHeld(.step(.right))), now: 3)
        #expect(heldAt(session) == at("b", 2))
        _ = session.handle(.intent(.moveHeld(.step(.down))), now: 4)
        #expect(heldAt(session) == at("b", 2), "the end of b is as far down as it goes")
        _ = session.handle(.intent(.moveHeld(.step(.right))), now: 5)
        #expect(heldAt(session) == at("c", 0))
        let nowhere = session.handle(.intent(.moveHeld(.step(.right))), now: 6)
        #expect(heldAt(session) == at("c", 0))
        #expect(nowhere.send.isEmpty && nowhere.batch == nil)
        _ = session.handle(.intent(.moveHeld(.step(.left))), now: 7)
        _ = session.handle(.intent(.moveHeld(.step(.left))), now: 8)
        #expect(heldAt(session) == at("a", 0))
    }

    @Test func rowsStepThroughReadingOrderAndMoveByARowAcrossSections() {
        var session = live(grid, arrangement: .rows(tilesPerRow: 3))
        _ = session.handle(.intent(.pickUp("a1")), now: 1)
        _ = session.handle(.intent(.moveHeld(.step(.down))), now: 2)
        #expect(heldAt(session) == at("a", 4), "a row down, same column")
        _ = session.handle(.intent(.moveHeld(.step(.down))), now: 3)
        #expect(heldAt(session) == at("b", 1), "into b's first row, same column")
        _ = session.handle(.intent(.moveHeld(.step(.right))), now: 4)
        #expect(heldAt(session) == at("b", 2))
        _ = session.handle(.intent(.moveHeld(.step(.right))), now: 5)
        #expect(heldAt(session) == at("c", 0), "past the end of b: the start of c")
        _ = session.handle(.intent(.moveHeld(.step(.left))), now: 6)
        #expect(heldAt(session) == at("b", 2), "back: the end of b")
        _ = session.handle(.intent(.moveHeld(.step(.up))), now: 7)
        #expect(heldAt(session) == at("a", 4), "up from b's first row: a's last row, its end for a column it lacks")
        _ = session.handle(.intent(.moveHeld(.step(.up))), now: 8)
        #expect(heldAt(session) == at("a", 1))
        _ = session.handle(.intent(.moveHeld(.step(.up))), now: 9)
        #expect(heldAt(session) == at("a", 1), "nothing above the first row of the first section")
    }

    @Test func pointerTargetsAreResolvedAgainstTheOtherTiles() {
        var session = live(grid)
        _ = session.handle(.intent(.pickUp("a1")), now: 1)
        _ = session.handle(.intent(.moveHeld(.before("a3"))), now: 2)
        #expect(heldAt(session) == at("a", 2))
        _ = session.handle(.intent(.moveHeld(.slotOf("a4"))), now: 3)
        #expect(heldAt(session) == at("a", 4), "into a4's place, which is after it")
        _ = session.handle(.intent(.moveHeld(.slotOf("a0"))), now: 4)
        #expect(heldAt(session) == at("a", 0), "into a0's place, before it")
        _ = session.handle(.intent(.moveHeld(.endOf("b"))), now: 5)
        #expect(heldAt(session) == at("b", 2))
        _ = session.handle(.intent(.moveHeld(.section(2))), now: 6)
        #expect(heldAt(session) == at("c", 0))
        _ = session.handle(.intent(.moveHeld(.before("nothing"))), now: 7)
        #expect(heldAt(session) == at("c", 0))
    }

    @Test func appendingCountsTheBoardNotThePlaceholdersInTheSection() {
        var session = live()
        _ = session.handle(.received(bobDrags(.begin, "a")), now: 1)
        _ = session.handle(
            .received(bobDrags(.over, "a", from: at("main", 0), to: at("done", 0))), now: 1)
        #expect(session.view.sections[1].cells.count == 1, "bob's placeholder shows in Done")
        let step = session.handle(.intent(.insert(label: "New", at: .endOf("done"), id: "n")), now: 2)
        #expect(step.send == [submitMessage(1, base: 5, .insert(item: Item(id: "n", label: "New"), to: at("done", 0)))])
        let after = session.handle(.intent(.insert(label: "Next", at: .after("a"), id: "m")), now: 3)
        #expect(after.send.isEmpty, "queued behind the first")
        #expect(session.machine.optimistic?.position(ofItem: "m") == at("main", 1))
    }

    @Test func aNewSectionGoesAfterTheLastWithoutAnIndex() {
        var session = live()
        _ = session.handle(.intent(.addSection(title: "Later", id: "later")), now: 1)
        #expect(session.machine.optimistic?.board.sections.last?.id == "later")
    }

    @Test func aDragIsSaidStepByStep() {
        var session = live()
        let picked = session.handle(.intent(.pickUp("b")), now: 1)
        #expect(picked.announcements == ["Picked up Maps, position 2 of 3 in Main."])
        let moved = session.handle(.intent(.moveHeld(.step(.right))), now: 2)
        #expect(moved.announcements == ["Maps: position 1 of 1 in Done."])
        let dropped = session.handle(.intent(.drop), now: 3)
        #expect(dropped.announcements == ["Dropped Maps in Done, position 1."])
        #expect(session.lastAnnouncement == "Dropped Maps in Done, position 1.")
        _ = session.handle(.intent(.pickUp("a")), now: 4)
        #expect(session.handle(.intent(.cancel), now: 5).announcements == ["Mail put back."])
    }

    @Test func deletesAndUndoAreSaid() {
        var session = live()
        #expect(
            session.handle(.intent(.delete("c")), now: 1).announcements == ["Deleted Calc. Undo brings it back."])
        #expect(
            session.handle(.intent(.deleteSection("main")), now: 2).announcements
                == ["Deleted section Main and its 2 tiles. Undo brings them back."])
        #expect(
            session.handle(.intent(.undo), now: 3).announcements == ["Undone: you added section Main with 2 tiles."])
        let impossible = session.handle(.intent(.delete("nothing")), now: 4)
        #expect(impossible.notices.map(\.kind) == ["invalidEdit"])
        #expect(impossible.announcements == impossible.notices.map(\.text), "only the notice is said")
    }

    @Test func otherPeoplesChangesAreSaidAndKept() {
        var session = live()
        let step = session.handle(.received(bobs(6, .move(item: "a", from: at("main", 0), to: at("done", 0)))), now: 1)
        #expect(step.announcements == ["bob moved Mail to Done"])
        #expect(step.notices.map(\.isShown) == [false])
        #expect(session.lastRemoteAction == "bob moved Mail to Done")
        #expect(step.plan?.cells.contains { $0.id == "a" && $0.motion == .moved } == true)
    }

    @Test func theFirstBoardAppearsAtOnceAndLaterChangesArePlanned() {
        var session = ClientSession(board: "team", user: "ann", client: "A", seed: 3)
        _ = session.handle(.start, now: 0)
        _ = session.handle(.opened, now: 0)
        let first = session.handle(.received(clientWelcome()), now: 0)
        #expect(first.batch != nil)
        #expect(first.plan == nil && first.problem == nil)
        let edit = session.handle(.intent(.rename("a", label: "Post")), now: 1)
        #expect(edit.batch != nil && edit.plan != nil)
    }
}

/// Marking tiles and acting on them together, through the session.
@Suite struct ClientSessionMarkTests {
    private func live() -> ClientSession {
        var session = ClientSession(board: "team", user: "ann", client: "A", seed: 3)
        _ = session.handle(.start, now: 0)
        _ = session.handle(.opened, now: 0)
        _ = session.handle(.received(clientWelcome()), now: 0)
        return session
    }

    @Test func marksAreSaidAndUsedInBoardOrder() {
        var session = live()
        #expect(session.handle(.intent(.mark("c")), now: 1).announcements == ["Marked Calc; 1 selected."])
        #expect(session.handle(.intent(.mark("a")), now: 1).announcements == ["Marked Mail; 2 selected."])
        let moved = session.handle(.intent(.moveMarked(to: at("done", 0))), now: 2)
        #expect(moved.announcements == ["Moved 2 tiles to Done."])
        guard case .submit(let submit)? = moved.send.first else {
            Issue.record("no submit")
            return
        }
        #expect(submit.isGroup && submit.ops.compactMap(\.itemID) == ["a", "c"])
        #expect(session.selection.isEmpty)
        #expect(moved.plan?.cells.filter { $0.motion == .moved }.map(\.id).sorted() == ["a", "c"])
    }

    @Test func aRunIsMarkedWithinItsSectionFromTheLastMark() {
        var session = live()
        _ = session.handle(.intent(.mark("a")), now: 1)
        #expect(session.handle(.intent(.markRun(to: "c")), now: 1).announcements == ["3 tiles selected."])
        #expect(Set(session.selection.marked) == ["a", "b", "c"])
        let deleted = session.handle(.intent(.deleteMarked), now: 2)
        #expect(deleted.announcements == ["Deleted 3 tiles. Undo brings them back."])
        #expect(session.view.sections[0].cells.isEmpty)
        #expect(session.handle(.intent(.undo), now: 3).announcements == ["Undone: you added 3 tiles."])
        #expect(session.view.sections[0].cells.map(\.label) == ["Mail", "Maps", "Calc"])
        #expect(session.handle(.intent(.redo), now: 4).announcements == ["Redone: you deleted 3 tiles."])
    }

    @Test func marksOfTilesThatLeaveTheBoardAreForgotten() {
        var session = live()
        _ = session.handle(.intent(.mark("b")), now: 1)
        _ = session.handle(.received(bobs(6, .delete(item: "b", from: at("main", 1)))), now: 2)
        #expect(session.selection.isEmpty)
        #expect(session.handle(.intent(.clearMarks), now: 3).announcements.isEmpty)
    }
}

/// Picking up the marked tiles as one block, through the session.
@Suite struct ClientSessionBlockTests {
    @Test func markedTilesArePickedUpTogetherMovedAndDroppedAsOneGroup() {
        var session = ClientSession(board: "team", user: "ann", client: "A", seed: 3)
        _ = session.handle(.start, now: 0)
        _ = session.handle(.opened, now: 0)
        _ = session.handle(.received(clientWelcome()), now: 0)
        _ = session.handle(.intent(.mark("a")), now: 1)
        _ = session.handle(.intent(.mark("c")), now: 1)
        let picked = session.handle(.intent(.pickUp("c")), now: 2)
        #expect(picked.send == [.drag(.beginBlock(items: ["a", "c"]))], "in board order, not marking order")
        #expect(picked.announcements == ["Picked up 2 tiles, position 1 of 3 in Main."])
        let moved = session.handle(.intent(.moveHeld(.step(.right))), now: 3)
        #expect(moved.announcements == ["2 tiles: position 1 of 2 in Done."])
        #expect(session.view.sections[1].cells.map(\.id) == ["a", "c"])
        let dropped = session.handle(.intent(.drop), now: 4)
        #expect(dropped.announcements == ["Dropped 2 tiles in Done, position 1."])
        guard case .submit(let submit)? = dropped.send.last else {
            Issue.record("no submit: \(dropped.send)")
            return
        }
        #expect(submit.isGroup && submit.ops.count == 2)
        #expect(session.selection.isEmpty)
        #expect(
            dropped.plan?.cells.filter { $0.placeholder == .closed }.map(\.id).sorted() == ["a", "c"],
            "the block's placeholders close where it was dropped")
    }
}
