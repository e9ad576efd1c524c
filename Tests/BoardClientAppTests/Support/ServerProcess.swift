import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A real `board-server` on port 0 with a temporary SQLite file, stopped when released.
final class ServerProcess {
    let process = Process()
    let directory: URL
    let output: OutputCollector
    private(set) var port = 0

    init(extraArguments: [String] = []) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "board-client-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let binary = try #require(Products.url(of: "board-server"), "board-server is not built")
        process.executableURL = binary
        process.arguments =
            ["--port", "0", "--data", directory.appendingPathComponent("boards.sqlite").path, "--log-level", "error"]
            + extraArguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        output = OutputCollector(descriptor: pipe.fileHandleForReading.fileDescriptor)
        var found = 0
        output.wait(timeout: 10) { text, ended in
            if let range = text.range(of: #"listening on [^\n]*:(\d+)\n"#, options: .regularExpression) {
                let line = text[range].dropLast()
                found = Int(line[line.index(after: line.lastIndex(of: ":")!)...]) ?? 0
                return true
            }
            return ended
        }
        port = found
        try #require(port > 0, "the server did not report its port")
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: directory)
    }

    func url(_ board: String) -> String { "ws://127.0.0.1:\(port)/boards/\(board)" }
}
