import Foundation
import TestSupport
import WebSocketTransport

/// `board-bench cluster --server-binary PATH [--postgres-script PATH] [--seconds S]
/// [--node-processors F] [--smoke] [--markdown FILE]`: acked ops per second and latencies of
/// board-server nodes sharing one PostgreSQL (1, 2 and 3 nodes, on their own loopback
/// addresses), beside a single node on SQLite in the same run; on one hot board (8 writers
/// spread over the nodes, a watcher on each node) and on 100 boards (a writer each, its watcher
/// on the next node); then the delivery latency to clients of another node than the author's
/// at 1,000 ops/s on 3 nodes. With `--node-processors F`, every node is held to F of a
/// processor (`ProcessorBudget`), as if each ran on a small machine of its own, while the
/// database and the load generator share the rest.
enum ClusterBenchmark {
    static let mode = BenchMode(
        name: "cluster", summary: "nodes sharing PostgreSQL: acked ops/s and delivery, beside one SQLite node"
    ) { arguments in run(arguments) }

    static let usage = """
        usage: board-bench cluster --server-binary PATH [--postgres-script PATH] [--seconds S]
                                   [--node-processors F] [--smoke] [--markdown FILE]

        """

    static let nodeHosts = ["127.0.0.11", "127.0.0.12", "127.0.0.13"]
    static let databaseHost = "127.0.0.20"

    struct Options {
        var serverBinary: String?
        var postgresScript = "scripts/throwaway-postgres"
        var seconds = 3.0
        var smoke = false
        var markdownPath: String?
        /// The share of a processor each node may use; nil for no limit.
        var nodeProcessors: Double?
    }

    /// One measured row.
    struct Row {
        let store: String
        let nodes: Int
        let workload: String
        let figures: ClusterLoad.Figures
        /// The races the nodes lost meanwhile (nil for the SQLite node, which has none to lose).
        var races: ClusterRaces?
    }

    static func run(_ arguments: [String]) -> Int32 {
        guard var options = parse(arguments), let serverBinary = options.serverBinary else {
            print(usage, terminator: "")
            return arguments.contains("--help") ? 0 : 2
        }
        if options.smoke { options.seconds = min(options.seconds, 0.5) }
        let directory = NSTemporaryDirectory() + "board-bench-cluster-\(getpid())"
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        guard let url = startDatabase(options.postgresScript, directory: directory + "/pg") else {
            return fail("cannot start PostgreSQL with \(options.postgresScript)")
        }
        defer { _ = SpawnedScript.run(options.postgresScript, ["stop", directory + "/pg"]) }
        guard let context = try? ClientContext(configuration: ClientContextConfiguration(enablesTLS: false)) else {
            return fail("cannot make a client context")
        }
        defer { context.shutdown() }
        let load = loadAverages()
        var rows: [Row] = []
        let boards = options.smoke ? 10 : 100
        let configurations: [(store: String, nodes: Int)] = [
            ("SQLite", 1), ("PostgreSQL", 1), ("PostgreSQL", 2), ("PostgreSQL", 3),
        ]
        for (index, configuration) in configurations.enumerated() {
            let tag = "c\(index)"
            let store = configuration.store == "SQLite" ? ["--data", directory + "/\(tag).sqlite"] : ["--store", url]
            guard
                let (nodes, budgets) = startNodes(
                    serverBinary, count: configuration.nodes, store: store, directory: directory, tag: tag,
                    processors: options.nodeProcessors)
            else {
                return fail(
                    "cannot start the nodes"
                        + (options.nodeProcessors == nil ? "" : " or hold them to a processor budget (a cgroup)")
                        + "; logs in \(directory)")
            }
            defer {
                nodes.forEach { _ = $0.stop() }
                budgets.forEach { $0.remove() }
            }
            let urls = nodes.enumerated().map { "ws://\(nodeHosts[$0.offset]):\($0.element.port)" }
            let count = configuration.nodes
            let hot = ClusterLoad(
                nodes: urls, writers: (0..<8).map { .init(board: "hot-\(tag)", node: $0 % count) },
                watchers: (0..<count).map { .init(board: "hot-\(tag)", node: $0) }, seconds: options.seconds,
                context: context)
            rows.append(
                report(
                    measure(urls, context: context) {
                        Row(store: configuration.store, nodes: count, workload: "1 hot board", figures: hot.run())
                    }))
            let spread = ClusterLoad(
                nodes: urls, writers: (0..<boards).map { .init(board: "b\($0)-\(tag)", node: $0 % count) },
                watchers: (0..<boards).map { .init(board: "b\($0)-\(tag)", node: ($0 + 1) % count) },
                seconds: options.seconds, context: context)
            rows.append(
                report(
                    measure(urls, context: context) {
                        Row(
                            store: configuration.store, nodes: count, workload: "\(boards) boards",
                            figures: spread.run())
                    }))
            if count == 3 {
                var paced = ClusterLoad(
                    nodes: urls, writers: (0..<20).map { .init(board: "p\($0)-\(tag)", node: $0 % count) },
                    watchers: (0..<20).map { .init(board: "p\($0)-\(tag)", node: ($0 + 1) % count) },
                    seconds: options.seconds, context: context)
                paced.rate = options.smoke ? 100 : 1_000
                rows.append(
                    report(
                        measure(urls, context: context) {
                            Row(
                                store: configuration.store, nodes: count,
                                workload: "20 boards at \(Int(paced.rate!)) ops/s", figures: paced.run())
                        }))
            }
        }
        if let path = options.markdownPath {
            do {
                try MarkdownReport.write(
                    section: sectionTitle(options), body: markdown(rows, options: options, load: load), to: path)
            } catch {
                return fail("cannot write \(path): \(error)")
            }
        }
        return rows.contains { !$0.figures.failures.isEmpty } ? 1 : 0
    }

