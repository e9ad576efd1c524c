import Foundation
import Glibc
import ServerTransport
import TestSupport
import Testing
import WebSocketTransport

/// Plain HTTP GETs from a client context: status and body of any answer, headers sent, bodies
/// larger than one read, TLS checked like WebSockets, and failures that do not hang.
@Suite struct ClientHTTPGetTests {
    /// Answers `/auth` with the request's `Authorization` header, `/big` with 300,000 bytes,
    /// anything else with 404.
    final class AnsweringHandler: WebSocketServerHandler, @unchecked Sendable {
        static let big = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 % 251) }

        func upgradeRequested(_ request: HTTPRequestInfo) -> UpgradeDecision<Void> { .refuse(status: 404, body: "no") }
        func httpRequest(_ request: HTTPRequestInfo) -> HTTPResponse {
            switch request.path {
            case "/auth":
                HTTPResponse(status: 200, text: (request.authorization ?? "none") + "|" + (request.token ?? ""))
            case "/big": HTTPResponse(status: 200, contentType: "application/octet-stream", body: Self.big)
            case "/method": HTTPResponse(status: 200, text: request.method)
            default: HTTPResponse(status: 404, text: "not here\n")
            }
        }
        func connectionOpened(_ connection: ServerConnection, context: Void) {}
        func textReceived(_ connection: ServerConnection, _ bytes: [UInt8]) {}
        func connectionClosed(_ connection: ServerConnection, reason: CloseReason) {}
    }

    private func server(_ configure: (inout WebSocketServerConfiguration) -> Void = { _ in }) throws -> WebSocketServer
    {
        var configuration = WebSocketServerConfiguration(host: "127.0.0.1", port: 0)
        configuration.shutdownGracePeriod = 0.5
        configure(&configuration)
        let server = WebSocketServer(configuration: configuration, handler: AnsweringHandler())
        try server.start()
        return server
    }

    private func url(_ scheme: String, _ port: Int, _ path: String) throws -> WebSocketURL {
        try #require(WebSocketURL("\(scheme)://127.0.0.1:\(port)\(path)"))
    }

    @Test func answersWithStatusBodyAndTheHeadersSent() throws {
        let server = try server()
        defer { stopServer(server) }
        let context = try ClientContext()
        defer { context.shutdown() }
        let auth = try BlockingHTTPGet.get(
            url("ws", server.port, "/auth?token=q%20r"), headers: ["Authorization": "Bearer s3cret"], context: context)
        #expect(auth == HTTPGetResponse(status: 200, body: Array("Bearer s3cret|q r".utf8)))
        let missing = try BlockingHTTPGet.get(url("ws", server.port, "/elsewhere"), context: context)
        #expect(missing == HTTPGetResponse(status: 404, body: Array("not here\n".utf8)))
        let big = try BlockingHTTPGet.get(url("ws", server.port, "/big"), context: context)
        #expect(big.status == 200 && big.body == AnsweringHandler.big)
    }

    @Test func deletesAndPostsWithoutABodyAreSentWithTheirMethod() throws {
        let server = try server()
        defer { stopServer(server) }
        let context = try ClientContext()
        defer { context.shutdown() }
        for method in ["GET", "DELETE", "POST"] {
            let answer = try BlockingHTTPGet.get(url("ws", server.port, "/method"), method: method, context: context)
            #expect(answer == HTTPGetResponse(status: 200, body: Array(method.utf8)), "\(method)")
        }
    }

    @Test func tlsIsCheckedLikeWebSockets() throws {
        let directory = try TemporaryDirectory()
        let certificate = try SelfSignedCertificate(in: directory.url)
        let server = try server {
            $0.tlsCertificatePath = certificate.certificatePath
            $0.tlsPrivateKeyPath = certificate.keyPath
        }
        defer { stopServer(server) }
        let target = try url("wss", server.port, "/auth")

        let trusting = try ClientContext(
            configuration: ClientContextConfiguration(caFilePath: certificate.certificatePath))
        defer { trusting.shutdown() }
        #expect(try BlockingHTTPGet.get(target, context: trusting).status == 200)

        let system = try ClientContext(configuration: ClientContextConfiguration(enablesTLS: true))
        defer { system.shutdown() }
        #expect(throws: ClientConnectError.untrustedCertificate) {
            _ = try BlockingHTTPGet.get(target, timeout: 5, context: system)
        }
        #expect(try BlockingHTTPGet.get(target, allowsInsecureTLS: true, context: system).status == 200)

        let plain = try ClientContext()
        defer { plain.shutdown() }
        #expect(throws: ClientConnectError.self) { _ = try BlockingHTTPGet.get(target, context: plain) }
    }

    @Test func failuresEndTheRequest() throws {
        let context = try ClientContext()
        defer { context.shutdown() }
        let closedPort = try url("ws", 1, "/")
        #expect(throws: ClientConnectError.self) {
            _ = try BlockingHTTPGet.get(closedPort, timeout: 5, context: context)
        }

        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) }
        }
        listen(listener, 4)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        let silent = try url("ws", Int(UInt16(bigEndian: address.sin_port)), "/")
        let started = Date()
        #expect(throws: ClientConnectError.timedOut) {
            _ = try BlockingHTTPGet.get(silent, timeout: 0.5, context: context)
        }
        #expect(Date().timeIntervalSince(started) < 5)
    }
}
