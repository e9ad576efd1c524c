import BoardSync
import Testing

/// This client's drags (placeholder, rate-limited `over`, drop, cancel) and the drags of others.
@Suite struct ClientDragTests {
    @Test func beginDragSendsBeginAndShowsALocalPlaceholder() {
        var machine = liveClient()
        let output = machine.beginDrag(item: "b")
        #expect(output.send == [.drag(.begin(item: "b"))])
        #expect(machine.localDrag?.item == "b")
        #expect(machine.localDrag?.to == at("main", 1))
        #expect(machine.view == viewWithPlaceholder(clientBoard, item: "b", at: at("main", 1), holder: annHolds))
        #expect(output.batch == UpdateBatch(itemReloads: [CellPath(section: 0, item: 1)]))
    }

    @Test func dragOverIsShownAtOnceAndSentAtMostEveryThirtiethOfASecond() {
        var machine = liveClient()
        _ = machine.beginDrag(item: "a")
        let first = machine.dragOver(to: at("main", 2), now: 10)
        #expect(first.send == [.drag(.over(item: "a", base: 5, from: at("main", 0), to: at("main", 2)))])
        #expect(machine.view == viewWithPlaceholder(clientBoard, item: "a", at: at("main", 2), holder: annHolds))
        #expect(first.batch != nil)

        let soon = machine.dragOver(to: at("done", 0), now: 10.01)
        #expect(soon.send.isEmpty)
        #expect(machine.view == viewWithPlaceholder(clientBoard, item: "a", at: at("done", 0), holder: annHolds))
        #expect(machine.hasUnsentDragPosition)
        #expect(machine.tick(now: 10.02).send.isEmpty)
        let due = machine.tick(now: 10.04)
        #expect(due.send == [.drag(.over(item: "a", base: 5, from: at("main", 0), to: at("done", 0)))])
        #expect(!machine.hasUnsentDragPosition)

        let unchanged = machine.dragOver(to: at("done", 0), now: 11)
        #expect(unchanged.send.isEmpty)
        #expect(unchanged.batch == nil)
        #expect(machine.tick(now: 12).send.isEmpty)
    }

    @Test func dragOverToTheStartPositionIsNotSent() {
        var machine = liveClient()
        _ = machine.beginDrag(item: "b")
        let output = machine.dragOver(to: at("main", 1), now: 0)
        #expect(output.send.isEmpty)
        #expect(output.batch == nil)
    }

    @Test func overIsHeldWhileASubmitIsUnanswered() {
        var machine = liveClient()
        _ = machine.perform(.rename(item: "c", label: "Calc2"))
        _ = machine.beginDrag(item: "a")
        let held = machine.dragOver(to: at("done", 0), now: 1)
        #expect(held.send.isEmpty)
        #expect(machine.view.sections[1].cells.map(\.id) == ["a"])
        #expect(machine.tick(now: 2).send.isEmpty)
        let acked = machine.receive(ack(1, 6, .update(item: "c", label: "Calc2")))
        #expect(acked.send == [.drag(.over(item: "a", base: 6, from: at("main", 0), to: at("done", 0)))])
    }

    @Test func dropSubmitsAMove() {
        var machine = liveClient()
        _ = machine.beginDrag(item: "a")
        _ = machine.dragOver(to: at("done", 0), now: 1)
        let output = machine.drop()
        let move = Op.move(item: "a", from: at("main", 0), to: at("done", 0))
        #expect(output.send == [submitMessage(1, base: 5, move)])
        #expect(machine.localDrag == nil)
        #expect(machine.view == BoardView(board: clientBoard(after: [move])))
        #expect(output.batch == UpdateBatch(itemReloads: [CellPath(section: 1, item: 0)]))
    }

    @Test func dropInPlaceCancels() {
        var machine = liveClient()
        _ = machine.beginDrag(item: "a")
        _ = machine.dragOver(to: at("main", 2), now: 1)
        _ = machine.dragOver(to: at("main", 0), now: 2)
        let output = machine.drop()
        #expect(output.send == [.drag(.cancel(item: "a"))])
        #expect(machine.pendingCount == 0)
        #expect(machine.view == BoardView(board: clientBoard))
    }

