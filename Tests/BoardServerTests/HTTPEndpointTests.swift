import BoardSync
import Foundation
import TestSupport
import Testing

/// Plain HTTP answers: health, metrics and snapshots (in-process).
@Suite("HTTP endpoints")
struct HTTPEndpointTests {
    @Test func healthzMetricsAndSnapshots() throws {
        let server = try InProcessServer()
        defer { server.finish() }
        let health = server.get("/healthz")
        #expect(health.status == 200)
        #expect(health.body.trimmingCharacters(in: .whitespacesAndNewlines) == "ok")
        let before = server.metrics()
        for name in [
            "boardsync_connections", "boardsync_boards_loaded", "boardsync_drags_active",
            "boardsync_ops_committed_total",
            "boardsync_messages_received_total", "boardsync_messages_sent_total",
            "boardsync_slow_consumer_disconnects_total",
            "boardsync_connections_opened_total", "boardsync_ack_latency_seconds_count",
            "boardsync_commit_seconds_count",
        ] {
            #expect(before[name] != nil, "metric \(name) is missing")
        }
        #expect(before["boardsync_ops_committed_total"] == 0)
        let (client, _) = try server.joined(board: "http")
        #expect(try client.submit(seq: 1, base: 0, Ops.insert("m1")).ackValue != nil)
        #expect(try client.submit(seq: 2, base: 1, Ops.insert("m2")).ackValue != nil)
        #expect(try client.submit(seq: 3, base: 2, Ops.insert("m3", "")).errorValue?.code == .badOp)
        let after = server.metrics()
        #expect(after["boardsync_ops_committed_total"] == 2)
        #expect(after["boardsync_connections"] == 1)
        #expect(after["boardsync_connections_opened_total"] == 1)
        #expect(after["boardsync_ack_latency_seconds_count"] == 2)
        #expect(after["boardsync_errors_total{code=\"bad_op\"}"] == 1)
        #expect((after["boardsync_messages_received_total"] ?? 0) >= 4)
        let snapshot = server.get("/boards/http")
        #expect(snapshot.status == 200)
        let board = try WireCodec.decodeBoard(Array(snapshot.body.utf8))
        #expect(
            board
                == Board(
                    id: "http", version: 2,
                    sections: [
                        Section(
                            id: "main", title: "Main",
                            items: [Item(id: "m2", label: "label m2"), Item(id: "m1", label: "label m1")])
                    ]))
    }

    @Test func unknownBoardsAndPathsAre404AndGetCreatesNothing() throws {
        let server = try InProcessServer()
        defer { server.finish() }
        for path in ["/boards/fresh", "/nowhere", "/boards/", "/boards/x/y", "/healthz/more"] {
            #expect(server.get(path).status == 404, "for \(path)")
        }
        let (_, welcome) = try server.joined(board: "fresh")
        #expect(welcome.state == .board(.initial(id: "fresh")))
        #expect(server.get("/boards/fresh").status == 200)
    }
}
