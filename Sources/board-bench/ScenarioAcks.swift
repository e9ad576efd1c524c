import Foundation

/// 1, 16 and 64 writers on boards of their own, each sending its next update as soon as the
/// previous one is acknowledged; acked ops per second and ack latency, next to the fsync
/// latency of the data directory's disk. Server only (the relay has no acks).
enum ScenarioAcks {
    static let name = "acks"
    /// The server is the bottleneck (a full core at 16 and 64 writers); a second generator
    /// thread changed nothing on 2 cores (64 writers: 23,316 vs 26,270 acks/s, p99 12.5 vs 11.4
    /// ms; 16 writers: 22,175 vs 20,845, p99 4.3 vs 4.9 ms).
    static let defaultGeneratorThreads = 1

    static func run(_ environment: LoadEnvironment) {
        guard environment.target == .server else { return }
        let fsync = FsyncProbe.measure(
            directory: environment.dataDirectory ?? NSTemporaryDirectory(),
            count: environment.smoke ? 50 : 1_000)
        for writers in environment.smoke ? [1, 4] : [1, 16, 64] {
            guard step(environment, writers: writers, fsync: fsync) != nil else { return }
        }
    }

    /// One step: `writers` writers on boards of their own for a few seconds (half a second with
    /// `smoke`); nil (reported) when the clients could not connect.
    @discardableResult
    static func step(
        _ environment: LoadEnvironment, writers: Int, fsync: LatencySummary, name: String? = nil
    ) -> LoadStepResult? {
        guard let generator = environment.makeGenerator(defaultThreads: defaultGeneratorThreads) else { return nil }
        defer { generator.shutdown() }
        generator.add(
            (0..<writers).map { index in
                let board = "acks-\(environment.runTag)-\(writers)-\(index)"
                return LoadClientSpec(board: board, clientID: "a\(index)-\(board)", role: .writer)
            })
        guard environment.connectAndSetUp(generator, count: writers, scenario: Self.name) else { return nil }
        generator.startWriting(rate: 0)
        usleep(environment.smoke ? 100_000 : 300_000)
        let result = environment.measure(
            generator, scenario: Self.name, step: name ?? "writers=\(writers)", seconds: environment.smoke ? 0.5 : 3.0,
            latencyOfAcks: true,
            extras: [("writers", Double(writers)), ("fsync_p50_ms", fsync.p50), ("fsync_p99_ms", fsync.p99)])
        generator.stopWriting()
        return result
    }
}
