import BoardSync
import Testing

/// Groups on the client (protocol 10.1 and 10.3): several tiles as one change, one submit, one
/// batch, one sentence, one undo step; a refused group worked out again on the newer board.
@Suite struct ClientGroupTests {
    /// Mail and Calc into Done, in board order.
    let intoDone: [Op] = [
        .move(item: "a", from: at("main", 0), to: at("done", 0)),
        .move(item: "c", from: at("main", 1), to: at("done", 1)),
    ]

    @Test func severalTilesMoveAsOneGroupAndOneUndoStep() {
        var machine = liveClient()
        let output = machine.perform(.moveItems(["a", "c"], to: at("done", 0)))
        #expect(output.send == [.submit(.init(seq: 1, base: 5, ops: intoDone))])
        #expect(machine.pendingCount == 1)
        #expect(machine.optimistic?.board.sections[1].items.map(\.id) == ["a", "c"])
        _ = machine.receive(.ack(.init(seq: 1, version: 7, ops: intoDone)))
        #expect(machine.pendingCount == 0 && machine.version == 7)
        var ids = 0
        let undo = machine.undo {
            ids += 1
            return "u\(ids)"
        }
        let back: [Op] = [
            .move(item: "c", from: at("done", 1), to: at("main", 1)),
            .move(item: "a", from: at("done", 0), to: at("main", 0)),
        ]
        #expect(undo.send == [.submit(.init(seq: 2, base: 7, ops: back))])
        #expect(machine.optimistic?.board == clientBoard(after: intoDone + back))
        #expect(machine.canRedo)
        _ = machine.receive(.ack(.init(seq: 2, version: 9, ops: back)))
        let redo = machine.redo { "r" }
        #expect(redo.send == [.submit(.init(seq: 3, base: 9, ops: intoDone))])
        #expect(machine.canUndo && !machine.canRedo)
    }

    @Test func aRefusedGroupIsWorkedOutAgainFromWhatThePersonMeant() {
        var machine = liveClient()
        _ = machine.perform(.moveItems(["a", "c"], to: at("done", 0)))
        _ = machine.receive(bobs(6, .insert(item: Item(id: "x", label: "X"), to: at("done", 0))))
        let refused = machine.receive(
            .error(.init(code: .badOp, message: "index out of range", seq: 1, index: 1)))
        #expect(refused.notices.isEmpty)
        let rebuilt: [Op] = [
            .move(item: "a", from: at("main", 0), to: at("done", 0)),
            .move(item: "c", from: at("main", 1), to: at("done", 1)),
        ]
        #expect(refused.send == [.submit(.init(seq: 2, base: 6, ops: rebuilt))])
        #expect(machine.optimistic?.board.sections[1].items.map(\.id) == ["a", "c", "x"])
    }

    @Test func aGroupThatCannotBeWorkedOutAgainIsReported() {
        var machine = liveClient()
        _ = machine.perform(.moveItems(["a", "c"], to: at("done", 0)))
        _ = machine.receive(bobs(6, .deleteSection(section: "done", from: 1)))
        let refused = machine.receive(.error(.init(code: .badOp, message: "gone", seq: 1, index: 0)))
        #expect(refused.notices == [.refused(code: .badOp, message: "gone")])
        #expect(refused.send.filter { if case .submit = $0 { true } else { false } }.isEmpty)
        #expect(machine.pendingCount == 0)
    }

    @Test func anotherPersonsGroupIsOneBatchAndOneSentence() {
        var machine = liveClient()
        let span = GroupSpan(first: 6, count: 2)
        let first = machine.receive(
            .op(.init(version: 6, client: "B", user: "bob", seq: 0, op: intoDone[0], group: span)))
        #expect(first.batch == nil && first.notices.isEmpty)
        #expect(machine.version == 6)
        let last = machine.receive(
            .op(.init(version: 7, client: "B", user: "bob", seq: 0, op: intoDone[1], group: span)))
        #expect(last.batch != nil)
        #expect(last.notices == [.remoteAction("bob moved 2 tiles to Done")])
        #expect(Set(last.cause?.moved ?? []) == ["a", "c"])
        #expect(machine.view.sections[1].cells.map(\.id) == ["a", "c"])
    }

    @Test func anotherPersonsRestoreIsNamedAsOne() {
        var machine = liveClient()
        let span = GroupSpan(first: 6, count: 2, restores: 3)
        _ = machine.receive(.op(.init(version: 6, client: "B", user: "bob", seq: 0, op: intoDone[0], group: span)))
        let last = machine.receive(
            .op(.init(version: 7, client: "B", user: "bob", seq: 0, op: intoDone[1], group: span)))
        #expect(last.notices == [.remoteAction("bob restored the board to version 3")])
    }

    @Test func aGroupOfItsOwnInACatchUpAnswersTheGroupInFlight() {
        var machine = liveClient()
        _ = machine.perform(.moveItems(["a", "c"], to: at("done", 0)))
        _ = machine.connectionClosed()
        _ = machine.connectionOpened()
        let span = GroupSpan(first: 6, count: 2)
        let catchUp = ServerMessage.welcome(
            .init(
                state: .ops([
                    .init(version: 6, client: "A", user: "ann", seq: 0, op: intoDone[0], group: span),
                    .init(version: 7, client: "A", user: "ann", seq: 0, op: intoDone[1], group: span),
                ]), you: .init(client: "A", user: "ann", role: .editor), peers: [], lastSeq: 1))
        let output = machine.receive(catchUp)
        #expect(output.send.filter { if case .submit = $0 { true } else { false } }.isEmpty)
        #expect(output.notices.isEmpty)
        #expect(machine.pendingCount == 0 && machine.version == 7)
        #expect(machine.committed?.board.sections[1].items.map(\.id) == ["a", "c"])
    }

    @Test func deletingSeveralTilesIsOneGroup() {
        var machine = liveClient()
        let output = machine.perform(.deleteItems(["c", "a"]))
        #expect(
            output.send == [
                .submit(
                    .init(
                        seq: 1, base: 5,
                        ops: [.delete(item: "c", from: at("main", 2)), .delete(item: "a", from: at("main", 0))]))
            ])
    }
}
