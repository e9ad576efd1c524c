import Foundation
import Testing

/// The interactive client in a pseudo-terminal against a TLS server: an untrusted certificate is
/// explained on the status line while retrying, and `--insecure` is marked there.
@Suite(.serialized) struct TLSInteractiveTests {
    /// Runs `board-client` with `arguments` in an 80×24 pseudo-terminal until `condition` holds
    /// for its screen (or 15 s pass), then quits it with `q`; returns the last screen.
    func screen(_ arguments: [String], until condition: @escaping (String) -> Bool) throws -> String {
        let client = try PseudoTerminalClient(arguments)
        _ = client.waitForScreen(condition)
        let text = client.screen.text
        #expect(client.quit(timeout: 5) == 0)
        return text
    }

    @Test func untrustedCertificateIsShownWhileRetrying() throws {
        let tls = try TLSFixture()
        let text = try screen([tls.url("secure")]) { $0.contains("certificate not trusted") }
        let status = text.split(separator: "\n").first.map(String.init) ?? ""
        #expect(status.contains("certificate not trusted (see --ca) · reconnecting in"), "\(text)")
    }

    @Test func insecureConnectsWithAMarker() throws {
        let tls = try TLSFixture()
        let text = try screen([tls.url("secure"), "--insecure"]) { $0.contains("connected tester") }
        let status = text.split(separator: "\n").first.map(String.init) ?? ""
        #expect(status.contains("connected tester"), "\(text)")
        #expect(status.hasSuffix(" insecure  "), "\(text)")
    }

    @Test func trustedCAConnectsWithoutMarker() throws {
        let tls = try TLSFixture()
        let text = try screen([tls.url("secure"), "--ca", tls.certificate]) { $0.contains("connected tester") }
        let status = text.split(separator: "\n").first.map(String.init) ?? ""
        #expect(status.contains("connected tester"), "\(text)")
        #expect(!status.contains("insecure"))
    }
}
