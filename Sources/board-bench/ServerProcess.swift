import Foundation

/// A child process that prints "listening on HOST:PORT" once ready (board-server or the relay),
/// which the suite can stop and start again on the same port.
final class ServerProcess: @unchecked Sendable {
    /// Why a server process could not be brought up.
    enum LaunchError: Error, CustomStringConvertible {
        case couldNotStart(String)
        case exitedBeforeListening(String)

        var description: String {
            switch self {
            case .couldNotStart(let detail): "could not start: \(detail)"
            case .exitedBeforeListening(let command): "exited before listening: \(command)"
            }
        }
    }

    let executable: String
    /// Arguments without `--port`.
    let arguments: [String]
    let logPath: String
    private(set) var port = 0
    private var process: Process?

    init(executable: String, arguments: [String], logPath: String) {
        self.executable = executable
        self.arguments = arguments
        self.logPath = logPath
    }

    var pid: Int32? { process.map(\.processIdentifier) }

    /// The command line, for the report.
    var commandLine: String { ([executable] + arguments + ["--port", String(port)]).joined(separator: " ") }

    /// Starts the process (on port 0 the first time, then on the port it bound) and waits for
    /// its "listening on" line.
    func start() throws(LaunchError) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments + ["--port", String(port)]
        let output = Pipe()
        process.standardOutput = output
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        process.standardError =
            FileHandle(forWritingAtPath: logPath).map { handle in
                handle.seekToEndOfFile()
                return handle
            } ?? FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw .couldNotStart("\(executable): \(error)")
        }
        self.process = process
        var text = ""
        while !text.contains("\n") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { throw .exitedBeforeListening(commandLine) }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("listening on ") }),
            let portText = line.split(separator: ":").last, let bound = Int(portText)
        else { throw .exitedBeforeListening(commandLine) }
        port = bound
    }

    /// SIGTERM, then waits for the exit.
    func stop() {
        guard let process, process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
        self.process = nil
    }

    /// Stops and starts again on the same port; returns the load-clock times of the stop request
    /// and of the new process listening.
    func restart() -> (stopped: Int64, listening: Int64)? {
        let stopped = LoadClock.micros()
        stop()
        for _ in 0..<50 {
            do {
                try start()
                return (stopped, LoadClock.micros())
            } catch {
                usleep(20_000)
            }
        }
        return nil
    }
}
