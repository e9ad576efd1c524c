import BoardSync
import Testing

/// A client's new view takes the sections an event left alone from its previous view as they
/// are, cells and all, so the view, its batch and a page's answer compare them in one step; the
/// sections the event touched are made anew and show the change.
@Suite struct ClientViewSharingTests {
    private let board = Board(
        id: "team", version: 5,
        sections: (0..<4).map { section in
            Section(
                id: SectionID("s\(section)"), title: "Section \(section)",
                items: (0..<30).map { Item(id: ItemID("i\(section)-\($0)"), label: "Tile \(section).\($0)") })
        })

    private static func sameCells(_ a: ViewSection, _ b: ViewSection) -> Bool {
        a.cells.withUnsafeBufferPointer { first in
            b.cells.withUnsafeBufferPointer { second in first.baseAddress == second.baseAddress }
        }
    }

    @Test func untouchedSectionsKeepTheirCells() {
        var machine = liveClient(board)
        let before = machine.view
        let output = machine.receive(
            bobs(
                6,
                .move(
                    item: "i1-0", from: Position(section: "s1", index: 0), to: Position(section: "s2", index: 30))))
        #expect(output.batch?.itemMoves.count == 1)
        let after = machine.view
        #expect(Self.sameCells(before.sections[0], after.sections[0]))
        #expect(Self.sameCells(before.sections[3], after.sections[3]))
        #expect(!Self.sameCells(before.sections[1], after.sections[1]))
        #expect(after.sections[1].cells.count == 29 && after.sections[2].cells.last?.id == "i1-0")
    }

    @Test func aRemoteDragShowsInItsSectionAndLeavesTheOthersShared() {
        var machine = liveClient(board)
        let before = machine.view
        _ = machine.receive(bobDrags(.begin, "i3-4", from: Position(section: "s3", index: 4)))
        let held = machine.view
        #expect(held.sections[3].cells[4].holder?.client == "B")
        #expect(Self.sameCells(before.sections[0], held.sections[0]))
        _ = machine.receive(bobDrags(.cancel, "i3-4"))
        #expect(machine.view == before)
        #expect(machine.view.sections[3].cells[4].holder == nil)
    }

    @Test func aRenameReachesTheViewThoughTheSectionKeepsItsPlace() {
        var machine = liveClient(board)
        _ = machine.receive(bobs(6, .update(item: "i0-3", label: "Renamed")))
        #expect(machine.view.sections[0].cells[3].label == "Renamed")
        _ = machine.receive(bobs(7, .renameSection(section: "s0", title: "Zero")))
        #expect(machine.view.sections[0].title == "Zero")
        #expect(machine.view.sections[0].cells[3].label == "Renamed")
    }
}
