import BoardSync
import Foundation
import TestSupport
import Testing
import WebSocketTransport

/// What the transport does for access: TLS, and origins as a browser sends them.
@Suite("board-server TLS and origins")
struct AccessTransportTests {
    @Test func tlsRoundTripWithATrustedCertificateOnly() throws {
        let directory = try TemporaryDirectory(prefix: "board-tls")
        let pair = try SelfSignedCertificate(in: directory.url)
        let (certificate, key) = (pair.certificatePath, pair.keyPath)
        let server = try ServerProcess(arguments: ["--tls-cert", certificate, "--tls-key", key], directory: directory)
        defer { server.finish() }
        let secureURL = "wss://127.0.0.1:\(server.port)/boards/secure"

        let trusting = try ClientContext(configuration: ClientContextConfiguration(caFilePath: certificate))
        defer { trusting.shutdown() }
        let socket: BlockingWebSocket
        do {
            socket = try BlockingWebSocket(url: secureURL, context: trusting)
        } catch {
            Issue.record("trusted TLS connect failed: \(error); server log: \(server.log.suffix(2000))")
            return
        }
        socket.send(String(decoding: WireCodec.encode(.hello(.init(client: "tls1", user: "t"))), as: UTF8.self))
        let welcome = try WireCodec.decodeServerMessage(Array(try socket.receiveText().utf8)).welcomeValue
        #expect(welcome?.you.role == .editor)
        let insert = ClientMessage.submit(.init(seq: 1, base: 0, op: Ops.insert("s1")))
        socket.send(String(decoding: WireCodec.encode(insert), as: UTF8.self))
        let ack = try WireCodec.decodeServerMessage(Array(try socket.receiveText().utf8)).ackValue
        #expect(ack?.version == 1)
        socket.close()

        let untrusting = try ClientContext(configuration: ClientContextConfiguration(enablesTLS: true))
        defer { untrusting.shutdown() }
        #expect(throws: (any Error).self) { try BlockingWebSocket(url: secureURL, context: untrusting) }
        #expect(throws: (any Error).self) {
            try BlockingWebSocket(url: "ws://127.0.0.1:\(server.port)/boards/secure", timeout: 3)
        }
        #expect(throws: (any Error).self) { try HTTPProbe.get(port: server.port, path: "/healthz", timeout: 3) }
    }

    @Test func originListRefusesOtherBrowserOriginsWith403() throws {
        let server = try ServerProcess(arguments: [
            "--allowed-origin", "https://boards.example.com", "--allowed-origin", "http://localhost:3000",
        ])
        defer { server.finish() }
        func status(_ origin: String?) throws -> Int {
            try AccessFixture.rawUpgradeStatus(
                port: server.port, path: "/boards/origins", headers: origin.map { ["Origin": $0] } ?? [:])
        }
        #expect(try status("https://boards.example.com") == 101)
        #expect(try status("https://Boards.Example.com") == 101)
        #expect(try status("http://localhost:3000") == 101)
        #expect(try status("https://evil.example.com") == 403)
        #expect(try status("https://boards.example.com.evil.net") == 403)
        #expect(try status("null") == 403)
        #expect(try status(nil) == 101)
        #expect(try AccessFixture.upgradeStatus(server.url(board: "origins")) == 101)
    }
}
