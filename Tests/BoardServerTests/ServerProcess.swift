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
    private let errorLogEnded = DispatchSemaphore(value: 0)

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
        try process.run()
        let log = errorLog
        let ended = errorLogEnded
        let descriptor = stderr.fileHandleForReading.fileDescriptor
        Thread.detachNewThread {
            var buffer = [UInt8](repeating: 0, count: 16_384)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                log.append(String(decoding: buffer[..<count], as: UTF8.self))
            }
            ended.signal()
        }
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

    /// Sends a signal and waits for the exit status (nil if it did not exit in time). Once the
    /// process is gone its whole standard error has been read, and it must hold no sanitizer
    /// report: under `swift test --sanitize=...` the server binary is instrumented too.
    @discardableResult
    func stop(signal: Int32 = SIGTERM, timeout: Double = 10) -> Int32? {
        if process.isRunning { kill(process.processIdentifier, signal) }
        let status = waitForExit(timeout: timeout)
        if status == nil {
            Issue.record(
                "board-server did not exit within \(timeout) s of signal \(signal); log tail:\n\(log.suffix(3000))")
            kill(process.processIdentifier, SIGKILL)
            _ = waitForExit(timeout: 5)
        }
        if errorLogEnded.wait(timeout: .now() + 5) == .success {
            errorLogEnded.signal()
        }
        let text = log
        #expect(!text.contains("Sanitizer"), "the server reported a sanitizer finding:\n\(text.suffix(4000))")
        return status
    }

    /// Stops the server with SIGTERM and expects a clean exit.
    func finish() {
        let status = stop()
        #expect(status == 0, "board-server exited with \(String(describing: status)); log tail:\n\(log.suffix(2000))")
    }

    /// Runs a server that stops at once (bad flags, `--help`, unusable data) and returns its exit
    /// status and both outputs.
    static func runToExit(
        _ arguments: [String], timeout: Double = 20
    ) throws -> (status: Int32?, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let collected = LockedText()
        let reader = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            collected.append(String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
            reader.signal()
        }
        let standardOutput = output.fileHandleForReading.readDataToEndOfFile()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            process.waitUntilExit()
            done.signal()
        }
        guard done.wait(timeout: .now() + timeout) == .success else {
            kill(process.processIdentifier, SIGKILL)
            return (nil, String(decoding: standardOutput, as: UTF8.self), "")
        }
        _ = reader.wait(timeout: .now() + 5)
        return (process.terminationStatus, String(decoding: standardOutput, as: UTF8.self), collected.text)
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
