import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A child process that serves on a port and says so by printing `listening on HOST:PORT` on
/// standard output (`board-server`, and board-bench's relay): started and waited for, signalled,
/// stopped, and started again on the port it bound the first time.
public final class ListeningProcess: @unchecked Sendable {
    /// Where the child's standard error goes.
    public enum ErrorOutput: Sendable {
        /// Kept in memory: `log` reads it, `waitForLog` waits on it.
        case collect
        /// Appended to the file at this path.
        case append(toFile: String)
        /// Dropped.
        case discard
    }

    /// Why the process could not be brought up.
    public enum LaunchError: Error, CustomStringConvertible {
        /// The executable could not be run.
        case couldNotStart(String)
        /// It ended, or printed something else, before its `listening on` line.
        case exitedBeforeListening(String)
        /// No `listening on` line came in time.
        case timedOut(String)

        public var description: String {
            switch self {
            case .couldNotStart(let detail): "could not start: \(detail)"
            case .exitedBeforeListening(let detail): "exited before listening: \(detail)"
            case .timedOut(let detail): "not listening in time: \(detail)"
            }
        }
    }

    /// How a stop ended.
    public struct Exit: Sendable {
        /// The exit status, or nil when the process did not exit in time and was killed.
        public var status: Int32?
        /// Everything it wrote to standard error (with `.collect`).
        public var log: String
    }

    /// The executable's path.
    public let executable: String
    /// The arguments, without `--port` (added on each start).
    public let arguments: [String]
    /// The port it listens on (0 until the first start).
    public private(set) var port: Int
    private let errorOutput: ErrorOutput
    private var process: Process?
    private var errors: OutputCollector?

    /// A process to start later on `port` (0: any free port, then the same one on a restart).
    public init(executable: String, arguments: [String], port: Int = 0, errorOutput: ErrorOutput = .collect) {
        self.executable = executable
        self.arguments = arguments
        self.port = port
        self.errorOutput = errorOutput
    }

    deinit {
        if let process, process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// The process id while it runs.
    public var pid: Int32? { process.map(\.processIdentifier) }

    /// The command line of the last start, for reports.
    public var commandLine: String { ([executable] + arguments + ["--port", String(port)]).joined(separator: " ") }

    /// What it wrote to standard error so far (with `.collect`; the file's text with `.append`).
    public var log: String {
        if let logPath { return (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }
        return errors?.text ?? ""
    }

    /// The file its standard error is appended to (with `.append`).
    public var logPath: String? {
        if case .append(let path) = errorOutput { return path }
        return nil
    }

    /// Waits until the collected standard error satisfies `ready`; false after `timeout` seconds.
    @discardableResult
    public func waitForLog(timeout: Double = 10, until ready: (String) -> Bool) -> Bool {
        errors?.wait(timeout: timeout) { text, _ in ready(text) } ?? false
    }

    /// Starts the process and waits for its `listening on` line (at most `timeout` seconds).
    public func start(timeout: Double = 20) throws(LaunchError) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments + ["--port", String(port)]
        let output = Pipe()
        process.standardOutput = output
        let errorPipe = Pipe()
        switch errorOutput {
        case .collect:
            process.standardError = errorPipe
        case .append(let path):
            if !FileManager.default.fileExists(atPath: path) {
                _ = FileManager.default.createFile(atPath: path, contents: nil)
            }
            let handle = FileHandle(forWritingAtPath: path)
            handle?.seekToEndOfFile()
            process.standardError = handle ?? FileHandle.nullDevice
        case .discard:
            process.standardError = FileHandle.nullDevice
        }
        do {
            try process.run()
        } catch {
            throw .couldNotStart("\(executable): \(error)")
        }
        self.process = process
        if case .collect = errorOutput {
            errors = OutputCollector(errorPipe.fileHandleForReading)
        }
        let lines = OutputCollector(output.fileHandleForReading)
        let answered = lines.wait(timeout: timeout) { text, ended in text.contains("\n") || ended }
        let first = lines.text.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        guard answered else { throw .timedOut("\(commandLine): \(first) \(log)") }
        guard first.hasPrefix("listening on "), let bound = first.split(separator: ":").last.flatMap({ Int($0) })
        else { throw .exitedBeforeListening("\(commandLine): \(first) \(log)") }
        port = bound
    }

    /// Sends `signal` to the running process.
    public func signal(_ number: Int32) {
        guard let process, process.isRunning else { return }
        kill(process.processIdentifier, number)
    }

    /// Waits for the process to exit and returns its status (nil if it still runs after `timeout`).
    public func waitForExit(timeout: Double) -> Int32? {
        guard let process else { return nil }
        return Self.waitForExit(of: process, timeout: timeout)
    }

    /// Waits for `process` to exit and returns its status (nil if it still runs after `timeout`).
    static func waitForExit(of process: Process, timeout: Double) -> Int32? {
        let exited = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            process.waitUntilExit()
            exited.signal()
        }
        guard exited.wait(timeout: .now() + timeout) == .success else { return nil }
        return process.terminationStatus
    }

    /// Sends `signal` and waits for the exit; a process still running after `timeout` seconds is
    /// killed. Once it is gone, its whole standard error has been read.
    @discardableResult
    public func stop(signal number: Int32 = SIGTERM, timeout: Double = 10) -> Exit {
        guard let process else { return Exit(status: nil, log: log) }
        signal(number)
        let status = waitForExit(timeout: timeout)
        if status == nil {
            kill(process.processIdentifier, SIGKILL)
            _ = waitForExit(timeout: 5)
        }
        errors?.wait(timeout: 5) { _, ended in ended }
        self.process = nil
        return Exit(status: status, log: log)
    }
}
