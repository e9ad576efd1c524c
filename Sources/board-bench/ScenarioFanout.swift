import Foundation

/// One board, one writer at a rising rate, 100 and then 1,000 subscribers; stops raising the
/// rate once p99 delivery latency passes 50 ms or the writer cannot keep the pace.
enum ScenarioFanout {
    static let name = "fanout"
    /// The closed writer waits for each ack, so the rate it reaches depends on how soon the
    /// generator reads it: at 100 subscribers and 1,000 ops/s one thread reached 739 ops/s (and
    /// stopped there), two threads 909. At 1,000 subscribers the server is the limit and the
    /// thread count changed nothing.
    static let defaultGeneratorThreads = 2

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
                ? [40] : subscribers <= 100 ? [250, 500, 1_000, 2_000, 4_000] : [25, 50, 100, 200, 400]
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