    @Test func cancelDragSendsCancelAndPutsTheItemBack() {
        var machine = liveClient()
        _ = machine.beginDrag(item: "a")
        _ = machine.dragOver(to: at("done", 0), now: 1)
        let output = machine.cancelDrag()
        #expect(output.send == [.drag(.cancel(item: "a"))])
        #expect(machine.localDrag == nil)
        #expect(machine.view == BoardView(board: clientBoard))
        #expect(output.batch != nil)
    }

    @Test func remoteDragShowsAPlaceholderUntilCancelled() {
        var machine = liveClient()
        let begun = machine.receive(bobDrags(.begin, "b", from: at("main", 1)))
        #expect(machine.view == viewWithPlaceholder(clientBoard, item: "b", at: nil, holder: bobHolds))
        #expect(begun.batch == UpdateBatch(itemReloads: [CellPath(section: 0, item: 1)]))
        _ = machine.receive(bobDrags(.over, "b", from: at("main", 1), to: at("done", 0)))
        #expect(machine.view == viewWithPlaceholder(clientBoard, item: "b", at: at("done", 0), holder: bobHolds))
        let cancelled = machine.receive(bobDrags(.cancel, "b", from: at("main", 1)))
        #expect(machine.remoteDrags.isEmpty)
        #expect(machine.view == BoardView(board: clientBoard))
        #expect(cancelled.batch != nil)
    }

    @Test func remoteDragsInTheWelcomeAreShown() {
        var machine = ClientMachine(clientID: "A", user: "ann", boardID: "team")
        _ = machine.connectionOpened()
        let drag = ServerMessage.Drag(
            action: .over, client: "B", user: "bob", item: "c", from: at("main", 2), to: at("main", 0), version: 5)
        _ = machine.receive(clientWelcome(drags: [drag]))
        #expect(machine.view == viewWithPlaceholder(clientBoard, item: "c", at: at("main", 0), holder: bobHolds))
    }

    @Test func holdersMoveOfTheItemEndsTheirDrag() {
        var machine = liveClient()
        _ = machine.receive(bobDrags(.over, "b", from: at("main", 1), to: at("done", 0)))
        let move = Op.move(item: "b", from: at("main", 1), to: at("done", 0))
        let output = machine.receive(bobs(6, move))
        #expect(machine.remoteDrags.isEmpty)
        #expect(machine.view == BoardView(board: clientBoard(after: [move])))
        #expect(output.batch == UpdateBatch(itemReloads: [CellPath(section: 1, item: 0)]))
    }

    @Test func someoneElsesMoveKeepsTheDragWithItsPlaceholderRebased() {
        var machine = liveClient()
        _ = machine.receive(bobDrags(.over, "c", from: at("main", 2), to: at("main", 1)))
        _ = machine.receive(opMessage(6, "C", "cleo", .insert(item: Item(id: "n", label: "New"), to: at("main", 0))))
        #expect(machine.remoteDrags["c"]?.to == at("main", 2))
        #expect(machine.view.sections[0].cells.map(\.id) == ["n", "a", "c", "b"])
    }

    @Test func lockedBeginClearsTheLocalDragWithANotice() {
        var machine = liveClient()
        _ = machine.beginDrag(item: "a")
        let output = machine.receive(errorMessage(.locked, "a is being dragged by cleo (C)", item: "a"))
        #expect(machine.localDrag == nil)
        #expect(output.notices == [.locked(item: "a", message: "a is being dragged by cleo (C)")])
        #expect(machine.view == BoardView(board: clientBoard))
    }

