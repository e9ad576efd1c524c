import BoardSync
import Foundation
import TestSupport
import Testing
import WebSocketTransport

/// The close codes the transport sends (protocol section 1), each seen by the client, and
/// what the upgrade refuses.
@Suite("close codes over the wire")
struct CloseCodeTests {
    @Test func binaryMessageCloses1003() throws {
        let server = try ServerProcess()
        defer { server.finish() }
        let (client, _) = try ProtocolClient.joined(server.url(board: "binary"))
        client.socket.connection.sendBinary(Array(#"{"type":"drag"}"#.utf8))
        #expect(try client.closeCode() == 1003)
    }

    @Test func messageOfExactlyTheLimitIsAcceptedOneMoreCloses1009() throws {
        let server = try ServerProcess()
        defer { server.finish() }
        let url = server.url(board: "size")
        let (client, _) = try ProtocolClient.joined(url)
        let exact = Self.padded(.submit(.init(seq: 1, base: 0, op: Ops.insert("big"))), to: 65_536)
        #expect(exact.utf8.count == 65_536)
        client.sendRaw(exact)
        #expect(try client.receive { $0.ackValue }.version == 1)
        let fragments = Array(Self.padded(.submit(.init(seq: 2, base: 1, op: Ops.insert("big2"))), to: 65_536).utf8)
        client.socket.connection.sendFragments([Array(fragments[..<30_000]), Array(fragments[30_000...])])
        #expect(try client.receive { $0.ackValue }.version == 2)
        client.sendRaw(Self.padded(.submit(.init(seq: 3, base: 2, op: Ops.insert("big3"))), to: 65_537))
        #expect(try client.closeCode() == 1009)
        let (other, _) = try ProtocolClient.joined(url)
        try other.probe()
    }

    @Test func invalidUTF8Closes1007AndSplitCharactersAreFine() throws {
        let server = try ServerProcess()
        defer { server.finish() }
        let url = server.url(board: "utf8")
        let (client, _) = try ProtocolClient.joined(url)
        let text = Array(
            String(
                decoding: WireCodec.encode(.submit(.init(seq: 1, base: 0, op: Ops.insert("u", "grüße")))), as: UTF8.self
            ).utf8)
        let split = text.firstIndex(of: 0xC3)! + 1
        client.socket.connection.sendFragments([Array(text[..<split]), Array(text[split...])])
        #expect(try client.receive { $0.ackValue }.version == 1)
        client.socket.connection.send(
            textBytes: Array(#"{"type":"drag","action":"begin","item":""#.utf8) + [0xFF, 0xFE] + Array(#""}"#.utf8))
        #expect(try client.closeCode() == 1007)
        let (second, _) = try ProtocolClient.joined(url)
        second.socket.connection.sendFragments([[0x7B, 0x22, 0xE2, 0x82], [0x41, 0x22, 0x7D]])
        #expect(try second.closeCode() == 1007)
    }

    @Test func upgradeOnAnUnknownPathIs404() throws {
        let server = try ServerProcess()
        defer { server.finish() }
        for path in ["/nowhere", "/boards/", "/boards/bad%20name", "/boards/a/b"] {
            #expect(throws: ClientConnectError.refused(httpStatus: 404), "for \(path)") {
                _ = try BlockingWebSocket(url: server.baseURL + path)
            }
        }
    }

    @Test func subprotocolNegotiation() throws {
        let server = try ServerProcess()
        defer { server.finish() }
        let url = server.url(board: "subprotocol")
        #expect(try BlockingWebSocket(url: url).subprotocol == "boardsync.v1")
        let (plain, _) = try ProtocolClient.joined(url)
        try plain.probe()
        let none = try BlockingWebSocket(url: url, options: ClientConnectOptions(subprotocols: []))
        #expect(none.subprotocol == nil)
        #expect(throws: ClientConnectError.refused(httpStatus: 400)) {
            _ = try BlockingWebSocket(url: url, options: ClientConnectOptions(subprotocols: ["other.v2"]))
        }
    }

    /// The message's JSON with an ignored `pad` field that brings it to exactly `size` bytes.
    static func padded(_ message: ClientMessage, to size: Int) -> String {
        var json = String(decoding: WireCodec.encode(message), as: UTF8.self)
        json.removeLast()
        let overhead = json.utf8.count + #","pad":""}"#.utf8.count
        return json + #","pad":""# + String(repeating: "x", count: size - overhead) + #""}"#
    }
}
