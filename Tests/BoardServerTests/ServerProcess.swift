import Foundation
import Testing

/// A real `board-server` process on an ephemeral loopback port with its own data directory.
final class ServerProcess: @unchecked Sendable {
    let process = Process()
    let directory: URL
    let dataPath: String
    private(set) var port = 0
    private let stdout = Pipe()
    private let stderr = Pipe()
    private let errorLog = LockedText()

    /// The built executables sit next to the test bundle.
    static var binary: URL {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [bundle, bundle.deletingLastPathComponent()] {
            let url = candidate.appendingPathComponent("board-server")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return URL(fileURLWithPath: ".build/debug/board-server")
    }

    /// Starts a server and waits for its `listening on` line.
    init(arguments: [String] = [], directory: URL? = nil) throws {
        self.directory =
            directory
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("board-server-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: self.directory, withIntermediateDirectories: true)
        dataPath = self.directory.appendingPathComponent("boards.sqlite").path
        try launch(arguments)
    }

    private func launch(_ arguments: [String]) throws {
        process.executableURL = Self.binary
        process.arguments = ["--port", "0", "--data", dataPath, "--log-level", "debug"] + arguments
        process.standardOutput = stdout
        process.standardError = stderr
        let log = errorLog
        stderr.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            if !data.isEmpty { log.append(String(decoding: data, as: UTF8.self)) }
        }
        try process.run()
        let line = try Self.readLine(stdout.fileHandleForReading, timeout: 20)
        guard line.hasPrefix("listening on "), let port = Int(line.split(separator: ":").last ?? "") else {
            throw ServerProcessError.unexpectedOutput(line + " / " + errorLog.text)
        }
        self.port = port
    }

    var baseURL: String { "ws://127.0.0.1:\(port)" }

    func url(board: String) -> String { "\(baseURL)/boards/\(board)" }

    /// What the server wrote to standard error so far.
    var log: String { errorLog.text }

    /// Sends a signal and waits for the exit status (nil if it did not exit in time).
    @discardableResult
    func stop(signal: Int32 = SIGTERM, timeout: Double = 10) -> Int32? {
        if process.isRunning { kill(process.processIdentifier, signal) }
        return waitForExit(timeout: timeout)
    }

    /// Waits for the process to exit and returns its status (nil if it is still running).
    func waitForExit(timeout: Double) -> Int32? {
        let exited = DispatchSemaphore(value: 0)
        let process = self.process
        DispatchQueue.global().async {
            process.waitUntilExit()
            exited.signal()
        }
        guard exited.wait(timeout: .now() + timeout) == .success else { return nil }
        return process.terminationStatus
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        stderr.fileHandleForReading.readabilityHandler = nil
    }

    /// Reads one line from a pipe, giving up after `timeout` seconds.
    static func readLine(_ handle: FileHandle, timeout: Double) throws -> String {
        let descriptor = handle.fileDescriptor
        var line: [UInt8] = []
        let deadline = Date(timeIntervalSinceNow: timeout)
        while true {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { throw ServerProcessError.timedOut(String(decoding: line, as: UTF8.self)) }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(remaining * 1000))
            if ready <= 0 { continue }
            var byte: UInt8 = 0
            let count = read(descriptor, &byte, 1)
            if count <= 0 { throw ServerProcessError.exited(String(decoding: line, as: UTF8.self)) }
            if byte == UInt8(ascii: "\n") { return String(decoding: line, as: UTF8.self) }
            line.append(byte)
        }
    }
}

/// Why a server process could not be used.
enum ServerProcessError: Error {
    case unexpectedOutput(String)
    case timedOut(String)
    case exited(String)
}

/// Text appended from one thread and read from another.
final class LockedText: @unchecked Sendable {
    private let lock = NSLock()
    private var value = ""

    func append(_ more: String) {
        lock.lock()
        value += more
        lock.unlock()
    }

    var text: String {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}
