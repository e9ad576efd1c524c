import Foundation
import TestSupport

/// `board-bench syscalls --server-binary PATH [--target all|server|relay|node-relay] [--subscribers N]
/// [--rate R] [--seconds S] [--strace PATH] [--markdown FILE]`: one fanout step (one writer at R
/// ops/s, N subscribers on one board) against each target while `strace -c -f -p PID` counts the
/// target's system calls; prints and writes (`## System calls`) the calls per delivered frame.
enum SyscallsMode {
    static let mode = BenchMode(
        name: "syscalls", summary: "system calls per delivered frame in a fanout step, counted by strace"
    ) { arguments in run(arguments) }

    static let usage = """
        usage: board-bench syscalls --server-binary PATH [--target all|server|relay|node-relay] [--subscribers N]
                                    [--rate R] [--seconds S] [--strace PATH] [--markdown FILE]

        """

    /// Calls per delivered frame the board server may make at 100 subscribers and 200 ops/s.
    static let target = 1.2

    struct Options {
        var serverBinary: String?
        var targets = LoadTarget.allCases
        var subscribers = 100
        var rate = 200.0
        var seconds = 5.0
        var strace = "/usr/bin/strace"
        var markdownPath: String?
    }

    /// One target's window: what the generator received and what strace counted.
    struct Measurement {
        let target: LoadTarget
        let delivered: Int
        let seconds: Double
        let count: SyscallCount

        var perFrame: Double { delivered > 0 ? Double(count.total) / Double(delivered) : 0 }

        func perFrame(_ name: String) -> Double {
            let calls = count.calls.first { $0.name == name }?.count ?? 0
            return delivered > 0 ? Double(calls) / Double(delivered) : 0
        }
    }