    @Test func lockedAnswerToAnEarlierBeginKeepsTheLaterDrag() {
        var machine = liveClient()
        _ = machine.beginDrag(item: "a")
        _ = machine.cancelDrag()
        _ = machine.beginDrag(item: "a")
        let stale = machine.receive(errorMessage(.locked, "a is being dragged by cleo (C)", item: "a"))
        #expect(stale.notices.isEmpty)
        #expect(machine.localDrag?.item == "a")
        _ = machine.receive(dragMessage(.begin, "A", "ann", "a", from: at("main", 0), version: 5))
        let later = machine.receive(errorMessage(.locked, "a is being dragged by cleo (C)", item: "a"))
        #expect(later.notices == [.locked(item: "a", message: "a is being dragged by cleo (C)")])
    }

    @Test func beginOfAnItemSomeoneHoldsIsRefusedLocally() {
        var machine = liveClient()
        _ = machine.receive(bobDrags(.begin, "a", from: at("main", 0)))
        let output = machine.beginDrag(item: "a")
        #expect(output.notices == [.locked(item: "a", message: "held by bob")])
        #expect(output.send.isEmpty)
        #expect(machine.localDrag == nil)
    }

    @Test func remoteDeletionOfTheDraggedItemLosesTheDrag() {
        var machine = liveClient()
        _ = machine.beginDrag(item: "b")
        _ = machine.dragOver(to: at("done", 0), now: 1)
        let output = machine.receive(bobs(6, .delete(item: "b", from: at("main", 1))))
        #expect(output.notices.contains(.dragLost(item: "b", by: "bob")))
        #expect(machine.localDrag == nil)
        #expect(output.send.isEmpty)
        #expect(machine.view == BoardView(board: clientBoard(after: [.delete(item: "b", from: at("main", 1))])))
    }

    @Test func deletionOfThePlaceholdersSectionPutsThePlaceholderBackOnTheItem() {
        var machine = liveClient()
        _ = machine.beginDrag(item: "b")
        _ = machine.dragOver(to: at("done", 0), now: 1)
        let output = machine.receive(bobs(6, .deleteSection(section: "done", from: 1)))
        #expect(!output.notices.contains(.dragLost(item: "b", by: "bob")))
        #expect(machine.localDrag?.to == at("main", 1))
        let board = clientBoard(after: [.deleteSection(section: "done", from: 1)])
        #expect(machine.view == viewWithPlaceholder(board, item: "b", at: at("main", 1), holder: annHolds))
        let dropped = machine.drop()
        #expect(dropped.send == [.drag(.cancel(item: "b"))])
    }

    @Test func dropThatComesToNothingCancelsTheDrag() {
        var machine = liveClient()
        _ = machine.beginDrag(item: "a")
        _ = machine.dragOver(to: at("done", 0), now: 1)
        _ = machine.drop()
        let deleted = machine.receive(bobs(6, .deleteSection(section: "done", from: 1)))
        #expect(deleted.send == [.drag(.cancel(item: "a"))])
        #expect(machine.view == BoardView(board: clientBoard(after: [.deleteSection(section: "done", from: 1)])))
        let noop = machine.receive(ack(1, 6, nil))
        #expect(noop.send.isEmpty)
        #expect(machine.pendingCount == 0)
    }

    @Test func dropAnsweredWithNoopCancelsTheDrag() {
        var machine = liveClient()
        _ = machine.beginDrag(item: "a")
        _ = machine.dragOver(to: at("done", 0), now: 1)
        _ = machine.drop()
        let noop = machine.receive(ack(1, 5, nil))
        #expect(noop.send == [.drag(.cancel(item: "a"))])
    }

    @Test func voidDropIsCancelledAfterAnotherDragBegan() {
        var machine = liveClient()
        _ = machine.beginDrag(item: "a")
        _ = machine.dragOver(to: at("done", 0), now: 1)
        _ = machine.drop()
        _ = machine.beginDrag(item: "b")
        let noop = machine.receive(ack(1, 5, nil))
        #expect(noop.send == [.drag(.cancel(item: "a"))])
        #expect(machine.localDrag?.item == "b")
    }

