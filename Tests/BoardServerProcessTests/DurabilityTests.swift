import BoardSync
import Foundation
import TestSupport
import Testing

/// Every acknowledged op survives `kill -9` in the middle of a burst of submits.
@Suite("durability across SIGKILL")
struct DurabilityTests {
    /// An acknowledged submit as its author saw it.
    struct Acked: Sendable {
        let client: ClientID
        let seq: Int
        let version: Int
        let op: Op
    }

    @Test func everyAcknowledgedOpSurvivesKillNine() throws {
        let arguments = ["--snapshot-every", "25", "--rate-burst", "100000", "--rate-per-second", "100000"]
        let server = try ServerProcess(arguments: arguments)
        let url = server.url(board: "durable")
        let acked = Watched<[Acked]>([])
        let group = DispatchGroup()
        for writer in 0..<5 {
            let client: ProtocolClient
            do {
                (client, _) = try ProtocolClient.joined(url, client: "writer\(writer)", user: "w\(writer)")
            } catch {
                Issue.record("writer \(writer) cannot join: \(error); server log:\n\(server.log.suffix(3000))")
                throw error
            }
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                var base = 0
                for seq in 1... {
                    let op = Ops.insert("w\(writer)-\(seq)")
                    guard let answer = try? client.submit(seq: seq, base: base, op, timeout: 10),
                        let ack = answer.ackValue,
                        let committed = ack.op
                    else { return }
                    acked.append(Acked(client: client.client, seq: seq, version: ack.version, op: committed))
                    base = ack.version
                }
            }
        }
        let enough = acked.wait(timeout: 20) { $0.count >= 200 }
        #expect(enough, "only \(acked.value.count) acks")
        server.stop(signal: SIGKILL)
        #expect(group.wait(timeout: .now() + 15) == .success)
        let records = acked.value
        #expect(Set(records.map(\.version)).count == records.count, "two acks for one version")

        let restarted = try ServerProcess(arguments: arguments, directory: server.directory)
        defer { restarted.finish() }
        let welcome: ServerMessage.Welcome
        do {
            (_, welcome) = try ProtocolClient.joined(restarted.url(board: "durable"), since: 0)
        } catch {
            Issue.record("cannot join after the restart: \(error); server log:\n\(restarted.log.suffix(3000))")
            throw error
        }
        guard case .ops(let ops) = welcome.state else {
            Issue.record("expected every op since 0, got \(welcome.state)")
            return
        }
        #expect(ops.map(\.version) == (0..<ops.count).map { $0 + 1 })
        for record in records {
            guard record.version <= ops.count else {
                Issue.record("acked version \(record.version) of \(record.client) is lost (board has \(ops.count))")
                continue
            }
            let stored = ops[record.version - 1]
            #expect(stored.op == record.op && stored.client == record.client, "version \(record.version) differs")
        }
        for writer in 0..<5 {
            let client = ClientID("writer\(writer)")
            let last = records.filter { $0.client == client }.map(\.seq).max() ?? 0
            let (_, mine) = try ProtocolClient.joined(
                restarted.url(board: "durable"), client: client, user: "w\(writer)")
            #expect(mine.lastSeq >= last, "lastSeq of \(client) is \(mine.lastSeq), acked \(last)")
        }
        let snapshot = try WireCodec.decodeBoard(
            Array(HTTPProbe.get(port: restarted.port, path: "/boards/durable").body.utf8))
        #expect(snapshot.version == ops.count)
        var replay = BoardState(board: .initial(id: "durable"))
        for op in ops {
            #expect(replay.apply(op.op, limits: .default) == .apply, "stored op \(op.version) does not apply")
        }
        #expect(replay.board == snapshot)
    }
}