    /// The row `run` measures, with the races its nodes lost meanwhile.
    private static func measure(_ urls: [String], context: ClientContext, _ run: () -> Row) -> Row {
        let before = ClusterRaces.read(urls, context: context)
        var row = run()
        if let before, let after = ClusterRaces.read(urls, context: context), after.commits > 0 {
            row.races = after.since(before)
        }
        return row
    }

    private static func report(_ row: Row) -> Row {
        let figures = row.figures
        print(
            "\(row.store) × \(row.nodes), \(row.workload): "
                + String(
                    format: "%.0f acked ops/s, ack p99 %.1f ms, delivery p99 %.1f ms, cross-node p99 %.1f ms",
                    figures.ackedPerSecond, figures.ack.summary().p99, figures.delivery.summary().p99,
                    figures.crossNode.summary().p99))
        if let races = row.races {
            print(
                String(format: "  races lost per commit %.2f, most in a row ", races.lostPerCommit) + races.mostInARow)
        }
        for failure in figures.failures.prefix(3) { print("  failure: \(failure)") }
        return row
    }

    private static func startDatabase(_ script: String, directory: String) -> String? {
        for attempt in 0..<20 {
            let port = 20_000 + Int((getpid() + Int32(attempt) * 7) % 20_000)
            let run = SpawnedScript.run(
                script, ["start", directory, databaseHost, String(port), "--owner", String(getpid())])
            if run.status == 0 { return run.output.split(separator: "\n").last.map(String.init) }
            guard run.status == 3 else {
                FileHandle.standardError.write(Data(run.output.utf8))
                return nil
            }
        }
        return nil
    }

    /// Starts `count` nodes, each held to `processors` of a processor when given.
    private static func startNodes(
        _ binary: String, count: Int, store: [String], directory: String, tag: String, processors: Double?
    )
        -> ([ListeningProcess], [ProcessorBudget])?
    {
        var nodes: [ListeningProcess] = []
        var budgets: [ProcessorBudget] = []
        func abandon() -> ([ListeningProcess], [ProcessorBudget])? {
            nodes.forEach { _ = $0.stop() }
            budgets.forEach { $0.remove() }
            return nil
        }
        for index in 0..<count {
            let flags = TargetProcesses.serverFlags.map { $0 == "127.0.0.1" ? nodeHosts[index] : $0 }
            let node = ListeningProcess(
                executable: binary, arguments: flags + store + ["--node", "bench-\(index)"],
                errorOutput: .append(toFile: directory + "/node-\(index).log"))
            do {
                try node.start(timeout: 30)
            } catch {
                return abandon()
            }
            nodes.append(node)
            if let processors {
                guard
                    let budget = ProcessorBudget(
                        processors: processors, name: "board-bench-\(getpid())-\(tag)-\(index)")
                else { return abandon() }
                budgets.append(budget)
                guard let pid = node.pid, budget.place(pid) else { return abandon() }
            }
        }
        return (nodes, budgets)
    }

    private static func sectionTitle(_ options: Options) -> String {
        guard let processors = options.nodeProcessors else { return "Cluster" }
        return "Cluster, each node held to " + String(format: "%.2f", processors) + " of a processor"
    }

    private static func loadAverages() -> String { MachineLoad.averages() }