    @Test func earlierMoveOfTheItemCommittingDoesNotForgetTheDrop() {
        var machine = liveClient()
        _ = machine.perform(.move(item: "c", to: at("done", 0)))
        _ = machine.beginDrag(item: "c")
        _ = machine.dragOver(to: at("main", 1), now: 1)
        _ = machine.drop()
        let acked = machine.receive(ack(1, 6, .move(item: "c", from: at("main", 2), to: at("done", 0))))
        #expect(acked.send == [submitMessage(2, base: 6, .move(item: "c", from: at("done", 0), to: at("main", 1)))])
        let deleted = machine.receive(bobs(7, .deleteSection(section: "main", from: 0)))
        #expect(deleted.send == [.drag(.cancel(item: "c"))])
    }

    @Test func committedDropNeedsNoCancel() {
        var machine = liveClient()
        _ = machine.beginDrag(item: "a")
        _ = machine.dragOver(to: at("done", 0), now: 1)
        _ = machine.drop()
        let acked = machine.receive(ack(1, 6, .move(item: "a", from: at("main", 0), to: at("done", 0))))
        #expect(acked.send.isEmpty)
        #expect(machine.receive(bobs(7, .update(item: "b", label: "Maps2"))).send.isEmpty)
    }

    @Test func anotherMoveRightAfterOurDropIsReported() {
        var machine = liveClient()
        _ = machine.beginDrag(item: "a")
        _ = machine.dragOver(to: at("done", 0), now: 1)
        _ = machine.drop()
        let move = Op.move(item: "a", from: at("main", 0), to: at("done", 0))
        _ = machine.receive(ack(1, 6, move))
        let output = machine.receive(bobs(7, .move(item: "a", from: at("done", 0), to: at("main", 1))))
        #expect(output.notices.contains(.dropOverridden(item: "a", by: "bob")))
        #expect(machine.view.sections[0].cells.map(\.id) == ["b", "a", "c"])
    }

    @Test func ownMoveOfTheHeldItemEndsTheDragWhenCommitted() {
        var machine = liveClient()
        _ = machine.beginDrag(item: "b")
        _ = machine.dragOver(to: at("main", 0), now: 1)
        let moved = machine.perform(.move(item: "b", to: at("done", 0)))
        #expect(moved.send == [submitMessage(1, base: 5, .move(item: "b", from: at("main", 1), to: at("done", 0)))])
        #expect(machine.localDrag?.item == "b")
        _ = machine.receive(ack(1, 6, .move(item: "b", from: at("main", 1), to: at("done", 0))))
        #expect(machine.localDrag == nil)
        #expect(
            machine.view
                == BoardView(board: clientBoard(after: [.move(item: "b", from: at("main", 1), to: at("done", 0))])))
    }

    @Test func dragBegunAfterTheMoveWasSentOutlivesItsCommit() {
        var machine = liveClient()
        _ = machine.perform(.move(item: "b", to: at("done", 0)))
        _ = machine.beginDrag(item: "b")
        _ = machine.receive(ack(1, 6, .move(item: "b", from: at("main", 1), to: at("done", 0))))
        #expect(machine.localDrag?.item == "b")
        #expect(machine.localDrag?.to == at("done", 0))
    }

    @Test func remoteOpResendsThePlaceholderPosition() {
        var machine = liveClient()
        _ = machine.beginDrag(item: "c")
        let moved = machine.receive(bobs(6, .move(item: "c", from: at("main", 2), to: at("done", 0))))
        #expect(moved.send == [.drag(.over(item: "c", base: 6, from: at("done", 0), to: at("main", 2)))])
    }

    @Test func ownDragEchoIsIgnored() {
        var machine = liveClient()
        _ = machine.beginDrag(item: "a")
        let output = machine.receive(dragMessage(.begin, "A", "ann", "a", from: at("main", 0), version: 5))
        #expect(output.batch == nil)
        #expect(machine.remoteDrags.isEmpty)
    }
}
