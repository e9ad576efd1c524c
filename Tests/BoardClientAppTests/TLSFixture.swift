import Foundation
import TestSupport
import Testing

/// A self-signed certificate for 127.0.0.1 and a `board-server` that speaks only TLS with it.
final class TLSFixture {
    let directory: URL
    let certificate: String
    let key: String
    let server: ServerProcess

    init(extraArguments: [String] = []) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "board-client-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let pair = try SelfSignedCertificate(in: directory)
        certificate = pair.certificatePath
        key = pair.keyPath
        server = try ServerProcess(arguments: ["--tls-cert", certificate, "--tls-key", key] + extraArguments)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    func url(_ board: String) -> String { "wss://127.0.0.1:\(server.port)/boards/\(board)" }
}
