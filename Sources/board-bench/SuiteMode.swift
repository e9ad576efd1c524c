import Foundation
import TestSupport

/// `board-bench suite --server-binary PATH [--markdown FILE] [--json] [--smoke] [--scenario NAME]
/// [--generator-threads K]`: starts board-server (temporary data directory, port 0, benchmark flags), the
/// bare libwebsockets relay and the plain Node.js relay, runs every load scenario against all three
/// (one after the other, never at once), restarting the server for the reconnect scenario, and
/// writes the `## Load` section of the markdown file.
enum SuiteMode {
    static let mode = BenchMode(
        name: "suite", summary: "start board-server and both relays, run every load scenario on each"
    ) {
        arguments in run(arguments)
    }

    static func run(_ arguments: [String]) -> Int32 {
        var serverBinary: String?
        var markdownPath: String?
        var json = false
        var smoke = false
        var scenario = "all"
        var generatorThreads: Int?
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            switch flag {
            case "--json": json = true
            case "--smoke": smoke = true
            case "--server-binary", "--markdown", "--scenario", "--generator-threads":
                guard let value = rest.popFirst() else { return fail("\(flag) needs a value") }
                if flag == "--generator-threads" {
                    guard let threads = GeneratorThreads.parse(value) else { return fail("bad thread count \(value)") }
                    generatorThreads = threads
                }
                if flag == "--server-binary" { serverBinary = value }
                if flag == "--markdown" { markdownPath = value }
                if flag == "--scenario" { scenario = value }
            default:
                return fail("unknown option \(flag)")
            }
        }
        guard let serverBinary else { return fail("--server-binary is required") }
        let scenarios = LoadScenarios.named(scenario)
        guard !scenarios.isEmpty else { return fail("unknown scenario \(scenario)") }
        FileDescriptorLimit.raise()
        let loadAtStart = MachineLoad.averages()
        let processes = TargetProcesses(serverBinary: serverBinary)
        defer {
            processes.stop()
            processes.removeDirectory()
        }
        if let failure = processes.start() { return fail(failure) }
        let printer = LoadPrinter(json: json)
        processes.measure(scenarios, printer: printer, smoke: smoke, generatorThreads: generatorThreads)
        if let markdownPath {
            let invocation = "board-bench " + (["suite"] + arguments).joined(separator: " ")
            let body = LoadReport.markdown(
                results: printer.results, serverCommand: processes.server.commandLine, invocation: invocation,
                load: loadAtStart)
            do {
                try MarkdownReport.write(section: "Load", body: body, to: markdownPath)
            } catch {
                return fail("cannot write \(markdownPath): \(error)")
            }
        }
        return 0
    }

    private static func fail(_ message: String) -> Int32 {
        FileHandle.standardError.write(
            Data(
                "suite: \(message)\nusage: board-bench suite --server-binary PATH [--markdown FILE] [--json] [--smoke] [--scenario NAME] [--generator-threads K]\n"
                    .utf8))
        return 2
    }
}
