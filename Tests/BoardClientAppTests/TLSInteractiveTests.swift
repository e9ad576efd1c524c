import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The interactive client in a pseudo-terminal against a TLS server: an untrusted certificate is
/// explained on the status line while retrying, and `--insecure` is marked there.
@Suite(.serialized) struct TLSInteractiveTests {
    /// Runs `board-client` with `arguments` in an 80×24 pseudo-terminal until `condition` holds
    /// for its screen (or 15 s pass), then quits it with `q`; returns the last screen.
    func screen(_ arguments: [String], until condition: @escaping (String) -> Bool) throws -> String {
        var master: Int32 = -1
        var slave: Int32 = -1
        var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
        try #require(openpty(&master, &slave, nil, nil, &size) == 0)
        let process = Process()
        let binary: URL = try #require(Products.url(of: "board-client"))
        process.executableURL = binary
        process.arguments = arguments + ["--user", "tester"]
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        process.environment = environment
        let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
        process.standardInput = terminal
        process.standardOutput = terminal
        process.standardError = terminal
        try process.run()
        close(slave)
        defer {
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
            close(master)
        }
        let screen = InteractivePTYTests.Screen()
        let output = OutputCollector(descriptor: master)
        output.onChunk { screen.apply($0) }
        output.wait(timeout: 15) { _, ended in ended || condition(screen.text) }
        let text = screen.text
        _ = write(master, "q", 1)
        output.wait(timeout: 5) { _, ended in ended }
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
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
