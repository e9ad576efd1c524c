import Foundation

/// `board-bench load --url ws://HOST:PORT [--scenario NAME] [--json] [--server-pid PID]
/// [--target server|relay|node-relay] [--smoke] [--data-dir DIR] [--generator-threads K]`: runs load
/// scenarios against a running server or relay and prints a table, or one JSON object per
/// measured step. The generator's clients are spread over K client contexts, each on its own
/// thread (default: each scenario's own choice).
enum LoadMode {
    static let mode = BenchMode(name: "load", summary: "load scenarios against a running board-server or relay") {
        arguments in run(arguments)
    }

    static let usage = """
        usage: board-bench load --url ws://HOST:PORT [--scenario NAME|all] [--json] [--server-pid PID]
                                [--target server|relay|node-relay] [--smoke] [--data-dir DIR] [--generator-threads K]
        scenarios: \(LoadScenarios.all.map(\.name).joined(separator: ", ")) (reconnect needs `board-bench suite`)

        """

    static func run(_ arguments: [String]) -> Int32 {
        var url: String?
        var scenario = "all"
        var json = false
        var pid: Int32?
        var target = LoadTarget.server
        var smoke = false
        var dataDirectory: String?
        var generatorThreads: Int?
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            switch flag {
            case "--json": json = true
            case "--smoke": smoke = true
            case "--url", "--scenario", "--server-pid", "--target", "--data-dir", "--generator-threads":
                guard let value = rest.popFirst() else { return fail("\(flag) needs a value") }
                switch flag {
                case "--url": url = value
                case "--scenario": scenario = value
                case "--data-dir": dataDirectory = value
                case "--generator-threads":
                    guard let threads = GeneratorThreads.parse(value) else { return fail("bad thread count \(value)") }
                    generatorThreads = threads
                case "--server-pid":
                    guard let number = Int32(value) else { return fail("bad pid \(value)") }
                    pid = number
                default:
                    guard let parsed = LoadTarget(rawValue: value) else { return fail("bad target \(value)") }
                    target = parsed
                }
            case "--help", "-h":
                print(usage, terminator: "")
                return 0
            default:
                return fail("unknown option \(flag)")
            }
        }
        guard let url else { return fail("--url is required") }
        let scenarios = LoadScenarios.named(scenario)
        guard !scenarios.isEmpty else { return fail("unknown scenario \(scenario)") }
        FileDescriptorLimit.raise()
        let printer = LoadPrinter(json: json)
        let environment = LoadEnvironment(
            url: url, target: target, serverPID: { pid }, smoke: smoke, dataDirectory: dataDirectory,
            restartServer: nil, emit: printer.print, runTag: LoadPrinter.randomTag(), generatorThreads: generatorThreads
        )
        for entry in scenarios { entry.run(environment) }
        return 0
    }

    private static func fail(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data("load: \(message)\n\(usage)".utf8))
        return 2
    }
}

/// Prints step results as a table (with a header once) or as JSON lines, flushing each line.
final class LoadPrinter: @unchecked Sendable {
    let json: Bool
    private var headerPrinted = false
    private(set) var results: [LoadStepResult] = []

    init(json: Bool) { self.json = json }

    func print(_ result: LoadStepResult) {
        results.append(result)
        var text = ""
        if json {
            text = result.jsonLine + "\n"
        } else {
            if !headerPrinted {
                headerPrinted = true
                text = LoadStepResult.tableHeader + "\n"
            }
            text += result.tableRow + "\n"
        }
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static func randomTag() -> String {
        String(UInt32.random(in: 0..<UInt32.max), radix: 36)
    }
}
