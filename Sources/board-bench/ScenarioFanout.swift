import Foundation

/// One board, one writer at a rising rate, 100 and then 1,000 subscribers; stops raising the
/// rate once p99 delivery latency passes 50 ms or the writer cannot keep the pace.
enum ScenarioFanout {
    static let name = "fanout"
    /// The server is the limit here (80-93 % of a core from 1,000 ops/s at 100 subscribers and
    /// from 100 ops/s at 1,000), so a second generator thread only competes with it for the 2
    /// cores: at 1,000 subscribers and 100 ops/s one thread measured 89,655 deliveries/s and p99
    /// 13.8 ms, two threads 78,506/s and 16.1 ms; at 100 subscribers both reached about 880
    /// ops/s of the 1,000 asked for, with p99 1.5-1.6 ms.
    static let defaultGeneratorThreads = 1

    static func run(_ environment: LoadEnvironment) {
        let sizes = environment.smoke ? [10] : [100, 1_000]
        for subscribers in sizes {
            guard let generator = environment.makeGenerator(defaultThreads: defaultGeneratorThreads) else { return }
            defer { generator.shutdown() }
            let board = "fanout-\(environment.runTag)-\(subscribers)"
            generator.add(
                [LoadClientSpec(board: board, clientID: "w-\(board)", role: .writer)]
                    + (0..<subscribers).map {
                        LoadClientSpec(board: board, clientID: "s\($0)-\(board)", role: .watcher)
                    })
            guard environment.connectAndSetUp(generator, count: subscribers + 1, scenario: name) else { return }
            let rates: [Double] =
                environment.smoke
                ? [40] : subscribers <= 100 ? [200, 500, 1_000, 2_000, 4_000] : [25, 50, 100, 200, 400]
            for rate in rates {
                generator.startWriting(rate: rate)
                usleep(environment.smoke ? 100_000 : 300_000)
                let result = environment.measure(
                    generator, scenario: name, step: "subs=\(subscribers) rate=\(Int(rate))",
                    seconds: environment.smoke ? 0.5 : 2.0,
                    extras: [("subscribers", Double(subscribers)), ("rate", rate)])
                let sentRate = Double(result.sample.counters.sent) / result.sample.seconds
                if result.latency.p99 > 50 || sentRate < rate * 0.8 { break }
            }
            generator.stopWriting()
        }
    }
}
