import BoardClientApp
import Foundation
import Testing

/// Script mode against a real `board-server` speaking TLS with a self-signed certificate.
@Suite(.serialized) struct TLSScriptTests {
    static let certificateError = "the server's certificate was not trusted"

    @Test func trustedWithCAFile() throws {
        let tls = try TLSFixture()
        let url = tls.url("secure")
        let add = try ClientRun.run([url, "add", "Mail", "--ca", tls.certificate])
        #expect(add.status == 0, "\(add.stderr)")
        #expect(add.stderr.isEmpty)
        let mail = add.stdout.trimmingCharacters(in: .newlines)
        let list = try ClientRun.run([url, "--ca", tls.certificate, "list"])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout == "secure v1\nMain [main] (1)\n  \(mail)  Mail\n")
    }

    @Test func untrustedWithoutCAFileExits4WithOneLine() throws {
        let tls = try TLSFixture()
        let run = try ClientRun.run([tls.url("secure"), "list"])
        #expect(run.status == 4)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("board-client: " + Self.certificateError))
        #expect(run.stderr.contains("--ca"))
        #expect(run.stderr.filter { $0 == "\n" }.count == 1, "\(run.stderr)")
    }

    @Test func someOtherCAIsNotEnough() throws {
        let tls = try TLSFixture()
        let other = try TLSFixture()
        let run = try ClientRun.run([tls.url("secure"), "add", "Mail", "--ca", other.certificate])
        #expect(run.status == 4)
        #expect(run.stderr.hasPrefix("board-client: " + Self.certificateError))
    }

    @Test func insecureConnectsAndWarnsFirst() throws {
        let tls = try TLSFixture()
        let url = tls.url("secure")
        let add = try ClientRun.run([url, "add", "Maps", "--insecure"])
        #expect(add.status == 0, "\(add.stderr)")
        #expect(add.stderr == CertificateTrust.insecureWarning + "\n")
        #expect(
            add.stderr
                == "WARNING: --insecure: the server's certificate is not checked; anyone on the network path "
                + "can read and change this session\n")
        let list = try ClientRun.run([url, "list", "--insecure"])
        #expect(list.status == 0)
        #expect(list.stdout.contains("Maps"))
    }

    @Test func unreadableCAFileIsAUsageError() throws {
        let tls = try TLSFixture()
        let missing = tls.directory.appendingPathComponent("missing.pem").path
        let run = try ClientRun.run([tls.url("secure"), "list", "--ca", missing])
        #expect(run.status == 2)
        #expect(run.stderr == "board-client: cannot read the CA file \(missing)\n")
    }
}
