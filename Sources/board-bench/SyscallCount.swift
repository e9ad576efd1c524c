import Foundation

/// System calls of one process over a time window, counted by `strace -c -f -p PID` (every thread
/// of the process) and read from its summary table.
struct SyscallCount: Sendable {
    /// Calls per system call name, most frequent first.
    let calls: [(name: String, count: Int)]

    var total: Int { calls.reduce(0) { $0 + $1.count } }

    /// Reads the summary strace writes with `-c -U calls,errors,name`: one row per system call
    /// (calls, optional errors, name) between dashed rules, then a `total` row.
    init(summary: String) {
        var calls: [(String, Int)] = []
        for line in summary.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 2, let count = Int(fields[0]), let name = fields.last, name != "total" else {
                continue
            }
            calls.append((String(name), count))
        }
        self.calls = calls.sorted { $0.1 > $1.1 }
    }

    /// Counts the calls of `pid` while `during` runs: attaches strace, waits until it reports the
    /// process attached, runs `during`, then interrupts strace so that it writes its summary.
    static func measure(
        pid: Int32, strace: String, workDirectory: String, during: () -> Void
    ) throws(Failure)
        -> SyscallCount
    {
        let summaryPath = workDirectory + "/strace-\(pid).txt"
        let messagesPath = workDirectory + "/strace-\(pid).log"
        _ = FileManager.default.createFile(atPath: messagesPath, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: strace)
        process.arguments = ["-c", "-f", "-U", "calls,errors,name", "-o", summaryPath, "-p", String(pid)]
        process.standardError = FileHandle(forWritingAtPath: messagesPath) ?? FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw .cannotRun("\(strace): \(error)")
        }
        let deadline = Date(timeIntervalSinceNow: 10)
        func messages() -> String { (try? String(contentsOfFile: messagesPath, encoding: .utf8)) ?? "" }
        while !messages().contains("attached"), process.isRunning, Date() < deadline { usleep(10_000) }
        guard process.isRunning, messages().contains("attached") else {
            if process.isRunning { process.interrupt() }
            process.waitUntilExit()
            throw .notAttached(messages())
        }
        during()
        process.interrupt()
        process.waitUntilExit()
        guard let summary = try? String(contentsOfFile: summaryPath, encoding: .utf8) else {
            throw .noSummary(messages())
        }
        return SyscallCount(summary: summary)
    }

    /// Why strace gave no count.
    enum Failure: Error, CustomStringConvertible {
        case cannotRun(String)
        case notAttached(String)
        case noSummary(String)

        var description: String {
            switch self {
            case .cannotRun(let detail): "cannot run strace: \(detail)"
            case .notAttached(let messages): "strace did not attach: \(messages)"
            case .noSummary(let messages): "strace wrote no summary: \(messages)"
            }
        }
    }
}