    private static func markdown(_ rows: [Row], options: Options, load: String) -> String {
        let processors = ProcessInfo.processInfo.activeProcessorCount
        let command =
            "board-bench cluster --server-binary …/board-server"
            + (options.nodeProcessors.map { String(format: " --node-processors %.2f", $0) } ?? "")
            + " --markdown docs/benchmarks.md"
        let sharing: String
        if let share = options.nodeProcessors {
            sharing = """
                Every node is held to \(String(format: "%.2f", share)) of a processor (a cgroup's cpu quota, \
                `ProcessorBudget`), as if each ran on a small machine of its own, while the database and \
                the load generator share what is left of the machine's \(processors) processors: adding \
                a node adds processor time, as it would in a real cluster, so these rows show how the \
                cluster scales as long as the database keeps up. The quota is given per 10 ms, so a \
                node that used its share waits for the next period: the latencies here include those \
                waits. Load average at the start: \(load).
                """
        } else {
            sharing = """
                Every process, the database and the load generator share the machine (\(processors) \
                processors), so more nodes add no processor here: the rows show what the cluster costs \
                on one machine, not how it scales on several (the section with nodes held to a \
                processor budget shows that). Load average at the start: \(load).
                """
        }
        var text = """
            `make bench` runs `\(command)` (release build). Nodes on 127.0.0.11-13 share a throwaway \
            PostgreSQL 15 on 127.0.0.20 (`scripts/throwaway-postgres`: fsync on, synchronous commit); \
            the SQLite row is one node with its own file. Writers insert a tile and delete it again, \
            each op as soon as the previous one is acked (the last row paces them at the rate shown); \
            delivery is an insert's submit to its `op` at a watcher, cross-node only for watchers on \
            another node than the author's. \(sharing) \(options.seconds) s per row. The last two \
            columns come from the nodes' `/metrics` (`boardsync_cluster_races_lost_total`, \
            `boardsync_cluster_races_lost_before_commit`): races lost per commit of a board's ops, and \
            the most races one board lost in a row before its ops went through (a bucket bound); a \
            lost race is rebased inside the commit that lost it, so it costs one more round trip.

            """
        let spread = rows.filter { $0.store == "PostgreSQL" && $0.workload.hasSuffix("boards") }
        if let one = spread.first(where: { $0.nodes == 1 }), let three = spread.first(where: { $0.nodes == 3 }) {
            let ratio = three.figures.ackedPerSecond / max(one.figures.ackedPerSecond, 1)
            text += String(
                format: "\nMany boards on 3 nodes against 1: %.2f× the acked ops/s (target 2×). ", ratio)
        }
        if let paced = rows.first(where: { $0.workload.contains("ops/s") }) {
            text += String(
                format: "Cross-node p99 delivery at %.0f ops/s: %.1f ms (target below 20 ms).\n",
                paced.figures.ackedPerSecond, paced.figures.crossNode.summary().p99)
        }
        text +=
            "\n| store | nodes | workload | acked ops/s | ack p50 ms | ack p99 ms | delivery p99 ms | cross-node p99 ms "
            + "| races lost per commit | most in a row |\n"
        text += "|---|---|---|---|---|---|---|---|---|---|\n"
        for row in rows {
            let figures = row.figures
            let cross = figures.crossNode.count > 0 ? String(format: "%.1f", figures.crossNode.summary().p99) : "–"
            let lost = row.races.map { String(format: "%.2f", $0.lostPerCommit) } ?? "–"
            text += String(
                format: "| %@ | %d | %@ | %.0f | %.1f | %.1f | %.1f | %@ | %@ | %@ |\n", row.store, row.nodes,
                row.workload, figures.ackedPerSecond, figures.ack.summary().p50, figures.ack.summary().p99,
                figures.delivery.summary().p99, cross, lost, row.races?.mostInARow ?? "–")
        }
        return text
    }

    private static func parse(_ arguments: [String]) -> Options? {
        var options = Options()
        var index = 0
        while index < arguments.count {
            let flag = arguments[index]
            func value() -> String? {
                index += 1
                return index < arguments.count ? arguments[index] : nil
            }
            switch flag {
            case "--server-binary": options.serverBinary = value()
            case "--postgres-script": options.postgresScript = value() ?? options.postgresScript
            case "--seconds": options.seconds = value().flatMap(Double.init) ?? options.seconds
            case "--markdown": options.markdownPath = value()
            case "--smoke": options.smoke = true
            case "--node-processors":
                guard let share = value().flatMap(Double.init), share > 0 else { return nil }
                options.nodeProcessors = share
            default: return nil
            }
            index += 1
        }
        return options
    }

    private static func fail(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data("board-bench cluster: \(message)\n".utf8))
        return 1
    }
}