    static func run(_ arguments: [String]) -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            print(usage, terminator: "")
            return 0
        }
        guard let options = parse(arguments) else { return 2 }
        guard let serverBinary = options.serverBinary ?? (options.targets.contains(.server) ? nil : "") else {
            return fail("--server-binary is required")
        }
        guard FileManager.default.isExecutableFile(atPath: options.strace) else {
            return fail("no strace at \(options.strace) (Debian package strace; make bench installs it)")
        }
        FileDescriptorLimit.raise()
        let processes = TargetProcesses(serverBinary: serverBinary, targets: options.targets)
        defer {
            processes.stop()
            processes.removeDirectory()
        }
        if let failure = processes.start() { return fail(failure) }
        var measurements: [Measurement] = []
        for (target, process) in processes.all {
            switch measure(target, process, options, directory: processes.directory) {
            case .success(let measurement):
                measurements.append(measurement)
                print(line(measurement))
            case .failure(let failure):
                return fail("\(target.rawValue): \(failure.message)")
            }
        }
        if let path = options.markdownPath {
            let invocation = "board-bench " + (["syscalls"] + arguments).joined(separator: " ")
            let body = markdown(measurements, options: options, invocation: invocation)
            do {
                try MarkdownReport.write(section: "System calls", body: body, to: path)
            } catch {
                return fail("cannot write \(path): \(error)")
            }
        }
        return 0
    }

    /// Why a target could not be measured.
    struct MeasureFailure: Error {
        let message: String
    }

    private static func measure(
        _ target: LoadTarget, _ process: ListeningProcess, _ options: Options, directory: String
    ) -> Result<Measurement, MeasureFailure> {
        guard let pid = process.pid else { return .failure(MeasureFailure(message: "not running")) }
        let environment = LoadEnvironment(
            url: "ws://127.0.0.1:\(process.port)", target: target, serverPID: { pid }, smoke: false,
            dataDirectory: directory, restartServer: nil, emit: { _ in }, runTag: LoadPrinter.randomTag())
        guard let generator = environment.makeGenerator(defaultThreads: ScenarioFanout.defaultGeneratorThreads) else {
            return .failure(MeasureFailure(message: "no client context"))
        }
        defer { generator.shutdown() }
        let board = "syscalls-\(environment.runTag)"
        generator.add(
            [LoadClientSpec(board: board, clientID: "w-\(board)", role: .writer)]
                + (0..<options.subscribers).map {
                    LoadClientSpec(board: board, clientID: "s\($0)-\(board)", role: .watcher)
                })
        guard environment.connectAndSetUp(generator, count: options.subscribers + 1, scenario: "syscalls") else {
            return .failure(MeasureFailure(message: "clients did not connect"))
        }
        generator.startWriting(rate: options.rate)
        defer { generator.stopWriting() }
        // Settle at the rate before counting.
        usleep(1_000_000)
        var recording: LoadStepRecording?
        do {
            let count = try SyscallCount.measure(pid: pid, strace: options.strace, workDirectory: directory) {
                generator.resetStep()
                usleep(UInt32(options.seconds * 1e6))
                recording = generator.takeStep()
            }
            guard let recording else { return .failure(MeasureFailure(message: "no step recorded")) }
            return .success(
                Measurement(
                    target: target, delivered: recording.counters.delivered, seconds: recording.seconds, count: count))
        } catch {
            return .failure(MeasureFailure(message: error.description))
        }
    }

    private static func line(_ measurement: Measurement) -> String {
        let top = measurement.count.calls.prefix(16).map { "\($0.name)=\($0.count)" }.joined(separator: " ")
        return "\(measurement.target.rawValue): \(measurement.delivered) delivered in "
            + String(
                format: "%.1f s, %d system calls, %.3f per delivered frame; ", measurement.seconds,
                measurement.count.total, measurement.perFrame) + top
    }

    private static func markdown(_ measurements: [Measurement], options: Options, invocation: String) -> String {
        let names = ["sendto", "epoll_ctl", "epoll_wait", "poll", "recvfrom"]
        var text = """
            Command: `make bench`, which runs `\(invocation)` (as root, for `ptrace`); load averages (1, 5, 15
            min) \(MachineLoad.averages()) at the end. One writer sends
            \(Int(options.rate)) ops/s to one board with \(options.subscribers) subscribers; after one second at that
            rate `strace -c -f -U calls,errors,name -p PID` counts every system call of every thread of the target
            for \(String(format: "%g", options.seconds)) s while the load generator counts the frames its subscribers
            receive. Counts do not depend on how busy the machine is, but tracing slows the target, which can
            pack a few more frames per write than it would untraced.

            | target | delivered frames | system calls | per delivered frame | target | \(names.map { "\($0) per frame" }.joined(separator: " | ")) | most frequent |
            |---|---|---|---|---|\(names.map { _ in "---|" }.joined())---|

            """
        for measurement in measurements {
            let isServer = measurement.target == .server
            let verdict =
                isServer ? "≤ \(format(target)): \(measurement.perFrame <= target ? "met" : "missed")" : "-"
            let top = measurement.count.calls.prefix(5).map { "\($0.name) \($0.count)" }.joined(separator: ", ")
            let cells =
                [
                    measurement.target.rawValue, String(measurement.delivered), String(measurement.count.total),
                    String(format: "%.3f", measurement.perFrame), verdict,
                ] + names.map { String(format: "%.3f", measurement.perFrame($0)) } + [top]
            text += "| " + cells.joined(separator: " | ") + " |\n"
        }
        return text
    }

    private static func format(_ value: Double) -> String { String(format: "%.1f", value) }

    private static func parse(_ arguments: [String]) -> Options? {
        var options = Options()
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            guard let value = rest.popFirst() else {
                _ = fail("\(flag) needs a value")
                return nil
            }
            switch flag {
            case "--server-binary": options.serverBinary = value
            case "--strace": options.strace = value
            case "--markdown": options.markdownPath = value
            case "--target" where value == "all": options.targets = LoadTarget.allCases
            case "--target" where LoadTarget(rawValue: value) != nil: options.targets = [LoadTarget(rawValue: value)!]
            case "--subscribers" where (Int(value) ?? 0) > 0: options.subscribers = Int(value)!
            case "--rate" where (Double(value) ?? 0) > 0: options.rate = Double(value)!
            case "--seconds" where (Double(value) ?? 0) > 0: options.seconds = Double(value)!
            default:
                _ = fail("bad option \(flag) \(value)")
                return nil
            }
        }
        return options
    }

    private static func fail(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data("syscalls: \(message)\n\(usage)".utf8))
        return 2
    }
}
