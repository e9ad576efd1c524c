import BoardSync
import Testing

/// Local edits: optimistic at once, one submit in flight, acks, rebasing over remote ops and
/// refusals.
@Suite struct ClientEditTests {
    static let editsAndOps: [(LocalEdit, Op)] = [
        (
            .insert(Item(id: "x", label: "Xray"), at: at("done", 0)),
            .insert(item: Item(id: "x", label: "Xray"), to: at("done", 0))
        ),
        (.move(item: "a", to: at("main", 2)), .move(item: "a", from: at("main", 0), to: at("main", 2))),
        (.move(item: "b", to: at("done", 0)), .move(item: "b", from: at("main", 1), to: at("done", 0))),
        (.delete(item: "c"), .delete(item: "c", from: at("main", 2))),
        (.rename(item: "b", label: "Maps2"), .update(item: "b", label: "Maps2")),
        (
            .insertSection(SectionHeader(id: "s", title: "Soon"), at: 1),
            .insertSection(section: SectionHeader(id: "s", title: "Soon"), index: 1)
        ),
        (.moveSection("done", to: 0), .moveSection(section: "done", from: 1, index: 0)),
        (.renameSection("main", title: "Inbox"), .renameSection(section: "main", title: "Inbox")),
        (.deleteSection("done"), .deleteSection(section: "done", from: 1)),
    ]

    @Test(arguments: editsAndOps)
    func localEditAppliesAtOnceAndIsSubmitted(_ edit: LocalEdit, _ op: Op) throws {
        var machine = liveClient()
        let oldView = machine.view
        let output = machine.perform(edit)
        let expected = clientBoard(after: [op])
        #expect(output.send == [submitMessage(1, base: 5, op)])
        #expect(machine.optimistic?.board.sections == expected.sections)
        #expect(machine.committed?.board == clientBoard)
        #expect(machine.view == BoardView(board: expected))
        let batch = try #require(output.batch)
        #expect(try BatchReplay.apply(batch, to: oldView, contentFrom: machine.view) == machine.view)
        #expect(machine.pendingCount == 1)
        #expect(output.notices.isEmpty)
    }

    @Test func onlyOneSubmitIsInFlight() {
        var machine = liveClient()
        let first = machine.perform(.rename(item: "a", label: "Mail2"))
        let second = machine.perform(.move(item: "c", to: at("done", 0)))
        #expect(first.send == [submitMessage(1, base: 5, .update(item: "a", label: "Mail2"))])
        #expect(second.send.isEmpty)
        #expect(second.batch != nil)
        #expect(machine.pendingCount == 2)
        let acked = machine.receive(ack(1, 6, .update(item: "a", label: "Mail2")))
        #expect(acked.send == [submitMessage(2, base: 6, .move(item: "c", from: at("main", 2), to: at("done", 0)))])
        #expect(acked.batch == nil)
        #expect(machine.version == 6)
        #expect(machine.committed?.board.item("a")?.label == "Mail2")
        #expect(machine.pendingCount == 1)
    }

