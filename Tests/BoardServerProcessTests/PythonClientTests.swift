import Foundation
import TestSupport
import Testing

/// The server against an independent WebSocket client: Python's `websockets`.
@Suite("independent Python client")
struct PythonClientTests {
    @Test func pythonWebsocketsClientSpeaksTheProtocol() throws {
        let server = try ServerProcess()
        defer { server.finish() }
        guard let result = try PythonScript.run("protocol_client.py", [server.url(board: "python")]) else { return }
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
