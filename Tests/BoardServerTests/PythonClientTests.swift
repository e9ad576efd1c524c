import Foundation
import TestSupport
import Testing

/// The server against an independent WebSocket client: Python's `websockets`.
@Suite("independent Python client")
struct PythonClientTests {
    /// The interpreter of the venv that has `websockets`: `BOARD_SYNC_PYTHON`, else the package's
    /// `.build/venv/bin/python`.
    static func python() -> String? {
        if let configured = ProcessInfo.processInfo.environment["BOARD_SYNC_PYTHON"],
            FileManager.default.isExecutableFile(atPath: configured)
        {
            return configured
        }
        let local = BuiltProducts.packageRoot.appendingPathComponent(".build/venv/bin/python").path
        return FileManager.default.isExecutableFile(atPath: local) ? local : nil
    }

    @Test func pythonWebsocketsClientSpeaksTheProtocol() throws {
        guard let python = Self.python() else {
            Issue.record("no Python with websockets: run `make test` (it creates .build/venv) or set BOARD_SYNC_PYTHON")
            return
        }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("python/protocol_client.py").path
        let server = try ServerProcess()
        defer { server.finish() }
        let run = try ProcessRun.run(URL(fileURLWithPath: python), [script, server.url(board: "python")], timeout: 60)
        let text = run.stdout
        #expect(run.status == 0, "python failed: \(run.stderr)")
        guard let line = text.split(separator: "\n").last,
            let result = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        else {
            Issue.record("no JSON result line: \(text) \(run.stderr)")
            return
        }
        #expect(result["ok"] as? Bool == true, "\(result)")
        #expect(result["subprotocol"] as? String == "boardsync.v1")
        #expect(result["ack_version"] as? Int == 1)
        #expect(result["peer_saw_op"] as? Bool == true)
        #expect(result["drag_begin_seen_by_both"] as? Bool == true)
        #expect(result["error_code"] as? String == "bad_message")
        #expect(result["after_error_ack_version"] as? Int == 2)
        let board = try HTTPProbe.get(port: server.port, path: "/boards/python")
        #expect(board.body.contains("\"py-1\"") && board.body.contains("\"py-2\""))
    }
}
