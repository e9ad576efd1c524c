import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The interactive `board-client` running in a pseudo-terminal (80×24 unless told): keystrokes
/// go in through the terminal, and what it draws is read back through a terminal emulator.
final class PseudoTerminalClient {
    let process = Process()
    let screen: InteractivePTYTests.Screen
    private let master: Int32
    private let output: OutputCollector

    /// Starts `board-client` with `arguments` (the user is always `tester`) in a terminal of
    /// `width` × `height`.
    init(_ arguments: [String], width: Int = 80, height: Int = 24) throws {
        screen = InteractivePTYTests.Screen(width: width, height: height)
        var master: Int32 = -1
        var slave: Int32 = -1
        var size = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
        try #require(openpty(&master, &slave, nil, nil, &size) == 0)
        self.master = master
        process.executableURL = BuiltProducts.url(of: "board-client")
        process.arguments = arguments + ["--user", "tester"]
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        process.environment = environment
        let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
        process.standardInput = terminal
        process.standardOutput = terminal
        process.standardError = terminal
        do {
            try process.run()
        } catch {
            close(slave)
            close(master)
            throw error
        }
        close(slave)
        output = OutputCollector(descriptor: master)
        let screen = self.screen
        output.onChunk { screen.apply($0) }
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        close(master)
    }

    /// Types `text` as keystrokes.
    func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Waits (up to `timeout` seconds) until the screen satisfies `condition`; says whether it did.
    func waitForScreen(timeout: Double = 15, _ condition: @escaping (String) -> Bool) -> Bool {
        let screen = self.screen
        return output.wait(timeout: timeout) { _, ended in ended || condition(screen.text) } && condition(screen.text)
    }

    /// Waits until the status line shows a version after `version` with nothing pending (this
    /// client's edits acknowledged, so durable on the server) and answers it; nil when it did not
    /// in time.
    func waitForAcknowledgedVersion(after version: Int, timeout: Double = 15) -> Int? {
        let shown = { (text: String) -> Int? in
            guard let status = text.split(separator: "\n").first, !status.contains("pending"),
                let match = status.firstMatch(of: /v([0-9]+) ·/), let number = Int(match.1), number > version
            else { return nil }
            return number
        }
        guard waitForScreen(timeout: timeout, { shown($0) != nil }) else { return nil }
        return shown(screen.text)
    }

    /// Quits with `q` and returns the exit status (nil if the client did not end in time). The
    /// screen it leaves must show none of Swift's debug forms.
    func quit(timeout: Double = 10) -> Int32? {
        let debugForms = DebugForms.found(in: screen.text)
        #expect(debugForms.isEmpty, "the screen shows Swift's debug forms: \(debugForms)")
        type("q")
        return exitStatus(timeout: timeout)
    }

    /// Waits (up to `timeout` seconds) for the client to end; its exit status, or nil.
    func exitStatus(timeout: Double = 10) -> Int32? {
        guard output.wait(timeout: timeout, until: { _, ended in ended }) else { return nil }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
