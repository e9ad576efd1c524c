import BoardSync
import Foundation
import TestSupport
import Testing

@Suite("board-server basics")
struct ServerBasicsTests {
    @Test func welcomeAckAndBroadcast() throws {
        let server = try ServerProcess()
        let url = server.url(board: "basics")
        let (alice, welcome) = try ProtocolClient.joined(url, user: "alice")
        guard case .board(let board) = welcome.state else {
            Issue.record("expected a snapshot")
            return
        }
        #expect(board == .initial(id: "basics"))
        let (bob, _) = try ProtocolClient.joined(url, user: "bob")
        let op = Op.insert(item: Item(id: "a1", label: "Mail"), to: Position(section: "main", index: 0))
        alice.send(.submit(.init(seq: 1, base: 0, op: op)))
        let ack = try alice.receive { message -> ServerMessage.Ack? in
            if case .ack(let ack) = message { return ack }
            return nil
        }
        #expect(ack == .init(seq: 1, version: 1, op: op))
        let seen = try bob.receive { message -> SequencedOp? in
            if case .op(let committed) = message { return committed }
            return nil
        }
        #expect(seen == .init(version: 1, client: alice.client, user: "alice", seq: 0, op: op))
    }

    @Test func sigtermClosesConnectionsWith1001AndExitsZero() throws {
        let server = try ServerProcess()
        let (client, _) = try ProtocolClient.joined(server.url(board: "stop"))
        #expect(server.stop(signal: SIGTERM) == 0)
        #expect(try client.closeCode() == 1001)
    }

    /// A SIGTERM sent the moment the server says it listens (a supervisor stopping what it just
    /// started) is neither lost nor fatal: every time, the server stops cleanly and exits 0.
    @Test func sigtermRightAfterListeningStopsTheServerCleanly() throws {
        for _ in 0..<25 {
            let server = try ServerProcess()
            #expect(server.stop(signal: SIGTERM, timeout: 5) == 0)
        }
    }
}
