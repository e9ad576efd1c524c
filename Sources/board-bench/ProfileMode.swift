import Foundation

/// `board-bench profile --server-binary PATH [--perf PATH] [--markdown FILE] [--smoke]`: runs the
/// `boards` and `fanout` scenarios against board-server and the Node.js relay as the suite does,
/// sampling each step's window with `perf record -g`, and shows for the steps the suite's targets
/// are about where each one spends its CPU per 1,000 delivered messages, side by side (the
/// `## Load: where the CPU goes` section).
enum ProfileMode {
    static let mode = BenchMode(
        name: "profile", summary: "where board-server and the Node relay spend their CPU in the boards and fanout steps"
    ) {
        arguments in run(arguments)
    }

    static func run(_ arguments: [String]) -> Int32 {
        var serverBinary: String?
        var markdownPath: String?
        var perf = "/usr/bin/perf"
        var smoke = false
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            switch flag {
            case "--smoke": smoke = true
            case "--server-binary", "--markdown", "--perf":
                guard let value = rest.popFirst() else { return fail("\(flag) needs a value") }
                if flag == "--server-binary" { serverBinary = value }
                if flag == "--markdown" { markdownPath = value }
                if flag == "--perf" { perf = value }
            default:
                return fail("unknown option \(flag)")
            }
        }
        guard let serverBinary else { return fail("--server-binary is required") }
        guard FileManager.default.isExecutableFile(atPath: perf) else {
            return fail("\(perf) is not an executable (Debian's linux-perf installs perf)")
        }
        FileDescriptorLimit.raise()
        let loadAtStart = MachineLoad.averages()
        let processes = TargetProcesses(serverBinary: serverBinary, targets: [.server, .nodeRelay])
        defer {
            processes.stop()
            processes.removeDirectory()
        }
        if let failure = processes.start() { return fail(failure) }
        let printer = LoadPrinter(json: false)
        processes.measure(
            LoadScenarios.named(ScenarioBoards.name) + LoadScenarios.named(ScenarioFanout.name), printer: printer,
            smoke: smoke, perf: perf)
        let report = ProfileReport(results: printer.results)
        print(report.tables)
        if let markdownPath {
            let invocation = "board-bench " + (["profile"] + arguments).joined(separator: " ")
            let body = report.markdown(invocation: invocation, loadAtStart: loadAtStart)
            do {
                try MarkdownReport.write(section: "Load: where the CPU goes", body: body, to: markdownPath)
            } catch {
                return fail("cannot write \(markdownPath): \(error)")
            }
        }
        return 0
    }

    private static func fail(_ message: String) -> Int32 {
        FileHandle.standardError.write(
            Data(
                "profile: \(message)\nusage: board-bench profile --server-binary PATH [--perf PATH] [--markdown FILE] [--smoke]\n"
                    .utf8))
        return 2
    }
}

/// The profiled steps the suite's targets are about, each as a table of CPU per 1,000 delivered
/// messages by `CPUCategory`, board-server beside the Node.js relay.
struct ProfileReport {
    /// A set of steps read as one: their CPU and deliveries summed, each category's CPU its
    /// share of each step's CPU, summed.
    struct Group {
        let title: String
        let ours: [LoadStepResult]
        let node: [LoadStepResult]

        static func millisecondsPerThousand(_ steps: [LoadStepResult], _ category: CPUCategory?) -> Double {
            let delivered = steps.reduce(0) { $0 + Double($1.sample.counters.delivered) }
            guard delivered > 0 else { return 0 }
            let cpu = steps.reduce(0.0) { sum, step in
                sum + step.serverCPUSeconds * (category.map { step.profile?.share($0) ?? 0 } ?? 1)
            }
            return cpu * 1e6 / delivered
        }
    }

    let groups: [Group]

