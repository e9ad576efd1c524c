import BoardSync
import Testing

/// The refusals of protocol 4.1 rule 6 for ids and positions, each with its exact error; a refusal
/// never changes the state.
@Suite struct ApplyRefusalTests {
    @Test func idsThatNeverExistedAreUnknown() {
        expectRefused(.insert(item: newItem("n1"), to: at("nowhere", 0)), .unknownID("nowhere"))
        expectRefused(.move(item: "zz", from: at("s0", 0), to: at("s1", 0)), .unknownID("zz"))
        expectRefused(.move(item: "a", from: at("nowhere", 0), to: at("s1", 0)), .unknownID("nowhere"))
        expectRefused(.move(item: "a", from: at("s0", 0), to: at("nowhere", 0)), .unknownID("nowhere"))
        expectRefused(.delete(item: "zz", from: at("s0", 0)), .unknownID("zz"))
        expectRefused(.delete(item: "a", from: at("nowhere", 0)), .unknownID("nowhere"))
        expectRefused(.update(item: "zz", label: "x"), .unknownID("zz"))
        expectRefused(.moveSection(section: "zz", from: 0, index: 0), .unknownID("zz"))
        expectRefused(.renameSection(section: "zz", title: "x"), .unknownID("zz"))
        expectRefused(.deleteSection(section: "zz", from: 0), .unknownID("zz"))
    }

    @Test func idsOfTheWrongKindAreRefused() {
        expectRefused(.update(item: "s0", label: "x"), .wrongKind(id: "s0", expected: .item))
        expectRefused(.delete(item: "s1", from: at("s0", 0)), .wrongKind(id: "s1", expected: .item))
        expectRefused(.move(item: "s2", from: at("s0", 0), to: at("s1", 0)), .wrongKind(id: "s2", expected: .item))
        expectRefused(.move(item: "a", from: at("s0", 0), to: at("b", 0)), .wrongKind(id: "b", expected: .section))
        expectRefused(.move(item: "a", from: at("a", 0), to: at("s1", 0)), .wrongKind(id: "a", expected: .section))
        expectRefused(.insert(item: newItem("n1"), to: at("a", 0)), .wrongKind(id: "a", expected: .section))
        expectRefused(.moveSection(section: "a", from: 0, index: 0), .wrongKind(id: "a", expected: .section))
        expectRefused(.renameSection(section: "e", title: "x"), .wrongKind(id: "e", expected: .section))
        expectRefused(.deleteSection(section: "g", from: 0), .wrongKind(id: "g", expected: .section))
    }

    @Test func deletedIDsOfTheWrongKindAreRefusedNotNoops() {
        expectRefused(.insert(item: newItem("n1"), to: at("gone", 0)), .wrongKind(id: "gone", expected: .section))
        expectRefused(.update(item: "old", label: "x"), .wrongKind(id: "old", expected: .item))
        expectRefused(.renameSection(section: "gone", title: "x"), .wrongKind(id: "gone", expected: .section))
    }

    @Test func newIDsMustNeverHaveBeenUsed() {
        expectRefused(.insert(item: newItem("gone"), to: at("s0", 0)), .reusedID("gone"))
        expectRefused(.insert(item: newItem("a"), to: at("s0", 0)), .reusedID("a"))
        expectRefused(.insert(item: newItem("s1"), to: at("s0", 0)), .reusedID("s1"))
        expectRefused(.insert(item: newItem("old"), to: at("s0", 0)), .reusedID("old"))
        expectRefused(.insertSection(section: SectionHeader(id: "a", title: "T"), index: 0), .reusedID("a"))
        expectRefused(.insertSection(section: SectionHeader(id: "s0", title: "T"), index: 0), .reusedID("s0"))
        expectRefused(.insertSection(section: SectionHeader(id: "old", title: "T"), index: 0), .reusedID("old"))
        expectRefused(.insertSection(section: SectionHeader(id: "gone", title: "T"), index: 0), .reusedID("gone"))
    }

    @Test func anIDDeletedOnThisBoardIsNeverAcceptedAgain() {
        var state = BoardFixture.standard
        #expect(state.apply(.delete(item: "b", from: at("s0", 1))) == .apply)
        #expect(state.apply(.deleteSection(section: "s1", from: 1)) == .apply)
        expectRefused(.insert(item: newItem("b"), to: at("s0", 0)), .reusedID("b"), in: state)
        expectRefused(.insert(item: newItem("f"), to: at("s0", 0)), .reusedID("f"), in: state)
        expectRefused(
            .insertSection(section: SectionHeader(id: "s1", title: "T"), index: 0), .reusedID("s1"), in: state)
        expectRefused(.insertSection(section: SectionHeader(id: "e", title: "T"), index: 0), .reusedID("e"), in: state)
    }

