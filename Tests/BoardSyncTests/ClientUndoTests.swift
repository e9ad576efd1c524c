import BoardSync
import Testing

/// Undo submits the inverse of this client's latest edit, kept current through later ops.
@Suite struct ClientUndoTests {
    /// An edit, the op it commits as, and the op its undo submits (ids from `u1`, `u2`, ...).
    static let cases: [(LocalEdit, Op, Op)] = [
        (
            .insert(Item(id: "x", label: "Xray"), at: at("done", 0)),
            .insert(item: Item(id: "x", label: "Xray"), to: at("done", 0)),
            .delete(item: "x", from: at("done", 0))
        ),
        (
            .move(item: "a", to: at("done", 0)),
            .move(item: "a", from: at("main", 0), to: at("done", 0)),
            .move(item: "a", from: at("done", 0), to: at("main", 0))
        ),
        (
            .delete(item: "c"),
            .delete(item: "c", from: at("main", 2)),
            .insert(item: Item(id: "u1", label: "Calc"), to: at("main", 2))
        ),
        (
            .rename(item: "b", label: "Maps2"),
            .update(item: "b", label: "Maps2"),
            .update(item: "b", label: "Maps")
        ),
        (
            .insertSection(SectionHeader(id: "s", title: "Soon"), at: 1),
            .insertSection(section: SectionHeader(id: "s", title: "Soon"), index: 1),
            .deleteSection(section: "s", from: 1)
        ),
        (
            .moveSection("done", to: 0),
            .moveSection(section: "done", from: 1, index: 0),
            .moveSection(section: "done", from: 0, index: 1)
        ),
        (
            .renameSection("main", title: "Inbox"),
            .renameSection(section: "main", title: "Inbox"),
            .renameSection(section: "main", title: "Main")
        ),
    ]

    static func freshIDs() -> () -> String {
        var next = 0
        return {
            next += 1
            return "u\(next)"
        }
    }

    @Test(arguments: cases)
    func undoSubmitsTheInverse(_ edit: LocalEdit, _ committed: Op, _ inverse: Op) {
        var machine = liveClient()
        _ = machine.perform(edit)
        _ = machine.receive(ack(1, 6, committed))
        #expect(machine.canUndo)
        let output = machine.undo(makeID: Self.freshIDs())
        #expect(output.send == [submitMessage(2, base: 6, inverse)])
        #expect(machine.optimistic?.board.sections == clientBoard(after: [committed, inverse]).sections)
        #expect(output.batch != nil)
        #expect(!machine.canUndo)
    }

    @Test func undoOfASectionDeletionRecreatesItWithItsItemsUnderFreshIDsAsOneGroup() {
        var machine = liveClient()
        let delete = Op.deleteSection(section: "main", from: 0)
        _ = machine.perform(.deleteSection("main"))
        _ = machine.receive(ack(1, 6, delete))
        let output = machine.undo(makeID: Self.freshIDs())
        let group: [Op] = [
            .insertSection(section: SectionHeader(id: "u1", title: "Main"), index: 0),
            .insert(item: Item(id: "u2", label: "Mail"), to: at("u1", 0)),
            .insert(item: Item(id: "u3", label: "Maps"), to: at("u1", 1)),
            .insert(item: Item(id: "u4", label: "Calc"), to: at("u1", 2)),
        ]
        #expect(output.send == [.submit(.init(seq: 2, base: 6, ops: group))])
        #expect(machine.pendingCount == 1)
        let recreated = Section(
            id: "u1", title: "Main",
            items: [Item(id: "u2", label: "Mail"), Item(id: "u3", label: "Maps"), Item(id: "u4", label: "Calc")])
        #expect(machine.optimistic?.board.sections == [recreated, Section(id: "done", title: "Done")])
        let next = machine.receive(.ack(.init(seq: 2, version: 10, ops: group)))
        #expect(next.send.isEmpty)
        #expect(machine.pendingCount == 0 && machine.version == 10)
        #expect(machine.committed?.board.sections == [recreated, Section(id: "done", title: "Done")])
    }

    @Test func undoIsRebasedThroughLaterRemoteOps() {
        var machine = liveClient()
        _ = machine.perform(.move(item: "a", to: at("done", 0)))
        _ = machine.receive(ack(1, 6, .move(item: "a", from: at("main", 0), to: at("done", 0))))
        _ = machine.receive(bobs(7, .insert(item: Item(id: "n", label: "New"), to: at("main", 0))))
        let output = machine.undo(makeID: Self.freshIDs())
        #expect(output.send == [submitMessage(2, base: 7, .move(item: "a", from: at("done", 0), to: at("main", 1)))])
        #expect(machine.optimistic?.board.sections[0].items.map(\.id) == ["n", "a", "b", "c"])
    }

    @Test func undoOfAnEditWhoseItemWasDeletedDoesNothing() {
        var machine = liveClient()
        _ = machine.perform(.rename(item: "b", label: "Maps2"))
        _ = machine.receive(ack(1, 6, .update(item: "b", label: "Maps2")))
        _ = machine.receive(bobs(7, .delete(item: "b", from: at("main", 1))))
        #expect(!machine.canUndo)
        let output = machine.undo(makeID: Self.freshIDs())
        #expect(output.send.isEmpty)
        #expect(machine.pendingCount == 0)
    }

    @Test func undoesGoBackInOrder() {
        var machine = liveClient()
        _ = machine.perform(.rename(item: "a", label: "Mail2"))
        _ = machine.perform(.rename(item: "a", label: "Mail3"))
        _ = machine.undo(makeID: Self.freshIDs())
        #expect(machine.optimistic?.board.item("a")?.label == "Mail2")
        _ = machine.undo(makeID: Self.freshIDs())
        #expect(machine.optimistic?.board.item("a")?.label == "Mail")
        #expect(machine.pendingCount == 4)
    }
}
