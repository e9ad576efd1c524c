import BoardSync
import Testing

/// A text field's target followed through other people's changes, and the questions a person
/// is asked before deleting a section or quitting: nothing typed vanishes, and no question
/// leaves out a tile.
@Suite struct ClientSessionEditingTests {
    @Test func aRenameWhoseTileIsDeletedKeepsItsTextForANewTileWhereTheTileWas() {
        var session = liveSession()
        _ = session.handle(.intent(.editing(.renameItem("b"))), now: 1)
        let step = session.handle(.received(bobs(6, .delete(item: "b", from: at("main", 1)))), now: 2)
        #expect(
            step.edit
                == EditChange(
                    target: .addItem(at: .position(at("main", 1))),
                    words: "bob deleted Maps while you were renaming it; your text is kept."))
        #expect(step.announcements.contains("bob deleted Maps while you were renaming it; your text is kept."))
        #expect(session.openEdit == .addItem(at: .position(at("main", 1))))
        _ = session.handle(.intent(.insert(label: "Maps, renamed", at: .position(at("main", 1)), id: "n")), now: 3)
        #expect(session.view.sections[0].cells.map(\.label) == ["Mail", "Maps, renamed", "Calc"])
    }

    @Test func aNewTileWhoseSectionIsDeletedGoesToTheFirstSectionAndANewTitleToANewSection() {
        var session = liveSession()
        _ = session.handle(.intent(.editing(.addItem(at: .endOf("done")))), now: 1)
        let lost = session.handle(.received(bobs(6, .deleteSection(section: "done", from: 1))), now: 2)
        #expect(
            lost.edit
                == EditChange(
                    target: .addItem(at: .endOf("main")),
                    words: "bob deleted section Done while you were adding a tile to it; your text is kept."))
        _ = session.handle(.intent(.editing(.renameSection("main"))), now: 3)
        let renamed = session.handle(.received(bobs(7, .deleteSection(section: "main", from: 0))), now: 4)
        #expect(
            renamed.edit
                == EditChange(
                    target: .addSection,
                    words: "bob deleted section Main while you were renaming it; your text is kept."))
    }

    @Test func aNewTileWhoseNeighbourLeftGoesWhereTheNeighbourWasWithoutAWord() {
        var session = liveSession()
        _ = session.handle(.intent(.editing(.addItem(at: .after("b")))), now: 1)
        let step = session.handle(.received(bobs(6, .delete(item: "b", from: at("main", 1)))), now: 2)
        #expect(step.edit == EditChange(target: .addItem(at: .position(at("main", 1))), words: nil))
        let quiet = session.handle(.received(bobs(7, .update(item: "a", label: "Post"))), now: 3)
        #expect(quiet.edit == nil)
        _ = session.handle(.intent(.editing(nil)), now: 4)
        let after = session.handle(.received(bobs(8, .delete(item: "c", from: at("main", 1)))), now: 5)
        #expect(after.edit == nil, "a closed field is not followed")
    }

    @Test func aPlaceThatWentStaleIsKeptWithinItsSection() {
        var session = liveSession()
        _ = session.handle(.received(bobs(6, .delete(item: "c", from: at("main", 2)))), now: 1)
        _ = session.handle(.intent(.insert(label: "Late", at: .position(at("main", 7)), id: "n")), now: 2)
        #expect(session.view.sections[0].cells.map(\.label) == ["Mail", "Maps", "Late"])
    }

    @Test func theDeleteQuestionCountsAHeldTileAndNamesItsHolder() {
        var session = liveSession()
        #expect(session.deletionQuestion(section: "main") == "Delete section “Main” and its 3 tiles?")
        _ = session.handle(.received(bobDrags(.begin, "b")), now: 1)
        _ = session.handle(
            .received(bobDrags(.over, "b", from: at("main", 1), to: at("done", 0))), now: 2)
        #expect(session.view.sections[0].cells.filter { $0.holder == nil }.count == 2, "the held tile shows elsewhere")
        #expect(
            session.deletionQuestion(section: "main")
                == "Delete section “Main” and its 3 tiles? bob is moving one of them.")
        #expect(session.deletionQuestion(section: "done") == "Delete the empty section “Done”?")
        #expect(session.deletionQuestion(section: "gone") == nil)
        #expect(
            SessionWords.deleteSection("X", tiles: 1, holders: ["bob"])
                == "Delete section “X” and its 1 tile? bob is moving it.")
        #expect(
            SessionWords.deleteSection("X", tiles: 4, holders: ["bob", "cy", "dee"])
                == "Delete section “X” and its 4 tiles? bob, cy and dee are moving some of them.")
    }

    @Test func quittingAsksOnlyWhileEditsAreNotAcknowledged() {
        var session = liveSession()
        #expect(session.quitQuestion == nil)
        _ = session.handle(.intent(.rename("a", label: "Post")), now: 1)
        _ = session.handle(.intent(.rename("b", label: "Atlas")), now: 2)
        #expect(session.quitQuestion == "2 edits not sent yet: quit anyway?")
        _ = session.handle(.received(.ack(.init(seq: 1, version: 6, op: .update(item: "a", label: "Post")))), now: 3)
        #expect(session.quitQuestion == "1 edit not sent yet: quit anyway?")
    }
}
