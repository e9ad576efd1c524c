import BoardSync
import Testing

/// Holding several tiles as one block on the client (protocol 10.2): gathered where the first
/// is, shown as that many placeholder cells, dropped as one group, and other people's blocks
/// shown the same way.
@Suite struct ClientBlockDragTests {
    @Test func aBlockIsGatheredShownAsPlaceholdersAndDroppedAsOneGroup() {
        var machine = liveClient()
        let begin = machine.beginDrag(items: ["c", "a"])
        #expect(begin.send == [.drag(.beginBlock(items: ["c", "a"]))])
        #expect(machine.localDrag?.to == at("main", 1), "where c is, counted without a and c")
        #expect(machine.view.sections[0].cells.map(\.id) == ["b", "c", "a"])
        #expect(machine.view.sections[0].cells.map { $0.holder == annHolds } == [false, true, true])
        _ = machine.receive(dragMessage(.begin, "A", "ann", "c", version: 5))
        let over = machine.dragOver(to: at("done", 0), now: 1)
        #expect(over.send == [.drag(.overBlock(items: ["c", "a"], base: 5, to: at("done", 0)))])
        #expect(machine.view.sections[1].cells.map(\.id) == ["c", "a"])
        let drop = machine.drop()
        let group: [Op] = [
            .move(item: "c", from: at("main", 2), to: at("done", 0)),
            .move(item: "a", from: at("main", 0), to: at("done", 1)),
        ]
        #expect(drop.send == [.submit(.init(seq: 1, base: 5, ops: group))])
        #expect(machine.localDrag == nil)
        #expect(machine.optimistic?.board.sections.map { $0.items.map(\.id) } == [["b"], ["c", "a"]])
    }

    @Test func cancellingABlockPutsItBack() {
        var machine = liveClient()
        _ = machine.beginDrag(items: ["a", "c"])
        let cancel = machine.cancelDrag()
        #expect(cancel.send == [.drag(.cancelBlock(items: ["a", "c"]))])
        #expect(machine.view == BoardView(board: clientBoard))
    }

    @Test func anotherPersonsBlockIsThatManyPlaceholderCellsAtItsPlace() {
        var machine = liveClient()
        let block = ServerMessage.drag(
            .init(action: .over, client: "B", user: "bob", item: "a", to: at("done", 0), version: 5, items: ["a", "c"]))
        let output = machine.receive(block)
        #expect(output.batch != nil)
        #expect(machine.view.sections[1].cells.map(\.id) == ["a", "c"])
        #expect(machine.view.sections[1].cells.allSatisfy { $0.holder == bobHolds })
        #expect(machine.view.sections[0].cells.map(\.id) == ["b"])
        _ = machine.receive(opMessage(6, "C", "carol", .delete(item: "a", from: at("main", 0))))
        #expect(machine.view.sections[1].cells.map(\.id) == ["c"], "a deleted by carol: out of the block, silently")
        _ = machine.receive(bobs(7, .move(item: "c", from: at("main", 1), to: at("done", 0))))
        #expect(machine.remoteDrags.isEmpty, "bob's own move of a held tile ends his block")
    }

    @Test func aHeldItemDeletedByItsHolderEndsTheBlock() {
        var machine = liveClient()
        _ = machine.beginDrag(items: ["a", "c"])
        let delete = machine.perform(.delete(item: "c"))
        #expect(delete.send.contains(.drag(.cancelBlock(items: ["a", "c"]))))
        #expect(machine.localDrag == nil)
    }

    @Test func someoneElsesDeleteOfAHeldItemShrinksTheBlockAndKeepsItsPlace() {
        var machine = liveClient()
        _ = machine.beginDrag(items: ["a", "c"])
        _ = machine.dragOver(to: at("done", 0), now: 1)
        let output = machine.receive(bobs(6, .delete(item: "a", from: at("main", 0))))
        #expect(machine.localDrag?.items == ["c"])
        #expect(machine.localDrag?.to == at("done", 0))
        #expect(!output.notices.contains { if case .dragLost = $0 { true } else { false } })
        let last = machine.receive(bobs(7, .delete(item: "c", from: at("main", 1))))
        #expect(machine.localDrag == nil)
        #expect(last.notices.contains(.dragLost(item: "c", by: "bob")))
    }
}
