import Foundation

/// 10,000 idle connections spread over 100 boards: the server's resident memory growth per
/// connection and the CPU it spends keeping them.
enum ScenarioIdle {
    static let name = "idle"
    /// Idle connections cost the generator nothing once open (connecting 10,000: 7.8 s with one
    /// thread, 6.9 s with two).
    static let defaultGeneratorThreads = 1

    static func run(_ environment: LoadEnvironment) {
        let connections = environment.smoke ? 100 : 10_000
        let boards = environment.smoke ? 4 : 100
        guard let generator = environment.makeGenerator(defaultThreads: defaultGeneratorThreads) else { return }
        defer { generator.shutdown() }
        let before = environment.serverPID().flatMap(ProcessStats.read(pid:))
        let started = LoadClock.micros()
        generator.add(
            (0..<connections).map { index in
                LoadClientSpec(
                    board: "idle-\(environment.runTag)-\(index % boards)", clientID: "i\(index)-\(environment.runTag)",
                    role: .watcher)
            })
        // When not every connection opens in time, the figures still cover the ones that did.
        let complete = environment.connectAndSetUp(generator, count: connections, scenario: name, timeout: 90)
        let connectSeconds = Double(LoadClock.micros() - started) / 1e6
        let opened = generator.openCount
        guard opened > 0 else { return }
        usleep(environment.smoke ? 100_000 : 500_000)
        let after = environment.serverPID().flatMap(ProcessStats.read(pid:))
        let growth = before.flatMap { before in after.map { Double($0.rssKiB - before.rssKiB) } } ?? 0
        environment.measure(
            generator, scenario: name, step: "connections=\(connections) boards=\(boards)",
            seconds: environment.smoke ? 0.3 : 2.0,
            extras: [
                ("connections", Double(connections)), ("opened", Double(opened)), ("all_opened", complete ? 1 : 0),
                ("connect_s", connectSeconds), ("rss_growth_kib", growth),
                ("rss_per_connection_kib", growth / Double(opened)),
            ])
    }
}
