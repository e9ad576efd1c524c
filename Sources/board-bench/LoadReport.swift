import Foundation

/// The `## Load` section of docs/benchmarks.md: the machine, the commands, the targets with
/// their verdicts, and every measured step of the board server and both relays.
enum LoadReport {
    /// `load`: the machine's load averages when the run began (`MachineLoad.averages()`).
    static func markdown(results: [LoadStepResult], serverCommand: String, invocation: String, load: String) -> String {
        let machine = MachineInfo.current()
        var text = """
            Machine: \(machine.summary), \(String(format: "%.1f", MachineMemory.totalGiB())) GiB memory \
            (server, relays and load generator share it); load averages (1, 5, 15 min) \(load) when the run
            began and \(MachineLoad.averages()) when it ended. Command: `make bench`, which runs `\(invocation)`.
            The server ran as `\(serverCommand)` (rate limit and connection cap raised so that they do not
            distort the figures). Two baselines get the same clients, one after the other: `relay` is
            `board-bench relay`, a bare libwebsockets broadcast server on the same transport (no sequencing,
            JSON or storage), and `node-relay` is `board-bench node-relay`, a plain Node.js relay on Debian's
            `nodejs` and `node-ws` that rebroadcasts each text message to the other connections of its board.
            Latency is measured by the load generator from the writer's send to the receiver's arrival; CPU
            and RSS are the server process's, from /proc. The generator spreads its clients over several
            client contexts, one thread each; its CPU is its whole process's, in percent of one core (above
            100 when its threads work at once).

            ### Targets

            | figure | ours | relay | node relay | target | verdict |
            |---|---|---|---|---|---|

            """
        for row in targetRows(results) { text += row + "\n" }
        text += """

            Where board-server and the Node.js relay spend their CPU in the boards and fanout rows above
            (perf samples, by kind of work) is in the section *Load: where the CPU goes*.

            ### Every step

            | scenario | target | step | delivered/s | acked/s | p50 ms | p99 ms | p999 ms | max ms | errors | server CPU s | delivered per server CPU-s | server CPU ms per 1,000 | server RSS KiB | generator CPU % of one core |
            |---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|

            """
        for result in results {
            let cells = [
                result.scenario, result.target.rawValue, result.step, format(result.deliveredPerSecond, 0),
                format(result.ackedPerSecond, 0), format(result.latency.p50, 2), format(result.latency.p99, 2),
                format(result.latency.p999, 2), format(result.latency.max, 2), String(result.sample.counters.errors),
                format(result.serverCPUSeconds, 2), format(result.deliveredPerServerCPUSecond, 0),
                format(result.serverCPUMillisecondsPerThousand, 1), String(result.serverRSSKiB),
                format(result.generatorCPUPercent, 0),
            ]
            text += "| " + cells.joined(separator: " | ") + " |\n"
        }
        let extras = results.filter { !$0.extras.isEmpty }
        if !extras.isEmpty {
            text += "\nScenario figures: \n\n"
            for result in extras {
                let figures = result.extras.map { "\($0.name) \(format($0.value, 3))" }.joined(separator: ", ")
                text += "- \(result.scenario) (\(result.target.rawValue), \(result.step)): \(figures)\n"
            }
        }
        return text
    }

