import BoardSync
import Testing

/// What a client shows compares labels, titles and names by their bytes, as the protocol keeps
/// them: text that Unicode calls equivalent but that was written differently is a change.
@Suite struct ViewExactTextTests {
    static let precomposed = "Caf\u{E9}"
    static let combining = "Cafe\u{301}"

    @Test func equivalentTextsWrittenDifferentlyAreDifferentCells() {
        #expect(Self.precomposed == Self.combining)
        let before = ViewCell(id: "a", label: Self.precomposed)
        let after = ViewCell(id: "a", label: Self.combining)
        #expect(before != after)
        #expect(before.hasDifferentContent(from: after))
        #expect(before == ViewCell(id: "a", label: "Caf\u{E9}"))
        #expect(Set([before, after]).count == 2)
    }

    @Test func aRenameToAnEquivalentTextIsAReload() {
        let old = BoardView(sections: [
            ViewSection(id: "s", title: Self.precomposed, cells: [ViewCell(id: "a", label: Self.precomposed)])
        ])
        let new = BoardView(sections: [
            ViewSection(id: "s", title: Self.combining, cells: [ViewCell(id: "a", label: Self.combining)])
        ])
        #expect(old != new)
        let batch = UpdateBatch.between(old: old, new: new)
        #expect(batch == UpdateBatch(sectionReloads: [0], itemReloads: [CellPath(section: 0, item: 0)]))
    }

    @Test func holdersCompareTheirNamesByBytes() {
        let first = DragHolder(client: "B", user: Self.precomposed, isLocal: false)
        let second = DragHolder(client: "B", user: Self.combining, isLocal: false)
        #expect(first != second)
        #expect(first == DragHolder(client: "B", user: "Caf\u{E9}", isLocal: false))
        #expect(first.hashValue == DragHolder(client: "B", user: "Caf\u{E9}", isLocal: false).hashValue)
    }
}
