import BoardSync
import Foundation
import Testing

/// Reconnecting with `since`: catch-up ops, snapshots when too far behind, duplicate acks.
@Suite("reconnect over the wire")
struct ReconnectTests {
    @Test func reconnectWithSinceGetsExactlyTheMissedOps() throws {
        let server = try ServerProcess()
        defer { server.finish() }
        let url = server.url(board: "reconnect")
        let (alice, _) = try ProtocolClient.joined(url, client: "alice-id", user: "alice")
        let (bob, _) = try ProtocolClient.joined(url, user: "bob")
        #expect(try alice.submit(seq: 1, base: 0, Ops.insert("first")).ackValue?.version == 1)
        _ = try bob.receive { $0.opValue }
        alice.close()
        _ = try bob.receive { $0.presenceValue.flatMap { $0.action == .leave ? $0 : nil } }
        var missed: [ServerMessage.CommittedOp] = []
        for index in 0..<4 {
            let op = Ops.insert("missed\(index)")
            #expect(try bob.submit(seq: index + 1, base: index + 1, op).ackValue?.version == index + 2)
            missed.append(.init(version: index + 2, client: bob.client, user: "bob", op: op))
        }
        let (_, welcome) = try ProtocolClient.joined(url, client: "alice-id", user: "alice", since: 1)
        #expect(welcome.state == .ops(missed))
        #expect(welcome.lastSeq == 1)
        #expect(welcome.peers == [.init(client: bob.client, user: "bob")])
    }

    @Test func farBehindReconnectGetsASnapshot() throws {
        let server = try ServerProcess(arguments: ["--retain-ops", "3"])
        defer { server.finish() }
        let url = server.url(board: "behind")
        let (alice, _) = try ProtocolClient.joined(url, client: "alice-id", user: "alice")
        alice.close()
        let (bob, _) = try ProtocolClient.joined(url, user: "bob")
        for index in 0..<10 {
            #expect(try bob.submit(seq: index + 1, base: index, Ops.insert("n\(index)")).ackValue != nil)
        }
        let (_, welcome) = try ProtocolClient.joined(url, client: "alice-id", user: "alice", since: 0)
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
        let server = try ServerProcess()
        defer { server.finish() }
        let url = server.url(board: "resubmit")
        let (alice, _) = try ProtocolClient.joined(url, client: "alice-id", user: "alice")
        let (bob, _) = try ProtocolClient.joined(url, user: "bob")
        let op = Ops.insert("pending")
        alice.send(.submit(.init(seq: 7, base: 0, op: op)))
        alice.close()
        #expect(try bob.receive { $0.opValue }.op == op)
        #expect(try bob.submit(seq: 1, base: 1, Ops.insert("later")).ackValue?.version == 2)
        let (again, welcome) = try ProtocolClient.joined(url, client: "alice-id", user: "alice", since: 0)
        #expect(welcome.lastSeq == 7)
        let answer = try again.submit(seq: 7, base: 2, op)
        #expect(answer == .ack(.init(seq: 7, version: 1, op: op, duplicate: true)))
        let board = try WireCodec.decodeBoard(Array(HTTPProbe.get(port: server.port, path: "/boards/resubmit").body.utf8))
        #expect(board.version == 2)
    }
}
