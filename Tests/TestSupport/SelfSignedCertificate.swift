import Foundation

/// A self-signed certificate for `127.0.0.1` and `localhost`, valid for a day, made with the
/// `openssl` command: what a TLS server under test serves and a trusting client accepts.
public struct SelfSignedCertificate: Sendable {
    /// The PEM certificate.
    public let certificatePath: String
    /// The PEM private key.
    public let keyPath: String

    /// Why no certificate could be made.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Writes `cert.pem` and `key.pem` into `directory`.
    public init(in directory: URL) throws {
        certificatePath = directory.appendingPathComponent("cert.pem").path
        keyPath = directory.appendingPathComponent("key.pem").path
        let run = try ProcessRun.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost", "-days", "1",
                "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost", "-keyout", keyPath, "-out", certificatePath,
            ])
        guard run.status == 0 else {
            throw Failure(description: "openssl could not make a certificate: \(run.stderr)")
        }
    }
}