    @Test func fromMustBeWhereTheElementIs() {
        expectRefused(
            .move(item: "b", from: at("s0", 0), to: at("s1", 0)),
            .positionMismatch(id: "b", claimed: "s0:0", actual: "s0:1"))
        expectRefused(
            .move(item: "b", from: at("s1", 1), to: at("s1", 0)),
            .positionMismatch(id: "b", claimed: "s1:1", actual: "s0:1"))
        expectRefused(
            .delete(item: "c", from: at("s0", 3)), .positionMismatch(id: "c", claimed: "s0:3", actual: "s0:2"))
        expectRefused(
            .delete(item: "e", from: at("s2", 0)), .positionMismatch(id: "e", claimed: "s2:0", actual: "s1:0"))
        expectRefused(
            .moveSection(section: "s1", from: 0, index: 2), .positionMismatch(id: "s1", claimed: "0", actual: "1"))
        expectRefused(.deleteSection(section: "s2", from: 0), .positionMismatch(id: "s2", claimed: "0", actual: "2"))
    }

    @Test func insertIndexRunsFromZeroToCount() {
        expectRefused(.insert(item: newItem("n1"), to: at("s0", 5)), .indexOutOfRange(index: 5, count: 4))
        expectRefused(.insert(item: newItem("n1"), to: at("s2", 1)), .indexOutOfRange(index: 1, count: 0))
        expectRefused(.insert(item: newItem("n1"), to: at("s0", -1)), .indexOutOfRange(index: -1, count: 4))
    }

    @Test func moveIndexRunsToCountMinusOneInsideItsOwnSection() {
        expectRefused(.move(item: "a", from: at("s0", 0), to: at("s0", 4)), .indexOutOfRange(index: 4, count: 3))
        expectRefused(.move(item: "d", from: at("s0", 3), to: at("s0", 4)), .indexOutOfRange(index: 4, count: 3))
        expectRefused(.move(item: "a", from: at("s0", 0), to: at("s0", -1)), .indexOutOfRange(index: -1, count: 3))
    }

    @Test func moveIndexRunsToCountInAnotherSection() {
        expectRefused(.move(item: "a", from: at("s0", 0), to: at("s1", 4)), .indexOutOfRange(index: 4, count: 3))
        expectRefused(.move(item: "a", from: at("s0", 0), to: at("s2", 1)), .indexOutOfRange(index: 1, count: 0))
        #expect(BoardFixture.standard.check(.move(item: "a", from: at("s0", 0), to: at("s1", 3))) == .apply)
    }

    @Test func sectionIndicesStayInRange() {
        let header = SectionHeader(id: "t", title: "T")
        expectRefused(.insertSection(section: header, index: 4), .indexOutOfRange(index: 4, count: 3))
        expectRefused(.moveSection(section: "s0", from: 0, index: 3), .indexOutOfRange(index: 3, count: 2))
        expectRefused(.moveSection(section: "s2", from: 2, index: 3), .indexOutOfRange(index: 3, count: 2))
        expectRefused(.moveSection(section: "s1", from: 1, index: -1), .indexOutOfRange(index: -1, count: 2))
    }

    @Test func theOnlySectionCanOnlyMoveToIndexZero() {
        let state = BoardState(board: .initial(id: "b"))
        #expect(state.check(.moveSection(section: "main", from: 0, index: 0)) == .apply)
        expectRefused(.moveSection(section: "main", from: 0, index: 1), .indexOutOfRange(index: 1, count: 0), in: state)
    }

    @Test func refusalsAreNotLimits() {
        let errors: [OpError] = [
            .unknownID("x"), .wrongKind(id: "x", expected: .item), .reusedID("x"), .invalidID("x y"),
            .positionMismatch(id: "x", claimed: "s:0", actual: "s:1"), .indexOutOfRange(index: 5, count: 4),
            .invalidText(.empty), .invalidText(.controlCharacter),
        ]
        for error in errors { #expect(!error.isLimit, "\(error)") }
    }
}
