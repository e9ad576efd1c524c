import Foundation

/// 1, 16 and 64 writers on boards of their own, each sending its next update as soon as the
/// previous one is acknowledged; acked ops per second and ack latency, next to the fsync
/// latency of the data directory's disk. Server only (the relay has no acks).
enum ScenarioAcks {
    static let name = "acks"

    static func run(_ environment: LoadEnvironment) {
        guard environment.target == .server else { return }
        let fsync = FsyncProbe.measure(
            directory: environment.dataDirectory ?? NSTemporaryDirectory(),
            count: environment.smoke ? 50 : 1_000)
        for writers in environment.smoke ? [1, 4] : [1, 16, 64] {
            guard let driver = environment.makeDriver() else { return }
            defer { driver.shutdown() }
            driver.sync { driver in
                for index in 0..<writers {
                    let board = "acks-\(environment.runTag)-\(writers)-\(index)"
                    driver.add(board: board, clientID: "a\(index)-\(board)", role: .writer)
                }
            }
            guard environment.connectAndSetUp(driver, count: writers, scenario: name) else { return }
            driver.sync { driver in driver.startWriting(driver.clients, rate: 0) }
            usleep(environment.smoke ? 100_000 : 300_000)
            environment.measure(
                driver, scenario: name, step: "writers=\(writers)", seconds: environment.smoke ? 0.5 : 3.0,
                latencyOfAcks: true,
                extras: [("writers", Double(writers)), ("fsync_p50_ms", fsync.p50), ("fsync_p99_ms", fsync.p99)])
            driver.sync { $0.stopWriting() }
        }
    }
}
