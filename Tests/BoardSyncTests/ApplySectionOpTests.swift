import BoardSync
import Testing

/// Section operations that pass the checks, each with the exact board it leaves.
@Suite struct ApplySectionOpTests {
    private let s0 = BoardFixture.section("s0", ["a", "b", "c", "d"])
    private let s1 = BoardFixture.section("s1", ["e", "f", "g"])
    private let s2 = BoardFixture.section("s2", [])

    private func board(_ sections: [Section]) -> Board {
        Board(id: "team", version: 8, sections: sections)
    }

    @Test func insertSectionAtEveryIndex() {
        let fresh = Section(id: "t", title: "Later")
        let header = SectionHeader(id: "t", title: "Later")
        #expect(expectApplied(.insertSection(section: header, index: 0)).board == board([fresh, s0, s1, s2]))
        #expect(expectApplied(.insertSection(section: header, index: 1)).board == board([s0, fresh, s1, s2]))
        #expect(expectApplied(.insertSection(section: header, index: 2)).board == board([s0, s1, fresh, s2]))
        let last = expectApplied(.insertSection(section: header, index: 3))
        #expect(last.board == board([s0, s1, s2, fresh]))
        #expect(last.usedIDs["t"] == .section)
    }

    @Test func moveSectionForwardAndBackward() {
        #expect(expectApplied(.moveSection(section: "s0", from: 0, index: 2)).board == board([s1, s2, s0]))
        #expect(expectApplied(.moveSection(section: "s0", from: 0, index: 1)).board == board([s1, s0, s2]))
        #expect(expectApplied(.moveSection(section: "s2", from: 2, index: 0)).board == board([s2, s0, s1]))
    }

    @Test func moveSectionToWhereItAlreadyIsIsCommitted() {
        let state = expectApplied(.moveSection(section: "s1", from: 1, index: 1))
        #expect(state.board == board([s0, s1, s2]))
    }

    @Test func moveSectionKeepsItemPositionsBySectionID() {
        let state = expectApplied(.moveSection(section: "s1", from: 1, index: 0))
        #expect(state.position(ofItem: "f") == at("s1", 1))
        #expect(state.check(.move(item: "f", from: at("s1", 1), to: at("s0", 0))) == .apply)
    }

    @Test func renameSectionChangesOnlyTheTitle() {
        var renamed = s1
        renamed.title = "Done"
        #expect(expectApplied(.renameSection(section: "s1", title: "Done")).board == board([s0, renamed, s2]))
    }

    @Test func deleteSectionRemovesItAndEveryItemInIt() {
        let state = expectApplied(.deleteSection(section: "s0", from: 0))
        #expect(state.board == board([s1, s2]))
        #expect(state.board.itemCount == 3)
        for id: ItemID in ["a", "b", "c", "d"] {
            #expect(!state.isLive(item: id))
            #expect(state.usedIDs[id.rawValue] == .item)
        }
        #expect(state.usedIDs["s0"] == .section)
        #expect(!state.isLive(section: "s0"))
    }

    @Test func deletingEverySectionLeavesAnEmptyBoard() {
        var state = BoardFixture.standard
        #expect(state.apply(.deleteSection(section: "s2", from: 2)) == .apply)
        #expect(state.apply(.deleteSection(section: "s0", from: 0)) == .apply)
        #expect(state.apply(.deleteSection(section: "s1", from: 0)) == .apply)
        #expect(state.board == Board(id: "team", version: 10, sections: []))
        #expect(state.apply(.insertSection(section: SectionHeader(id: "t", title: "T"), index: 0)) == .apply)
        #expect(state.board == Board(id: "team", version: 11, sections: [Section(id: "t", title: "T")]))
    }

    @Test func theInitialBoardHasOneEmptyMainSection() {
        var state = BoardState(board: .initial(id: "fresh"))
        #expect(state.version == 0)
        #expect(state.apply(.insert(item: Item(id: "a1", label: "Mail"), to: at("main", 0))) == .apply)
        #expect(
            state.board
                == Board(
                    id: "fresh", version: 1,
                    sections: [Section(id: "main", title: "Main", items: [Item(id: "a1", label: "Mail")])]))
    }
}
