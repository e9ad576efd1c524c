import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A program run to its exit, with what it printed: bad command lines, `--help`, script-mode
/// clients, whole benchmark runs.
public struct ProcessRun: Sendable {
    /// The exit status, or nil when the program was still running at the deadline (it is killed).
    public var status: Int32?
    /// Everything it wrote to standard output.
    public var stdout: String
    /// Everything it wrote to standard error.
    public var stderr: String

    /// Runs `executable` with `arguments`, and `environment` added to this process's own, until
    /// it exits or `timeout` seconds pass; in `directory` when given. Its standard input is
    /// empty (not a terminal).
    public static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String] = [:], timeout: Double = 20,
        directory: String? = nil
    ) throws -> ProcessRun {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let standardOutput = OutputCollector(output.fileHandleForReading)
        let standardError = OutputCollector(errors.fileHandleForReading)
        let status = ListeningProcess.waitForExit(of: process, timeout: timeout)
        if status == nil {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        standardOutput.wait(timeout: 5) { _, ended in ended }
        standardError.wait(timeout: 5) { _, ended in ended }
        return ProcessRun(status: status, stdout: standardOutput.text, stderr: standardError.text)
    }
}
