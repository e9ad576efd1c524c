import BoardSync
import Foundation
import TestSupport
import Testing

/// Plain HTTP on the server's port and the command line's exit statuses.
@Suite("HTTP endpoints and the command line")
struct HTTPEndpointTests {
    @Test func healthzMetricsAndSnapshots() throws {
        let server = try ServerProcess()
        defer { server.finish() }
        let health = try HTTPProbe.get(port: server.port, path: "/healthz")
        #expect(health.status == 200)
        #expect(health.body.trimmingCharacters(in: .whitespacesAndNewlines) == "ok")
        let before = try Self.metrics(server)
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
        let (client, _) = try ProtocolClient.joined(server.url(board: "http"))
        #expect(try client.submit(seq: 1, base: 0, Ops.insert("m1")).ackValue != nil)
        #expect(try client.submit(seq: 2, base: 1, Ops.insert("m2")).ackValue != nil)
        #expect(try client.submit(seq: 3, base: 2, Ops.insert("m3", "")).errorValue?.code == .badOp)
        let after = try Self.metrics(server)
        #expect(after["boardsync_ops_committed_total"] == 2)
        #expect(after["boardsync_connections"] == 1)
        #expect(after["boardsync_connections_opened_total"] == 1)
        #expect(after["boardsync_ack_latency_seconds_count"] == 2)
        #expect(after["boardsync_errors_total{code=\"bad_op\"}"] == 1)
        #expect((after["boardsync_messages_received_total"] ?? 0) >= 4)
        let snapshot = try HTTPProbe.get(port: server.port, path: "/boards/http")
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
        let server = try ServerProcess()
        defer { server.finish() }
        for path in ["/boards/fresh", "/nowhere", "/boards/", "/boards/x/y", "/healthz/more"] {
            #expect(try HTTPProbe.get(port: server.port, path: path).status == 404, "for \(path)")
        }
        let (_, welcome) = try ProtocolClient.joined(server.url(board: "fresh"))
        #expect(welcome.state == .board(.initial(id: "fresh")))
        #expect(try HTTPProbe.get(port: server.port, path: "/boards/fresh").status == 200)
    }

    @Test func badFlagExitsTwoWithOneLineAndHelpExitsZero() throws {
        let bad = try ServerProcess.runToExit(["--bad-flag"])
        #expect(bad.status == 2)
        let lines = bad.stderr.split(separator: "\n")
        #expect(lines.count == 1, "stderr: \(bad.stderr)")
        #expect(bad.stderr.contains("--bad-flag"))
        let help = try ServerProcess.runToExit(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("--drag-timeout"))
        let missing = try ServerProcess.runToExit(["--port"])
        #expect(missing.status == 2)
        let invalid = try ServerProcess.runToExit(["--port", "99999"])
        #expect(invalid.status == 2)
    }

    @Test func garbageDataFileExitsOneAndIsLeftUntouched() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "board-garbage-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("boards.sqlite").path
        var generator = SeededGenerator(seed: 42)
        let garbage = Data((0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) })
        try garbage.write(to: URL(fileURLWithPath: path))
        let result = try ServerProcess.runToExit(["--port", "0", "--data", path])
        #expect(result.status == 1, "stdout: \(result.stdout) stderr: \(result.stderr)")
        #expect(result.stderr.contains(path), "the message must name the file: \(result.stderr)")
        #expect(!result.stdout.contains("listening on"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)
        let siblings = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(siblings == ["boards.sqlite"], "files next to the data: \(siblings)")
    }

    /// The server's metrics as sample name (with labels) to value.
    static func metrics(_ server: ServerProcess) throws -> [String: Double] {
        let response = try HTTPProbe.get(port: server.port, path: "/metrics")
        #expect(response.status == 200)
        var samples: [String: Double] = [:]
        for line in response.body.split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]) else {
                Issue.record("not a Prometheus sample line: \(line)")
                continue
            }
            samples[String(line[..<space])] = value
        }
        return samples
    }
}
