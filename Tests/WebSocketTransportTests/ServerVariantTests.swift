import Foundation
import ServerTransport
import Testing
import WebSocketTransport

@Suite struct ServerVariantTests {
    @Test func compressedOversizedMessageClosesWith1009() throws {
        let (server, handler) = try startServer { $0.enablesCompression = true }
        defer { stopServer(server) }
        let context = try ClientContext(configuration: ClientContextConfiguration(enablesCompression: true))
        let client = try BlockingWebSocket(url: url(server), context: context)
        defer { context.shutdown() }
        let compressible = String(repeating: "abcd", count: 4_096)
        client.send(compressible)
        #expect(try client.receive() == .text(compressible))
        client.send(String(repeating: "z", count: 65_537))
        #expect(try client.waitForClose().code == 1009)
        #expect(handler.log.wait { $0.closed == [.tooLarge] })
    }

    @Test func servesIPv6Loopback() throws {
        let (server, _) = try startServer { $0.host = "::1" }
        defer { stopServer(server) }
        let client = try BlockingWebSocket(url: "ws://[::1]:\(server.port)/b?token=ok")
        client.send("six")
        #expect(try client.receive() == .text("six"))
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl"), "needs openssl"))
    func servesSecureWebSockets() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ws-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let certificate = directory.appendingPathComponent("cert.pem").path
        let key = directory.appendingPathComponent("key.pem").path
        let openssl = Process()
        openssl.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        openssl.arguments = [
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
            "-keyout", key, "-out", certificate,
        ]
        openssl.standardError = FileHandle.nullDevice
        try openssl.run()
        openssl.waitUntilExit()
        try #require(openssl.terminationStatus == 0)

        let (server, _) = try startServer {
            $0.tlsCertificatePath = certificate
            $0.tlsPrivateKeyPath = key
        }
        defer { stopServer(server) }
        let options = ClientConnectOptions(allowsInsecureTLS: true)
        let client = try BlockingWebSocket(url: "wss://127.0.0.1:\(server.port)/b?token=ok", options: options)
        client.send("secret")
        #expect(try client.receive() == .text("secret"))
        #expect(throws: (any Error).self) {
            _ = try BlockingWebSocket(url: "wss://127.0.0.1:\(server.port)/b?token=ok", timeout: 3)
        }
    }
}
