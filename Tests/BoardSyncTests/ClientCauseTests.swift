import BoardSync
import Testing

/// The client machine says who caused each view change, so the animation plan marks exactly
/// what that person moved.
@Suite struct ClientCauseTests {
    let bob = Mover.remote(client: "B", user: "bob")

    @Test func aRemoteOpIsItsCommittersEdit() throws {
        var machine = liveClient()
        let old = machine.view
        let output = machine.receive(bobs(6, .move(item: "b", from: at("main", 1), to: at("main", 0))))
        #expect(output.cause == ChangeCause(mover: bob, kind: .edit, moved: ["b"]))
        let batch = try #require(output.batch)
        let plan = try AnimationPlan(old: old, batch: batch, new: machine.view, cause: output.cause)
        #expect(plan.movedCells.map(\.id) == ["b"])
        #expect(plan.cells.filter(\.marked).map(\.id) == ["b"])
        #expect(plan.cells.first { $0.id == "a" }?.motion == .shifted)
    }

    @Test func aRemoteRenameMovesNothing() {
        var machine = liveClient()
        let output = machine.receive(bobs(6, .update(item: "a", label: "Post")))
        #expect(output.cause == ChangeCause(mover: bob, kind: .edit, moved: []))
    }

    @Test func aRemoteDragStepIsItsHoldersDrag() {
        var machine = liveClient()
        let begun = machine.receive(bobDrags(.begin, "c", from: at("main", 2)))
        #expect(begun.cause == ChangeCause(mover: bob, kind: .drag, moved: ["c"]))
        let over = machine.receive(bobDrags(.over, "c", from: at("main", 2), to: at("done", 0)))
        #expect(over.cause == ChangeCause(mover: bob, kind: .drag, moved: ["c"]))
    }

    @Test func localEditsAndDragsAreLocal() {
        var machine = liveClient()
        let moved = machine.perform(.move(item: "a", to: at("main", 2)))
        #expect(moved.cause == ChangeCause(mover: .local, kind: .edit, moved: ["a"]))
        let begun = machine.beginDrag(item: "b")
        #expect(begun.cause == ChangeCause(mover: .local, kind: .drag, moved: ["b"]))
        let over = machine.dragOver(to: at("done", 0), now: 1)
        #expect(over.cause == ChangeCause(mover: .local, kind: .drag, moved: ["b"]))
        let dropped = machine.drop()
        #expect(dropped.cause == ChangeCause(mover: .local, kind: .edit, moved: ["b"]))
        let undone = machine.undo(makeID: { "fresh" })
        #expect(undone.cause == ChangeCause(mover: .local, kind: .edit, moved: ["b"]))
    }

    @Test func aWelcomeIsNobodysAndAnUnchangedViewHasNoCause() {
        var machine = ClientMachine(clientID: "A", user: "ann", boardID: "team")
        _ = machine.connectionOpened()
        let welcome = machine.receive(clientWelcome())
        #expect(welcome.batch != nil && welcome.cause == nil)
        let presence = machine.receive(.presence(.init(action: .join, client: "C", user: "cat")))
        #expect(presence.batch == nil && presence.cause == nil)
        let rename = machine.perform(.rename(item: "a", label: "Mail"))
        #expect(rename.batch == nil && rename.cause == nil)
    }
}
