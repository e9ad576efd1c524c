import BoardStore
import BoardSync
import Foundation
import TestSupport
import Testing

/// Reconnecting with `since`: catch-up ops, snapshots when too far behind, duplicate acks
/// (in-process).
@Suite("reconnect")
struct ReconnectTests {
    @Test func reconnectWithSinceGetsExactlyTheMissedOps() throws {
        let server = try InProcessServer()
        defer { server.finish() }
        let name = "reconnect"
        let (alice, _) = try server.joined(board: name, client: "alice-id", user: "alice")
        let (bob, _) = try server.joined(board: name, user: "bob")
        #expect(try alice.submit(seq: 1, base: 0, Ops.insert("first")).ackValue?.version == 1)
        _ = try bob.receive { $0.opValue }
        alice.close()
        _ = try bob.receive { $0.presenceValue.flatMap { $0.action == .leave ? $0 : nil } }
        var missed: [SequencedOp] = []
        for index in 0..<4 {
            let op = Ops.insert("missed\(index)")
            #expect(try bob.submit(seq: index + 1, base: index + 1, op).ackValue?.version == index + 2)
            missed.append(.init(version: index + 2, client: bob.client, user: "bob", seq: 0, op: op))
        }
        let (_, welcome) = try server.joined(board: name, client: "alice-id", user: "alice", since: 1)
        #expect(welcome.state == .ops(missed))
        #expect(welcome.lastSeq == 1)
        #expect(welcome.peers == [.init(client: bob.client, user: "bob")])
    }

    @Test func farBehindReconnectGetsASnapshot() throws {
        let server = try InProcessServer(arguments: ["--retain-ops", "3"])
        defer { server.finish() }
        let name = "behind"
        let (alice, _) = try server.joined(board: name, client: "alice-id", user: "alice")
        alice.close()
        let (bob, _) = try server.joined(board: name, user: "bob")
        for index in 0..<10 {
            #expect(try bob.submit(seq: index + 1, base: index, Ops.insert("n\(index)")).ackValue != nil)
        }
        let (_, welcome) = try server.joined(board: name, client: "alice-id", user: "alice", since: 0)
        guard case .board(let board) = welcome.state else {
            Issue.record("expected a snapshot, got \(welcome.state)")
            return
        }
        #expect(board.version == 10)
        #expect(board.sections[0].items.map(\.id) == (0..<10).reversed().map { "n\($0)" })
    }

    /// A submit committed just before its connection dropped is resubmitted after the reconnect
    /// with the same seq: the answer is a duplicate ack with the original version and op.
    @Test func resubmittingACommittedOpGetsADuplicateAck() throws {
        let server = try InProcessServer()
        defer { server.finish() }
        let name = "resubmit"
        let (alice, _) = try server.joined(board: name, client: "alice-id", user: "alice")
        let (bob, _) = try server.joined(board: name, user: "bob")
        let op = Ops.insert("pending")
        alice.send(.submit(.init(seq: 7, base: 0, op: op)))
        alice.close()
        #expect(try bob.receive { $0.opValue }.op == op)
        #expect(try bob.submit(seq: 1, base: 1, Ops.insert("later")).ackValue?.version == 2)
        let (again, welcome) = try server.joined(board: name, client: "alice-id", user: "alice", since: 0)
        #expect(welcome.lastSeq == 7)
        let answer = try again.submit(seq: 7, base: 2, op)
        #expect(answer == .ack(.init(seq: 7, version: 1, op: op, duplicate: true)))
        let board = try server.snapshot("resubmit")
        #expect(board.version == 2)
    }
}

/// A board unloaded from memory after its last connection left is rebuilt from storage: the
/// latest snapshot, the ops after it, the used ids and every client's `lastSeq`.
@Suite("boards reloaded from storage")
struct BoardReloadTests {
    @Test func idleBoardIsUnloadedAndReloadedIntact() throws {
        let directory = try TemporaryDirectory(prefix: "board-reload")
        let server = try InProcessServer(
            arguments: ["--idle-board-seconds", "0", "--snapshot-every", "4"],
            store: SQLiteBoardStore(path: directory.path("boards.sqlite")))
        defer { server.finish() }
        let name = "reload"
        let (alice, _) = try server.joined(board: name, client: "alice-id", user: "alice")
        var history: [SequencedOp] = []
        for index in 0..<5 {
            let op = Ops.insert("r\(index)")
            #expect(try alice.submit(seq: index + 1, base: index, op).ackValue?.version == index + 1)
            history.append(.init(version: index + 1, client: "alice-id", user: "alice", seq: 0, op: op))
        }
        #expect(try alice.submit(seq: 6, base: 5, Ops.delete("r4", at: 0)).ackValue?.version == 6)
        history.append(.init(version: 6, client: "alice-id", user: "alice", seq: 0, op: Ops.delete("r4", at: 0)))
        let before = try server.snapshot("reload")
        alice.close()
        let unloaded = server.unloadsWithinTenSeconds()
        #expect(unloaded, "the idle board stayed loaded")
        let (again, welcome) = try server.joined(board: name, client: "alice-id", user: "alice", since: 0)
        #expect(welcome.lastSeq == 6)
        #expect(welcome.state == .ops(history))
        let after = try server.snapshot("reload")
        #expect(after == before)
        #expect(try again.submit(seq: 7, base: 6, Ops.insert("r4")).errorValue?.code == .badOp)
        #expect(try again.submit(seq: 7, base: 6, Ops.insert("r5")).ackValue?.version == 7)
    }
}

/// Connections that never said `hello` leave nothing behind.
@Suite("boards without a hello")
struct SilentConnectionTests {
    @Test func boardOfAConnectionThatNeverSaidHelloIsUnloaded() throws {
        let server = try InProcessServer(arguments: ["--idle-board-seconds", "0"])
        defer { server.finish() }
        let silent = try server.client(board: "ghost")
        #expect(server.metrics()["boardsync_boards_loaded"] == 1)
        silent.close()
        let unloaded = server.unloadsWithinTenSeconds()
        #expect(unloaded, "a board no one said hello to stays in memory for good")
        #expect(server.get("/boards/ghost").status == 404)
    }
}

extension InProcessServer {
    /// Lets the server's clock run up to ten seconds, a second at a time, until no board is
    /// loaded; says whether that happened.
    fileprivate func unloadsWithinTenSeconds() -> Bool {
        for _ in 0..<10 {
            if metrics()["boardsync_boards_loaded"] == 0 { return true }
            advance(by: 1)
        }
        return metrics()["boardsync_boards_loaded"] == 0
    }
}