    static func targetRows(_ results: [LoadStepResult]) -> [String] {
        func steps(_ scenario: String, _ target: LoadTarget) -> [LoadStepResult] {
            results.filter { $0.scenario == scenario && $0.target == target }
        }
        func first(_ scenario: String, _ target: LoadTarget, _ figure: (LoadStepResult) -> String) -> String {
            steps(scenario, target).first.map(figure) ?? "-"
        }
        var rows: [String] = []
        for subscribers in [100.0, 1_000.0, 10.0] {
            func fanout(_ target: LoadTarget) -> [LoadStepResult] {
                steps(ScenarioFanout.name, target).filter { $0.extra("subscribers") == subscribers }
            }
            let ours = fanout(.server)
            guard !ours.isEmpty else { continue }
            if let node = FanoutComparison(ours: ours, other: fanout(.nodeRelay), subscribers: subscribers) {
                let ratio = node.oursCPUPerFrameRatio
                rows.append(
                    row(
                        "fanout, \(Int(subscribers)) subscribers, rates both kept up with (\(node.ratesText)): server CPU µs per delivered frame (ratio ours/node relay)",
                        "\(format(1e6 / node.oursEfficiency, 2)) (\(format(ratio, 2)))", "-",
                        format(1e6 / node.otherEfficiency, 2), "≤ 0.8 of node relay", ratio <= 0.8))
            }
            if let relay = FanoutComparison(ours: ours, other: fanout(.relay), subscribers: subscribers) {
                let ratio = relay.oursEfficiencyRatio
                rows.append(
                    row(
                        "fanout, \(Int(subscribers)) subscribers, rates both kept up with (\(relay.ratesText)): delivered frames per server CPU-second (ratio ours/relay)",
                        "\(format(relay.oursEfficiency, 0)) (\(format(ratio, 2)))", format(relay.otherEfficiency, 0),
                        "-", "≥ 0.8 of relay", ratio >= 0.8))
            }
        }
        if let ours = steps(ScenarioDragStorm.name, .server).first {
            rows.append(
                row(
                    "drag-storm: server CPU ms per 1,000 delivered", format(ours.serverCPUMillisecondsPerThousand, 1),
                    first(ScenarioDragStorm.name, .relay) { format($0.serverCPUMillisecondsPerThousand, 1) },
                    first(ScenarioDragStorm.name, .nodeRelay) { format($0.serverCPUMillisecondsPerThousand, 1) },
                    "-", nil))
            rows.append(
                row(
                    "drag-storm: p99 delivery ms", format(ours.latency.p99, 2),
                    first(ScenarioDragStorm.name, .relay) { format($0.latency.p99, 2) },
                    first(ScenarioDragStorm.name, .nodeRelay) { format($0.latency.p99, 2) }, "< 30",
                    ours.latency.p99 < 30))
        }
        let acks = steps(ScenarioAcks.name, .server)
        if let most = acks.max(by: { ($0.extra("writers") ?? 0) < ($1.extra("writers") ?? 0) }) {
            let writers = Int(most.extra("writers") ?? 0)
            rows.append(
                row(
                    "acks: acked ops/s at \(writers) writers", format(most.ackedPerSecond, 0), "-", "-",
                    "≥ 40,000 at 64", most.ackedPerSecond >= 40_000))
        }
        if let single = acks.first(where: { $0.extra("writers") == 1 }) {
            let fsync = single.extra("fsync_p99_ms") ?? 0
            rows.append(
                row(
                    "acks: single-writer p99 ack ms (fsync p99 \(format(fsync, 2)) ms)", format(single.latency.p99, 2),
                    "-", "-", "≤ \(format(fsync + 0.5, 2))", single.latency.p99 <= fsync + 0.5))
        }
        for (asked, limit) in [(10_000.0, 8.0), (50_000.0, 6.0)] {
            func idle(_ target: LoadTarget) -> LoadStepResult? {
                steps(ScenarioIdle.name, target).first { $0.extra("asked") == asked }
            }
            guard let ours = idle(.server) else { continue }
            let perConnection = ours.extra("rss_per_connection_kib") ?? 0
            let opened = Int(ours.extra("opened") ?? 0)
            let whole = opened == Int(asked)
            rows.append(
                row(
                    "idle, \(Int(asked)) connections\(whole ? "" : " (\(opened) opened: the machine's descriptor limit)"): RSS growth per connection KiB",
                    format(perConnection, 2),
                    idle(.relay).map { format($0.extra("rss_per_connection_kib") ?? 0, 2) } ?? "-",
                    idle(.nodeRelay).map { format($0.extra("rss_per_connection_kib") ?? 0, 2) } ?? "-",
                    "≤ \(format(limit, 0)) at \(Int(asked))", whole ? perConnection <= limit : nil))
        }
        if let ours = steps(ScenarioReconnect.name, .server).first {
            let milliseconds = ours.extra("catch_up_from_listening_ms") ?? -1
            rows.append(
                row(
                    "reconnect: ms from restarted server listening until every client caught up",
                    format(milliseconds, 0), "-", "-", "< 1,000", milliseconds >= 0 && milliseconds < 1_000))
        }
        if let ours = steps(ScenarioBoards.name, .server).first {
            rows.append(
                row(
                    "boards: p99 delivery ms", format(ours.latency.p99, 2),
                    first(ScenarioBoards.name, .relay) { format($0.latency.p99, 2) },
                    first(ScenarioBoards.name, .nodeRelay) { format($0.latency.p99, 2) }, "< 20",
                    ours.latency.p99 < 20))
        }
        rows += boardsCurveRows(results)
        return rows
    }

    /// The targets of the curve's steps (10 clients per board, 1,000 ops/s in all): server CPU per
    /// 1,000 deliveries as a ratio to the Node.js relay's in the same run.
    static func boardsCurveRows(_ results: [LoadStepResult]) -> [String] {
        func step(_ target: LoadTarget, boards: Int) -> LoadStepResult? {
            results.first {
                $0.scenario == ScenarioBoards.name && $0.target == target && $0.extra("curve") == 1
                    && $0.extra("boards") == Double(boards)
            }
        }
        let targets: [(boards: Int, ratio: Double?)] = [(10, nil), (100, 1.0), (1_000, 1.2)]
        return targets.compactMap { boards, target in
            guard let ours = step(.server, boards: boards) else { return nil }
            let relay = step(.relay, boards: boards)
            let node = step(.nodeRelay, boards: boards)
            let ratio = node.map { ours.serverCPUMillisecondsPerThousand / $0.serverCPUMillisecondsPerThousand }
            let oursText =
                format(ours.serverCPUMillisecondsPerThousand, 1) + (ratio.map { " (\(format($0, 2)))" } ?? "")
            return row(
                "boards, \(boards) boards of \(ScenarioBoards.curveClientsPerBoard) clients, 1,000 ops/s in all: server CPU ms per 1,000 delivered (ratio ours/node relay)",
                oursText, relay.map { format($0.serverCPUMillisecondsPerThousand, 1) } ?? "-",
                node.map { format($0.serverCPUMillisecondsPerThousand, 1) } ?? "-",
                target.map { "≤ \(format($0, 1)) of node relay" } ?? "-",
                target.flatMap { limit in ratio.map { $0 <= limit } })
        }
    }

    private static func row(
        _ figure: String, _ ours: String, _ relay: String, _ nodeRelay: String, _ target: String, _ met: Bool?
    ) -> String {
        "| \(figure) | \(ours) | \(relay) | \(nodeRelay) | \(target) | \(met.map { $0 ? "met" : "missed" } ?? "-") |"
    }

    private static func format(_ value: Double, _ digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }
}
