import BoardSync
import Foundation
import Synchronization
import TerminalUI
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The interactive `board-client` in a pseudo-terminal against a real server: keystrokes in,
/// the screen read back through `VirtualScreen`, the board checked over HTTP.
@Suite struct InteractivePTYTests {
    final class Screen: @unchecked Sendable {
        let lock = NSLock()
        var screen = VirtualScreen(width: 80, height: 24)
        var raw: [UInt8] = []

        func apply(_ bytes: [UInt8]) {
            lock.lock()
            screen.apply(bytes)
            raw += bytes
            lock.unlock()
        }

        var text: String {
            lock.lock()
            defer { lock.unlock() }
            return screen.textLines().joined(separator: "\n")
        }
    }

    @Test func pickUpMoveRightAndDropChangesTheServersBoard() async throws {
        let server = try ServerProcess()
        let url = server.url("pty")
        var ids: [String] = []
        for label in ["Alpha", "Bravo", "Charlie"] {
            ids.append(try ClientRun.run([url, "add", label]).stdout.trimmingCharacters(in: .newlines))
        }

        var master: Int32 = -1
        var slave: Int32 = -1
        var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
        try #require(openpty(&master, &slave, nil, nil, &size) == 0)
        let process = Process()
        let binary: URL = try #require(Products.url(of: "board-client"))
        process.executableURL = binary
        process.arguments = [url, "--user", "tester"]
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
        let screen = Screen()
        let output = OutputCollector(descriptor: master)
        output.onChunk { screen.apply($0) }
        func type(_ text: String) {
            let bytes = Array(text.utf8)
            _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
        }
        func waitForScreen(_ condition: @escaping (String) -> Bool) -> Bool {
            output.wait(timeout: 15) { _, ended in ended || condition(screen.text) } && condition(screen.text)
        }

        #expect(waitForScreen { $0.contains("connected tester") && $0.contains("Charlie") })
        type(" ")
        #expect(waitForScreen { $0.contains("╔") && $0.contains("esc cancel") })
        type("\u{1B}[C")
        #expect(
            waitForScreen {
                $0.contains("║ Bravo") == false && $0.range(of: "Bravo.*Alpha", options: .regularExpression) != nil
            })
        type(" ")
        #expect(waitForScreen { $0.contains("v4 · connected") && !$0.contains("╔") })

        let (status, body) = try await HTTPGet.body(port: server.port, path: "/boards/pty")
        #expect(status == 200)
        let board = try WireCodec.decodeBoard(body)
        #expect(board.sections[0].items.map(\.id) == [ids[1], ids[0], ids[2]])

        type("q")
        #expect(output.wait(timeout: 10) { _, ended in ended })
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let raw = String(decoding: screen.raw, as: UTF8.self)
        #expect(raw.contains("\u{1B}[?1049h") && raw.hasSuffix("\u{1B}[?1049l") || raw.contains("\u{1B}[?1049l"))
        #expect(raw.contains("\u{1B}[?2026h"))
    }
}
