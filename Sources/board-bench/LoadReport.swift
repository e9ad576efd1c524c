import Foundation

/// The `## Load` section of docs/benchmarks.md: the machine, the commands, the targets with
/// their verdicts, and every measured step of both servers.
enum LoadReport {
    static func markdown(results: [LoadStepResult], serverCommand: String, invocation: String) -> String {
        let machine = MachineInfo.current()
        var text = """
            Machine: \(machine.summary), \(String(format: "%.1f", MachineMemory.totalGiB())) GiB memory \
            (server, relay and load generator share it). Command: `make bench`, which runs `\(invocation)`.
            The server ran as `\(serverCommand)` (rate limit and connection cap raised so that they do not
            distort the figures); the relay is `board-bench relay`, a bare libwebsockets broadcast server on the
            same transport (no sequencing, JSON or storage). Latency is measured by the load generator from the
            writer's send to the receiver's arrival; CPU and RSS are the server process's, from /proc. The generator
            spreads its clients over several client contexts, one thread each; its CPU is its whole process's, in
            percent of one core (above 100 when its threads work at once).

            ### Targets

            | figure | ours | relay | target | verdict |
            |---|---|---|---|---|

            """
        for row in targetRows(results) { text += row + "\n" }
        text += """

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
        var rows: [String] = []
        for subscribers in [100.0, 1_000.0, 10.0] {
            let ours = steps(ScenarioFanout.name, .server).filter { $0.extra("subscribers") == subscribers }
            let relay = steps(ScenarioFanout.name, .relay).filter { $0.extra("subscribers") == subscribers }
            // Compare only rates both servers kept up with (delivered at least 90 % of what the
            // rate asks), so that both are judged at the same load: the board server's single
            // writer is capped by its ack round trip (one unanswered submit, each made durable
            // first), and a step it could not keep up with carries less load than the relay's.
            func keptUp(_ step: LoadStepResult) -> Double? {
                guard let rate = step.extra("rate"), step.deliveredPerSecond >= 0.9 * rate * subscribers else {
                    return nil
                }
                return rate
            }
            let rates = Set(ours.compactMap(keptUp)).intersection(relay.compactMap(keptUp))
            guard !rates.isEmpty else { continue }
            let oursRate = efficiency(ours.filter { rates.contains($0.extra("rate") ?? -1) })
            let relayRate = efficiency(relay.filter { rates.contains($0.extra("rate") ?? -1) })
            let ratio = relayRate > 0 ? oursRate / relayRate : 0
            rows.append(
                row(
                    "fanout, \(Int(subscribers)) subscribers, rates both kept up with: delivered frames per server CPU-second (ratio ours/relay)",
                    "\(format(oursRate, 0)) (\(format(ratio, 2)))", format(relayRate, 0), "≥ 0.5 of relay", ratio >= 0.5
                ))
        }
        if let ours = steps(ScenarioDragStorm.name, .server).first {
            let relay = steps(ScenarioDragStorm.name, .relay).first
            rows.append(
                row(
                    "drag-storm: server CPU ms per 1,000 delivered", format(ours.serverCPUMillisecondsPerThousand, 1),
                    relay.map { format($0.serverCPUMillisecondsPerThousand, 1) } ?? "-", "-", nil))
            rows.append(
                row(
                    "drag-storm: p99 delivery ms", format(ours.latency.p99, 2),
                    relay.map { format($0.latency.p99, 2) } ?? "-",
                    "< 30", ours.latency.p99 < 30))
        }
        let acks = steps(ScenarioAcks.name, .server)
        if let most = acks.max(by: { ($0.extra("writers") ?? 0) < ($1.extra("writers") ?? 0) }) {
            let writers = Int(most.extra("writers") ?? 0)
            rows.append(
                row(
                    "acks: acked ops/s at \(writers) writers", format(most.ackedPerSecond, 0), "-", "≥ 30,000 at 64",
                    most.ackedPerSecond >= 30_000))
        }
        if let single = acks.first(where: { $0.extra("writers") == 1 }) {
            let fsync = single.extra("fsync_p99_ms") ?? 0
            rows.append(
                row(
                    "acks: single-writer p99 ack ms (fsync p99 \(format(fsync, 2)) ms)", format(single.latency.p99, 2),
                    "-",
                    "≤ \(format(fsync + 0.5, 2))", single.latency.p99 <= fsync + 0.5))
        }
        if let ours = steps(ScenarioIdle.name, .server).first {
            let relay = steps(ScenarioIdle.name, .relay).first
            let perConnection = ours.extra("rss_per_connection_kib") ?? 0
            rows.append(
                row(
                    "idle: RSS growth per connection KiB", format(perConnection, 2),
                    relay.map { format($0.extra("rss_per_connection_kib") ?? 0, 2) } ?? "-", "≤ 8", perConnection <= 8))
        }
        if let ours = steps(ScenarioReconnect.name, .server).first {
            let milliseconds = ours.extra("catch_up_from_listening_ms") ?? -1
            rows.append(
                row(
                    "reconnect: ms from restarted server listening until every client caught up",
                    format(milliseconds, 0), "-",
                    "< 1,000", milliseconds >= 0 && milliseconds < 1_000))
        }
        if let ours = steps(ScenarioBoards.name, .server).first {
            let relay = steps(ScenarioBoards.name, .relay).first
            rows.append(
                row(
                    "boards: p99 delivery ms", format(ours.latency.p99, 2),
                    relay.map { format($0.latency.p99, 2) } ?? "-",
                    "< 20", ours.latency.p99 < 20))
        }
        return rows
    }

    /// Delivered frames per server CPU-second over all steps together.
    private static func efficiency(_ steps: [LoadStepResult]) -> Double {
        let cpu = steps.reduce(0) { $0 + $1.serverCPUSeconds }
        let delivered = steps.reduce(0) { $0 + $1.sample.counters.delivered }
        return cpu > 0 ? Double(delivered) / cpu : 0
    }

    private static func row(_ figure: String, _ ours: String, _ relay: String, _ target: String, _ met: Bool?) -> String
    {
        "| \(figure) | \(ours) | \(relay) | \(target) | \(met.map { $0 ? "met" : "missed" } ?? "-") |"
    }

    private static func format(_ value: Double, _ digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }
}
