import BoardSync
import Foundation
import TestSupport
import Testing

/// Every server-to-client message: welcome variants, ack, op and presence (in-process).
@Suite("welcome, ack, op and presence")
struct WelcomeAndBroadcastTests {
    @Test func welcomeCatchesUpWithOpsOrSendsASnapshot() throws {
        let server = try InProcessServer()
        defer { server.finish() }
        let name = "catchup"
        let (alice, first) = try server.joined(board: name, user: "alice")
        #expect(first.state == .board(.initial(id: "catchup")))
        #expect(first.lastSeq == 0)
        #expect(first.you == .init(client: alice.client, user: "alice", role: .editor))
        var committed: [SequencedOp] = []
        for index in 0..<3 {
            let op = Ops.insert("item\(index)")
            #expect(
                try alice.submit(seq: index + 1, base: index, op)
                    == .ack(.init(seq: index + 1, version: index + 1, op: op)))
            committed.append(.init(version: index + 1, client: alice.client, user: "alice", seq: 0, op: op))
        }
        let (_, fromOne) = try server.joined(board: name, user: "carol", since: 1)
        #expect(fromOne.state == .ops(Array(committed[1...])))
        let (_, current) = try server.joined(board: name, user: "dave", since: 3)
        #expect(current.state == .ops([]))
        let (_, ahead) = try server.joined(board: name, user: "eve", since: 7)
        guard case .board(let board) = ahead.state else {
            Issue.record("since above the version must give a snapshot, got \(ahead.state)")
            return
        }
        #expect(board.version == 3)
        #expect(board.sections.first?.items.map(\.id) == ["item2", "item1", "item0"])
        let (_, again) = try server.joined(board: name, client: alice.client, user: "alice", since: 0)
        #expect(again.state == .ops(committed))
        #expect(again.lastSeq == 3)
    }

    @Test func sinceOlderThanTheRetainedOpsGetsASnapshot() throws {
        let server = try InProcessServer(arguments: ["--retain-ops", "2"])
        defer { server.finish() }
        let name = "retain"
        let (alice, _) = try server.joined(board: name)
        for index in 0..<5 {
            #expect(try alice.submit(seq: index + 1, base: index, Ops.insert("r\(index)")).ackValue != nil)
        }
        let (_, old) = try server.joined(board: name, since: 1)
        guard case .board(let board) = old.state else {
            Issue.record("expected a snapshot, got \(old.state)")
            return
        }
        #expect(board.version == 5)
        #expect(board.sections[0].items.count == 5)
        let (_, recent) = try server.joined(board: name, since: 3)
        guard case .ops(let ops) = recent.state else {
            Issue.record("expected ops, got \(recent.state)")
            return
        }
        #expect(ops.map(\.version) == [4, 5])
    }

    @Test func presenceJoinAndLeaveReachTheOthers() throws {
        let server = try InProcessServer()
        defer { server.finish() }
        let name = "presence"
        let (alice, aliceWelcome) = try server.joined(board: name, user: "alice")
        #expect(aliceWelcome.peers.isEmpty)
        let (bob, bobWelcome) = try server.joined(board: name, user: "bob")
        #expect(bobWelcome.peers == [.init(client: alice.client, user: "alice")])
        #expect(try alice.receive() == .presence(.init(action: .join, client: bob.client, user: "bob")))
        bob.close()
        #expect(try alice.receive() == .presence(.init(action: .leave, client: bob.client, user: "bob")))
    }

    @Test func opsReachEveryOtherConnectionInVersionOrder() throws {
        let server = try InProcessServer()
        defer { server.finish() }
        let name = "order"
        let (alice, _) = try server.joined(board: name, user: "alice")
        let (bob, _) = try server.joined(board: name, user: "bob")
        let (watcher, _) = try server.joined(board: name, user: "watcher")
        _ = try alice.receive { $0.presenceValue.flatMap { $0.user == "watcher" ? $0 : nil } }
        _ = try bob.receive { $0.presenceValue.flatMap { $0.user == "watcher" ? $0 : nil } }
        for round in 0..<5 {
            alice.send(.submit(.init(seq: round + 1, base: 0, op: Ops.insert("a\(round)"))))
            bob.send(.submit(.init(seq: round + 1, base: 0, op: Ops.insert("b\(round)"))))
            _ = try alice.receive { $0.ackValue }
            _ = try bob.receive { $0.ackValue }
        }
        var versions: [Int] = []
        while versions.count < 10 {
            versions.append(try watcher.receive { $0.opValue }.version)
        }
        #expect(versions == Array(1...10))
        let snapshot = try server.snapshot(name)
        #expect(snapshot.version == 10)
        #expect(Set(snapshot.sections[0].items.map(\.id)).count == 10)
    }
}
