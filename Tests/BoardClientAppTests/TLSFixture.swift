import Foundation
import TestSupport
import Testing

/// A self-signed certificate for 127.0.0.1 made with the `openssl` command, and a `board-server`
/// that speaks only TLS with it.
final class TLSFixture {
    let directory: URL
    let certificate: String
    let key: String
    let server: ServerProcess

    init(extraArguments: [String] = []) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "board-client-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        certificate = directory.appendingPathComponent("cert.pem").path
        key = directory.appendingPathComponent("key.pem").path
        let openssl = Process()
        openssl.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        openssl.arguments = [
            "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost", "-days", "1",
            "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost", "-keyout", key, "-out", certificate,
        ]
        openssl.standardOutput = FileHandle.nullDevice
        openssl.standardError = FileHandle.nullDevice
        try openssl.run()
        openssl.waitUntilExit()
        try #require(openssl.terminationStatus == 0, "openssl could not make a certificate")
        server = try ServerProcess(arguments: ["--tls-cert", certificate, "--tls-key", key] + extraArguments)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    func url(_ board: String) -> String { "wss://127.0.0.1:\(server.port)/boards/\(board)" }
}
