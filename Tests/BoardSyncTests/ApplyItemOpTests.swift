import BoardSync
import Testing

/// Item operations that pass the checks, each with the exact board it leaves.
@Suite struct ApplyItemOpTests {
    private func expected(_ sections: [(SectionID, [ItemID])], relabel: [ItemID: String] = [:]) -> Board {
        var board = BoardFixture.board(version: 8, sections)
        for s in board.sections.indices {
            for i in board.sections[s].items.indices {
                let id = board.sections[s].items[i].id
                if id.rawValue.hasPrefix("n") { board.sections[s].items[i].label = "New \(id)" }
                if let label = relabel[id] { board.sections[s].items[i].label = label }
            }
        }
        return board
    }

    @Test func insertAtStartMiddleAndEnd() {
        let start = expectApplied(.insert(item: newItem("n1"), to: at("s0", 0)))
        #expect(start.board == expected([("s0", ["n1", "a", "b", "c", "d"]), ("s1", ["e", "f", "g"]), ("s2", [])]))
        #expect(start.usedIDs["n1"] == .item)
        #expect(start.position(ofItem: "n1") == at("s0", 0))

        let middle = expectApplied(.insert(item: newItem("n1"), to: at("s1", 2)))
        #expect(middle.board == expected([("s0", ["a", "b", "c", "d"]), ("s1", ["e", "f", "n1", "g"]), ("s2", [])]))

        let end = expectApplied(.insert(item: newItem("n1"), to: at("s0", 4)))
        #expect(end.board == expected([("s0", ["a", "b", "c", "d", "n1"]), ("s1", ["e", "f", "g"]), ("s2", [])]))
    }

    @Test func insertIntoAnEmptySection() {
        let state = expectApplied(.insert(item: newItem("n1"), to: at("s2", 0)))
        #expect(state.board == expected([("s0", ["a", "b", "c", "d"]), ("s1", ["e", "f", "g"]), ("s2", ["n1"])]))
        #expect(state.board.itemCount == 8)
    }

    @Test func moveForwardInsideItsSection() {
        // to.index counts without the item: s0 without a is [b c d]; index 2 puts a before d.
        let state = expectApplied(.move(item: "a", from: at("s0", 0), to: at("s0", 2)))
        #expect(state.board == expected([("s0", ["b", "c", "a", "d"]), ("s1", ["e", "f", "g"]), ("s2", [])]))
    }

    @Test func moveToTheEndOfItsOwnSectionUsesCountMinusOne() {
        let state = expectApplied(.move(item: "a", from: at("s0", 0), to: at("s0", 3)))
        #expect(state.board == expected([("s0", ["b", "c", "d", "a"]), ("s1", ["e", "f", "g"]), ("s2", [])]))
    }

    @Test func moveBackwardInsideItsSection() {
        let state = expectApplied(.move(item: "d", from: at("s0", 3), to: at("s0", 1)))
        #expect(state.board == expected([("s0", ["a", "d", "b", "c"]), ("s1", ["e", "f", "g"]), ("s2", [])]))
    }

    @Test func moveAcrossSections() {
        let state = expectApplied(.move(item: "b", from: at("s0", 1), to: at("s1", 3)))
        #expect(state.board == expected([("s0", ["a", "c", "d"]), ("s1", ["e", "f", "g", "b"]), ("s2", [])]))
        #expect(state.position(ofItem: "b") == at("s1", 3))

        let front = expectApplied(.move(item: "g", from: at("s1", 2), to: at("s0", 0)))
        #expect(front.board == expected([("s0", ["g", "a", "b", "c", "d"]), ("s1", ["e", "f"]), ("s2", [])]))
    }

    @Test func moveIntoAnEmptySection() {
        let state = expectApplied(.move(item: "c", from: at("s0", 2), to: at("s2", 0)))
        #expect(state.board == expected([("s0", ["a", "b", "d"]), ("s1", ["e", "f", "g"]), ("s2", ["c"])]))
    }

    @Test func moveToWhereTheItemAlreadyIsIsCommitted() {
        let middle = expectApplied(.move(item: "b", from: at("s0", 1), to: at("s0", 1)))
        #expect(middle.board == expected([("s0", ["a", "b", "c", "d"]), ("s1", ["e", "f", "g"]), ("s2", [])]))
        #expect(middle.version == 8)

        let last = expectApplied(.move(item: "g", from: at("s1", 2), to: at("s1", 2)))
        #expect(last.board.sections == BoardFixture.standard.board.sections)
    }

    @Test func deleteRemovesTheItemAndKeepsItsIDUsed() {
        let state = expectApplied(.delete(item: "c", from: at("s0", 2)))
        #expect(state.board == expected([("s0", ["a", "b", "d"]), ("s1", ["e", "f", "g"]), ("s2", [])]))
        #expect(!state.isLive(item: "c"))
        #expect(state.usedIDs["c"] == .item)
        #expect(state.position(ofItem: "c") == nil)
    }

    @Test func updateChangesOnlyTheLabel() {
        let state = expectApplied(.update(item: "f", label: "Maps"))
        #expect(
            state.board
                == expected(
                    [("s0", ["a", "b", "c", "d"]), ("s1", ["e", "f", "g"]), ("s2", [])], relabel: ["f": "Maps"]))
    }

    @Test func updateToTheSameLabelIsCommitted() {
        let state = expectApplied(.update(item: "a", label: "Label a"))
        #expect(state.board.sections == BoardFixture.standard.board.sections)
    }

    @Test func labelsAreStoredExactlyWithoutTrimmingOrNormalization() {
        // Swift's String == treats "é" and "e\u{301}" as equal, so compare the scalars themselves.
        let label = "  e\u{301}\u{A0}x "
        let state = expectApplied(.insert(item: Item(id: "n1", label: label), to: at("s2", 0)))
        let stored = state.board.sections[2].items[0].label
        #expect(Array(stored.unicodeScalars) == Array(label.unicodeScalars))
        #expect(stored.unicodeScalars.count == 7)
    }

    @Test func opsCommitInSequenceAndCountVersions() {
        var state = BoardFixture.standard
        let ops: [Op] = [
            .insert(item: newItem("n1"), to: at("s2", 0)),
            .move(item: "a", from: at("s0", 0), to: at("s2", 1)),
            .delete(item: "e", from: at("s1", 0)),
            .update(item: "n1", label: "First"),
        ]
        for op in ops { #expect(state.apply(op) == .apply) }
        #expect(state.version == 11)
        #expect(
            state.board
                == expected(
                    [("s0", ["b", "c", "d"]), ("s1", ["f", "g"]), ("s2", ["n1", "a"])], relabel: ["n1": "First"]
                )
                .with(version: 11))
    }
}

extension Board {
    /// The same board at another version.
    func with(version: Int) -> Board {
        var copy = self
        copy.version = version
        return copy
    }
}
