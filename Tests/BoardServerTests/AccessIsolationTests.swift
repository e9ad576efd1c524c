import BoardSync
import Foundation
import ServerTransport
import TestSupport
import Testing

/// Random traffic on many boards never crosses from one board to another (in-process).
@Suite("board-server board isolation")
struct AccessIsolationTests {
    /// One client's view of its board, built only from what the server sent it.
    final class Replica {
        let board: String
        let connection: InProcessClient
        var state: BoardState
        var seq = 0
        var problems: [String] = []

        init(board: String, connection: InProcessClient, welcome: ServerMessage.Welcome) {
            self.board = board
            self.connection = connection
            if case .board(let snapshot) = welcome.state {
                state = BoardState(board: snapshot)
                if snapshot.id.rawValue != board { problems.append("welcome for board \(snapshot.id)") }
            } else {
                state = BoardState(board: .initial(id: BoardName(board)!))
                problems.append("welcome without a snapshot")
            }
        }

        func send(_ message: ClientMessage) {
            connection.send(message)
        }

        /// Applies one committed op, checking that it belongs to this board and continues it.
        func apply(_ op: Op, version: Int) {
            guard case .insert(let item, _) = op, item.id.rawValue.hasPrefix(board + ".") else {
                problems.append("foreign or unexpected op \(op) at version \(version)")
                return
            }
            guard version == state.version + 1 else {
                problems.append("version \(version) after \(state.version)")
                return
            }
            if state.apply(op) != .apply { problems.append("op at version \(version) does not apply") }
        }

        /// Receives and applies until `done` holds.
        func receive(until done: (ServerMessage) -> Bool) throws {
            while true {
                let message = try connection.receive()
                switch message {
                case .op(let committed): apply(committed.op, version: committed.version)
                case .ack(let ack): if let op = ack.op { apply(op, version: ack.version) }
                case .error(let report): problems.append("error \(report.code.rawValue): \(report.message)")
                default: break
                }
                if done(message) { return }
            }
        }
    }

    @Test func randomTrafficOnManyBoardsNeverCrossesBoards() throws {
        let seed = TestSeed.fresh()
        var random = SeededGenerator(seed: seed)
        let server = try InProcessServer()
        defer { server.finish() }
        let boards = (0..<20).map { String(format: "iso-%02d", $0) }
        var replicas: [Replica] = []
        for board in boards {
            for index in 0..<3 {
                let (connection, welcome) = try server.joined(
                    board: board, client: "\(board)-c\(index)", user: "u\(index)")
                replicas.append(Replica(board: board, connection: connection, welcome: welcome))
            }
        }
        var committed = Dictionary(uniqueKeysWithValues: boards.map { ($0, 0) })
        for round in 0..<6 {
            let submitters = replicas.filter { _ in Int.random(in: 0..<10, using: &random) < 7 }
            for replica in submitters {
                replica.seq += 1
                let count = replica.state.itemCount(inSection: "main") ?? 0
                let op = Ops.insert(
                    "\(replica.board).\(replica.seq).\(round).\(replicas.firstIndex { $0 === replica } ?? 0)",
                    at: Int.random(in: 0...count, using: &random))
                replica.send(.submit(.init(seq: replica.seq, base: replica.state.version, op: op)))
                committed[replica.board, default: 0] += 1
            }
            for replica in submitters {
                let seq = replica.seq
                try replica.receive { message in
                    if case .ack(let ack) = message { return ack.seq == seq }
                    if case .error(let report) = message { return report.seq == seq }
                    return false
                }
            }
        }
        for replica in replicas {
            let final = committed[replica.board] ?? 0
            if replica.state.version < final { try replica.receive { _ in replica.state.version >= final } }
            let board = try server.snapshot(replica.board)
            #expect(replica.problems.isEmpty, "seed \(seed), \(replica.board): \(replica.problems.prefix(3))")
            #expect(replica.state.board == board, "seed \(seed), \(replica.board)")
            #expect(board.version == final, "seed \(seed), \(replica.board)")
        }
    }
}
