import Foundation
import TestSupport

/// The processes a suite measures, started in a temporary directory that holds the server's data
/// and every log: board-server with the benchmark flags, `board-bench relay` and `board-bench
/// node-relay`, each on a port of its own.
final class TargetProcesses {
    /// Flags that keep the server's protective limits out of the measurements.
    static let serverFlags = [
        "--host", "127.0.0.1", "--log-level", "warn", "--rate-burst", "1000000", "--rate-per-second", "1000000",
        "--max-connections", "100000", "--max-connections-per-ip", "100000",
    ]

    let directory: String
    let server: ListeningProcess
    /// Each target with its process, in the order the suite measures them.
    let all: [(target: LoadTarget, process: ListeningProcess)]

    /// Prepares (does not start) `targets`; board-server is always prepared, for `server`.
    init(serverBinary: String, targets: [LoadTarget] = LoadTarget.allCases) {
        directory = NSTemporaryDirectory() + "board-bench-\(getpid())-\(LoadPrinter.randomTag())"
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        server = ListeningProcess(
            executable: serverBinary, arguments: Self.serverFlags + ["--data", directory + "/boards.sqlite"],
            errorOutput: .append(toFile: directory + "/server.log"))
        let benchBinary = Bundle.main.executablePath ?? CommandLine.arguments[0]
        all = targets.map { [directory, server] target in
            switch target {
            case .server:
                return (target, server)
            case .relay, .nodeRelay:
                let process = ListeningProcess(
                    executable: benchBinary, arguments: [target.rawValue, "--host", "127.0.0.1"],
                    errorOutput: .append(toFile: directory + "/\(target.rawValue).log"))
                return (target, process)
            }
        }
    }

    /// Starts every process; on failure stops them and describes what failed, with its log.
    func start() -> String? {
        for (target, process) in all {
            do {
                try process.start()
            } catch {
                stop()
                return "\(target.rawValue): \(error)\n\(process.log)"
            }
        }
        return nil
    }

    /// Waits until no target process has used more than 1 % of a core over the last quarter
    /// second (at most `limit` seconds), so that a step does not share the processors with what
    /// the step before left to one target: the Node relay spends seconds on the backlog of an
    /// overloaded fanout step after its clients have gone.
    func waitUntilQuiet(limit: Double = 15) {
        func cpuSeconds() -> [Double] {
            all.map { entry in entry.process.pid.flatMap { ProcessStats.read(pid: $0)?.cpuSeconds } ?? 0 }
        }
        let deadline = LoadClock.micros() + Int64(limit * 1e6)
        var before = cpuSeconds()
        while LoadClock.micros() < deadline {
            usleep(250_000)
            let after = cpuSeconds()
            if zip(after, before).allSatisfy({ $0 - $1 <= 0.0025 }) { return }
            before = after
        }
    }

    /// Runs each of `scenarios` against every target in turn, never two at once, each step once
    /// the targets are quiet (`waitUntilQuiet`); the steps' results go to `printer`. The server can
    /// be restarted by a scenario that needs it (reconnect); `perf` samples each step's window.
    func measure(
        _ scenarios: [LoadScenario], printer: LoadPrinter, smoke: Bool, generatorThreads: Int? = nil,
        perf: String? = nil
    ) {
        let tag = LoadPrinter.randomTag()
        for entry in scenarios {
            for (target, process) in all {
                var environment = LoadEnvironment(
                    url: "ws://127.0.0.1:\(process.port)", target: target, serverPID: { process.pid }, smoke: smoke,
                    dataDirectory: directory, restartServer: target == .server ? { process.restart() } : nil,
                    emit: printer.print, runTag: tag, generatorThreads: generatorThreads)
                environment.perf = perf
                waitUntilQuiet()
                entry.run(environment)
            }
        }
    }

    /// Stops every process that runs.
    func stop() {
        all.forEach { $0.process.stop() }
    }

    func removeDirectory() {
        try? FileManager.default.removeItem(atPath: directory)
    }
}