    init(results: [LoadStepResult]) {
        func steps(_ target: LoadTarget, _ keep: (LoadStepResult) -> Bool) -> [LoadStepResult] {
            results.filter { $0.target == target && $0.profile != nil && keep($0) }
        }
        // The curve's steps at 100 and 1,000 boards; a smoke run has only its one small step.
        let boardSteps = results.filter { $0.scenario == ScenarioBoards.name }
        let curve = boardSteps.contains { $0.extra("curve") == 1 }
        let sizes = curve ? [100.0, 1_000.0] : Array(Set(boardSteps.compactMap { $0.extra("boards") })).sorted()
        var groups: [Group] = []
        for boards in sizes {
            let keep = { (step: LoadStepResult) in
                step.scenario == ScenarioBoards.name && step.extra("boards") == boards
                    && (!curve || step.extra("curve") == 1)
            }
            let first = steps(.server, keep).first
            let perBoard = Int(first?.extra("clients_per_board") ?? 0)
            let rate = Int((first?.extra("rate") ?? 0) * boards)
            groups.append(
                Group(
                    title: "boards: \(Int(boards)) boards of \(perBoard) clients, \(rate) ops/s in all",
                    ours: steps(.server, keep), node: steps(.nodeRelay, keep)))
        }
        let subscribers = curve ? 100.0 : 10.0
        let fanout = { (step: LoadStepResult) in
            step.scenario == ScenarioFanout.name && step.extra("subscribers") == subscribers
        }
        let fanoutOurs = steps(.server, fanout)
        let fanoutNode = steps(.nodeRelay, fanout)
        // The rates both kept up with, as the suite's fanout rows compare them; every rate when
        // there is none (a smoke run on a busy machine).
        let comparison = FanoutComparison(ours: fanoutOurs, other: fanoutNode, subscribers: subscribers)
        let rates = comparison.map { Set($0.rates) }
        groups.append(
            Group(
                title: "fanout: \(Int(subscribers)) subscribers, "
                    + (comparison.map { "rates both kept up with (\($0.ratesText))" } ?? "every rate"),
                ours: fanoutOurs.filter { rates?.contains($0.extra("rate") ?? -1) ?? true },
                node: fanoutNode.filter { rates?.contains($0.extra("rate") ?? -1) ?? true }))
        self.groups = groups.filter { !$0.ours.isEmpty && !$0.node.isEmpty }
    }

    /// One markdown table per group.
    var tables: String {
        groups.map { group in
            var text = "#### \(group.title)\n\n"
            text += "| where the CPU goes, ms per 1,000 delivered | board-server | node relay | difference |\n"
            text += "|---|---:|---:|---:|\n"
            for category in CPUCategory.allCases {
                let ours = Group.millisecondsPerThousand(group.ours, category)
                let node = Group.millisecondsPerThousand(group.node, category)
                text += "| \(category.rawValue) | \(format(ours)) | \(format(node)) | \(signed(ours - node)) |\n"
            }
            let ours = Group.millisecondsPerThousand(group.ours, nil)
            let node = Group.millisecondsPerThousand(group.node, nil)
            text += "| all (ratio ours/node \(String(format: "%.2f", ours / max(node, 1e-9)))) | \(format(ours)) | "
            text += "\(format(node)) | \(signed(ours - node)) |\n"
            let extra = CPUCategory.allCases.map { category in
                (
                    category,
                    Group.millisecondsPerThousand(group.ours, category)
                        - Group.millisecondsPerThousand(group.node, category)
                )
            }.filter { $0.1 > 0 }.sorted { $0.1 > $1.1 }.prefix(3)
            if !extra.isEmpty {
                let named = extra.map { "\($0.0.rawValue) (\(signed($0.1)))" }.joined(separator: "; ")
                text += "\nWhat board-server spends beyond the relay, most first: \(named).\n"
            }
            return text
        }.joined(separator: "\n")
    }

    func markdown(invocation: String, loadAtStart: String) -> String {
        """
        Machine: \(MachineInfo.current().summary); load averages (1, 5, 15 min) \(loadAtStart) when the run began \
        and \(MachineLoad.averages()) when it ended. Command: `make bench`, which runs `\(invocation)`.

        The steps of the Load section whose targets compare board-server with the Node.js relay, run again \
        the same way with each step's window sampled by `perf record -g` (999 samples a second, every \
        thread of the process). Each sample is put in one category by its call chain: a system call by \
        the kernel functions it went through (on loopback, a send also runs the receiver's side of TCP), \
        else the code it was in. The CPU per 1,000 delivered messages is the process's, from /proc, in \
        this run (sampling adds a little to both), split by the categories' shares of the samples.

        \(tables)
        """
    }

    private func format(_ value: Double) -> String { String(format: "%.2f", value) }
    private func signed(_ value: Double) -> String { String(format: "%+.2f", value) }
}
