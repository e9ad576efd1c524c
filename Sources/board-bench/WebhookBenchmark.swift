import Foundation
import TestSupport

/// `board-bench webhooks --server-binary PATH [--rounds N] [--receiver-nice K] [--smoke]`: acked
/// ops per second at 64 writers (the `acks` step) against board-server without webhooks and
/// with one `--webhook` URL, a receiver inside this process on loopback answering 200; the
/// servers are started afresh for each measurement, alternating, `N` rounds (default 3). The
/// receiver stands for a service elsewhere, so its threads run at nice `K` (default 10): at the
/// load generator's priority its own work per request, on the same processors, would be
/// counted against the server. Prints each measurement, the medians and their ratio, and how
/// many deliveries the receiver got.
enum WebhookBenchmark {
    static let mode = BenchMode(name: "webhooks", summary: "acks/s at 64 writers with one webhook URL beside none") {
        arguments in run(arguments)
    }

    static func run(_ arguments: [String]) -> Int32 {
        var serverBinary: String?
        var rounds = 3
        var receiverNice: Int32 = 10
        var smoke = false
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            switch flag {
            case "--smoke": smoke = true
            case "--server-binary": serverBinary = rest.popFirst()
            case "--rounds":
                guard let value = rest.popFirst().flatMap(Int.init), value > 0 else { return fail("bad --rounds") }
                rounds = value
            case "--receiver-nice":
                guard let value = rest.popFirst().flatMap(Int32.init), (0...19).contains(value) else {
                    return fail("bad --receiver-nice (0 to 19)")
                }
                receiverNice = value
            default: return fail("unknown option \(flag)")
            }
        }
        guard let serverBinary else { return fail("--server-binary is required") }
        guard let receiver = WebhookReceiver(niceness: receiverNice) else {
            return fail("cannot listen for webhooks on 127.0.0.1")
        }
        FileDescriptorLimit.raise()
        let directory = NSTemporaryDirectory() + "board-bench-webhooks-\(getpid())"
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let secret = directory + "/webhook.secret"
        _ = FileManager.default.createFile(atPath: secret, contents: Data("bench-secret".utf8))
        let writers = smoke ? 4 : 64
        let loadAtStart = MachineLoad.averages()
        print("load average at start: \(loadAtStart)")
        print("receiver threads at nice \(receiverNice)")
        var figures: [Bool: [Double]] = [false: [], true: []]
        for round in 1...rounds {
            for withWebhook in [false, true] {
                let flags = withWebhook ? ["--webhook", receiver.url, "--webhook-secret", secret] : []
                let before = receiver.requests
                guard
                    let result = measure(
                        serverBinary: serverBinary, flags: flags, data: "\(directory)/\(round)-\(withWebhook).sqlite",
                        writers: writers, smoke: smoke)
                else { return fail("a measurement failed") }
                figures[withWebhook, default: []].append(result.ackedPerSecond)
                let deliveries = receiver.requests - before
                print(
                    "round \(round) \(withWebhook ? "one webhook" : "no webhook"): \(Int(result.ackedPerSecond)) acks/s, "
                        + "p99 ack \(String(format: "%.2f", result.latency.p99)) ms"
                        + (withWebhook ? ", \(deliveries) deliveries received while the server ran" : ""))
            }
        }
        let plain = median(figures[false] ?? [])
        let hooked = median(figures[true] ?? [])
        print(
            "median acks/s at \(writers) writers: no webhook \(Int(plain)), one webhook \(Int(hooked)), "
                + "ratio \(String(format: "%.2f", hooked / max(plain, 1)))")
        print("load average at end: \(MachineLoad.averages())")
        return 0
    }

    private static func measure(
        serverBinary: String, flags: [String], data: String, writers: Int, smoke: Bool
    ) -> LoadStepResult? {
        let server = ListeningProcess(
            executable: serverBinary, arguments: TargetProcesses.serverFlags + ["--data", data] + flags,
            errorOutput: .append(toFile: data + ".log"))
        do {
            try server.start()
        } catch {
            FileHandle.standardError.write(Data("webhooks: \(error)\n".utf8))
            return nil
        }
        defer { _ = server.stop() }
        var result: LoadStepResult?
        let environment = LoadEnvironment(
            url: "ws://127.0.0.1:\(server.port)", target: .server, serverPID: { server.pid }, smoke: smoke,
            dataDirectory: (data as NSString).deletingLastPathComponent, restartServer: nil, emit: { result = $0 },
            runTag: LoadPrinter.randomTag())
        let fsync = FsyncProbe.measure(directory: (data as NSString).deletingLastPathComponent, count: 50)
        ScenarioAcks.step(environment, writers: writers, fsync: fsync)
        return result
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    private static func fail(_ message: String) -> Int32 {
        FileHandle.standardError.write(
            Data(
                "webhooks: \(message)\nusage: board-bench webhooks --server-binary PATH [--rounds N] [--receiver-nice K] [--smoke]\n"
                    .utf8)
        )
        return 2
    }
}
