import BoardSync
import Testing

/// Protocol 4.1 rule 5: an op naming a deleted item or section (or a deleted target section) is a
/// no-op; and rule 6: an id that never existed is refused even where the op would be a no-op.
@Suite struct ApplyNoopTests {
    /// The standard board after deleting the item b and the section s1 (with e, f, g).
    private let state: BoardState = {
        var state = BoardFixture.standard
        state.apply(.delete(item: "b", from: at("s0", 1)))
        state.apply(.deleteSection(section: "s1", from: 1))
        return state
    }()

    @Test func theSetupDeletedWhatTheTestsName() {
        #expect(state.board == BoardFixture.board(version: 9, [("s0", ["a", "c", "d"]), ("s2", [])]))
    }

    @Test func opsOnDeletedItemsAreNoops() {
        for id: ItemID in ["b", "f", "gone"] {
            expectNoop(.update(item: id, label: "x"), in: state)
            expectNoop(.delete(item: id, from: at("s0", 1)), in: state)
            expectNoop(.move(item: id, from: at("s0", 1), to: at("s2", 0)), in: state)
        }
    }

    @Test func opsOnDeletedSectionsAreNoops() {
        for id: SectionID in ["s1", "old"] {
            expectNoop(.renameSection(section: id, title: "x"), in: state)
            expectNoop(.moveSection(section: id, from: 1, index: 0), in: state)
            expectNoop(.deleteSection(section: id, from: 1), in: state)
        }
    }

    @Test func itemOpsIntoADeletedSectionAreNoops() {
        expectNoop(.insert(item: newItem("n1"), to: at("s1", 0)), in: state)
        expectNoop(.insert(item: newItem("n1"), to: at("old", 0)), in: state)
        expectNoop(.move(item: "a", from: at("s0", 0), to: at("s1", 0)), in: state)
        expectNoop(.move(item: "a", from: at("s0", 0), to: at("old", 0)), in: state)
    }

    @Test func anIDThatNeverExistedTakesPrecedenceOverANoop() {
        expectRefused(.move(item: "b", from: at("s0", 1), to: at("nowhere", 0)), .unknownID("nowhere"), in: state)
        expectRefused(.move(item: "zz", from: at("s0", 0), to: at("s1", 0)), .unknownID("zz"), in: state)
        expectRefused(.move(item: "b", from: at("nowhere", 0), to: at("s1", 0)), .unknownID("nowhere"), in: state)
        expectRefused(.delete(item: "gone", from: at("nowhere", 0)), .unknownID("nowhere"), in: state)
        expectRefused(.delete(item: "zz", from: at("s1", 0)), .unknownID("zz"), in: state)
    }

    @Test func anIDOfTheWrongKindTakesPrecedenceOverANoop() {
        expectRefused(
            .move(item: "b", from: at("s0", 1), to: at("f", 0)), .wrongKind(id: "f", expected: .section), in: state)
        expectRefused(
            .move(item: "s1", from: at("s0", 1), to: at("s2", 0)), .wrongKind(id: "s1", expected: .item), in: state)
    }
}