    @Test func ackCommitsTheOpAsTheServerCommittedIt() {
        var machine = liveClient()
        _ = machine.perform(.move(item: "a", to: at("done", 0)))
        let output = machine.receive(ack(1, 6, .move(item: "a", from: at("main", 0), to: at("done", 0))))
        #expect(output.send.isEmpty)
        #expect(output.batch == nil)
        #expect(
            machine.committed?.board == clientBoard(after: [.move(item: "a", from: at("main", 0), to: at("done", 0))]))
        #expect(machine.pendingCount == 0)
    }

    @Test func noopAckDropsTheEditAndRestoresTheCommittedView() {
        var machine = liveClient()
        _ = machine.perform(.rename(item: "a", label: "Mail2"))
        let output = machine.receive(ack(1, 5, nil))
        #expect(machine.pendingCount == 0)
        #expect(machine.view == BoardView(board: clientBoard))
        #expect(output.batch == UpdateBatch(itemReloads: [CellPath(section: 0, item: 0)]))
    }

    @Test func remoteOpRebasesThePendingEdits() {
        var machine = liveClient()
        let x = Item(id: "x", label: "X")
        let y = Item(id: "y", label: "Y")
        _ = machine.perform(.insert(x, at: at("main", 1)))
        _ = machine.perform(.insert(y, at: at("main", 3)))
        let z = Item(id: "z", label: "Z")
        let remote = machine.receive(bobs(6, .insert(item: z, to: at("main", 1))))
        #expect(remote.send.isEmpty)
        #expect(machine.committed?.board.sections[0].items.map(\.id) == ["a", "z", "b", "c"])
        #expect(machine.optimistic?.board.sections[0].items.map(\.id) == ["a", "z", "x", "b", "y", "c"])
        #expect(machine.view == BoardView(board: machine.optimistic!.board))
        let acked = machine.receive(ack(1, 7, .insert(item: x, to: at("main", 2))))
        #expect(acked.send == [submitMessage(2, base: 7, .insert(item: y, to: at("main", 4)))])
        #expect(acked.batch == nil)
    }

    @Test func remoteDeletionMakesAQueuedEditANoop() {
        var machine = liveClient()
        _ = machine.perform(.rename(item: "a", label: "Mail2"))
        _ = machine.perform(.rename(item: "c", label: "Calc2"))
        _ = machine.receive(bobs(6, .delete(item: "c", from: at("main", 2))))
        #expect(machine.pendingCount == 1)
        let acked = machine.receive(ack(1, 7, .update(item: "a", label: "Mail2")))
        #expect(acked.send.isEmpty)
        #expect(machine.pendingCount == 0)
    }

    @Test func refusedSubmitIsRolledBackWithANotice() {
        var machine = liveClient()
        _ = machine.perform(.move(item: "a", to: at("done", 0)))
        let output = machine.receive(errorMessage(.badOp, "a is at main:1, not main:0", seq: 1))
        #expect(output.notices == [.refused(code: .badOp, message: "a is at main:1, not main:0")])
        #expect(machine.pendingCount == 0)
        #expect(machine.optimistic?.board == clientBoard)
        #expect(machine.view == BoardView(board: clientBoard))
        #expect(output.batch != nil)
    }

    @Test func refusalOfTheInFlightSubmitSendsTheNext() {
        var machine = liveClient()
        _ = machine.perform(.rename(item: "a", label: "Mail2"))
        _ = machine.perform(.rename(item: "b", label: "Maps2"))
        let output = machine.receive(errorMessage(.limit, "rate limit", seq: 1))
        #expect(output.send == [submitMessage(2, base: 5, .update(item: "b", label: "Maps2"))])
        #expect(machine.optimistic?.board.item("a")?.label == "Mail")
    }

    @Test func invalidLocalEditIsNotSent() {
        var machine = liveClient()
        let output = machine.perform(.insert(Item(id: "a", label: "Again"), at: at("main", 0)))
        #expect(output.notices == [.invalidEdit(.reusedID("a"))])
        #expect(output.send.isEmpty)
        #expect(output.batch == nil)
        #expect(machine.pendingCount == 0)
    }

    @Test func viewerEditsAreRefusedLocally() {
        var machine = liveClient(role: .viewer)
        #expect(machine.role == .viewer)
        let edit = machine.perform(.rename(item: "a", label: "Mail2"))
        #expect(edit.notices == [.viewOnly])
        #expect(edit.send.isEmpty)
        #expect(edit.batch == nil)
        let drag = machine.beginDrag(item: "a")
        #expect(drag.notices == [.viewOnly])
        #expect(drag.send.isEmpty)
        #expect(machine.localDrag == nil)
        #expect(machine.view == BoardView(board: clientBoard))
    }

    @Test func remoteOpsAreDescribedInWords() {
        var machine = liveClient()
        let moved = machine.receive(bobs(6, .move(item: "a", from: at("main", 0), to: at("done", 0))))
        #expect(moved.notices == [.remoteAction("bob moved Mail to Done")])
        let within = machine.receive(bobs(7, .move(item: "b", from: at("main", 0), to: at("main", 1))))
        #expect(within.notices == [.remoteAction("bob moved Maps within Main")])
        let renamed = machine.receive(bobs(8, .update(item: "c", label: "Calculator")))
        #expect(renamed.notices == [.remoteAction("bob renamed Calc to Calculator")])
        let deleted = machine.receive(bobs(9, .deleteSection(section: "done", from: 1)))
        #expect(deleted.notices == [.remoteAction("bob deleted section Done")])
        #expect(machine.view == BoardView(board: machine.committed!.board))
    }
}
