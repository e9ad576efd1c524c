import BoardSync
import Foundation
import TestSupport
import Testing

/// Drags: broadcasts to everyone including the holder, and every way a drag ends (in-process).
@Suite("drag lifecycle")
struct DragLifecycleTests {
    /// A board with items a, b, c in `main` and two joined clients, alice and bob.
    struct Room {
        let server: InProcessServer
        let alice: InProcessClient
        let bob: InProcessClient

        init(arguments: [String] = [], board: String) throws {
            server = try InProcessServer(arguments: arguments)
            (alice, _) = try server.joined(board: board, user: "alice")
            for (index, id) in (["a", "b", "c"] as [ItemID]).enumerated() {
                _ = try alice.submit(seq: index + 1, base: index, Ops.insert(id, at: index))
            }
            (bob, _) = try server.joined(board: board, user: "bob")
            _ = try alice.receive { $0.presenceValue }
        }
    }

    @Test func beginOverCancelReachEveryoneIncludingTheSender() throws {
        let room = try Room(board: "drag-basic")
        defer { room.server.finish() }
        room.alice.send(.drag(.begin(item: "a")))
        let begin = ServerMessage.Drag(
            action: .begin, client: room.alice.client, user: "alice", item: "a",
            from: Position(section: "main", index: 0), version: 3)
        #expect(try room.alice.nextDrag() == begin)
        #expect(try room.bob.nextDrag() == begin)
        room.alice.send(
            .drag(
                .over(
                    item: "a", base: 3, from: Position(section: "main", index: 0),
                    to: Position(section: "main", index: 2))))
        var over = begin
        over.action = .over
        over.to = Position(section: "main", index: 2)
        #expect(try room.alice.nextDrag() == over)
        #expect(try room.bob.nextDrag() == over)
        room.bob.send(.drag(.cancel(item: "a")))
        room.alice.send(.drag(.cancel(item: "a")))
        var cancel = begin
        cancel.action = .cancel
        #expect(try room.alice.nextDrag() == cancel)
        #expect(try room.bob.nextDrag() == cancel)
        room.bob.send(.drag(.begin(item: "a")))
        #expect(try room.alice.nextDrag().client == room.bob.client)
    }

    @Test func holderDisconnectCancelsWithReasonLeft() throws {
        let room = try Room(board: "drag-left")
        defer { room.server.finish() }
        room.alice.send(.drag(.begin(item: "b")))
        _ = try room.bob.nextDrag()
        room.bob.send(.drag(.begin(item: "b")))
        #expect(try room.bob.nextError().code == .locked)
        room.alice.close()
        let cancel = try room.bob.nextDrag()
        #expect(cancel.action == .cancel)
        #expect(cancel.reason == .left)
        #expect(cancel.item == "b")
        room.bob.send(.drag(.begin(item: "b")))
        #expect(try room.bob.nextDrag().client == room.bob.client)
    }

    @Test func idleDragTimesOut() throws {
        let room = try Room(arguments: ["--drag-timeout", "1"], board: "drag-timeout")
        defer { room.server.finish() }
        room.alice.send(.drag(.begin(item: "c")))
        _ = try room.alice.nextDrag()
        room.server.advance(by: 2)
        let cancel = try room.bob.receive(timeout: 5) { $0.dragValue.flatMap { $0.action == .cancel ? $0 : nil } }
        #expect(cancel.reason == .timeout)
        #expect(cancel.client == room.alice.client)
    }

    @Test func holderMoveEndsTheDragSilently() throws {
        let room = try Room(board: "drag-drop")
        defer { room.server.finish() }
        room.alice.send(.drag(.begin(item: "a")))
        _ = try room.bob.nextDrag()
        #expect(
            try room.alice.submit(seq: 4, base: 3, Ops.move("a", from: ("main", 0), to: ("main", 2))).ackValue?.version
                == 4)
        #expect(try room.bob.receive { $0.opValue }.version == 4)
        room.bob.send(.drag(.begin(item: "a")))
        let begin = try room.bob.nextDrag()
        #expect(begin.action == .begin)
        #expect(begin.client == room.bob.client)
        #expect(begin.from == Position(section: "main", index: 2))
    }

    @Test func deletionByAnotherCancelsWithReasonDeleted() throws {
        let room = try Room(board: "drag-deleted")
        defer { room.server.finish() }
        room.alice.send(.drag(.begin(item: "b")))
        _ = try room.alice.nextDrag()
        _ = try room.bob.nextDrag()
        #expect(try room.bob.submit(seq: 1, base: 3, Ops.delete("b", at: 1)).ackValue?.version == 4)
        let cancel = try room.alice.nextDrag()
        #expect(cancel.action == .cancel)
        #expect(cancel.reason == .deleted)
        #expect(cancel.from == nil)
        #expect(cancel.version == 4)
        room.alice.send(.drag(.begin(item: "b")))
        #expect(try room.alice.nextError().code == .badOp)
    }
}
