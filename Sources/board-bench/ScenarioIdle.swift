import Foundation

/// Idle connections spread over 100 boards, 10,000 and then 50,000 of them open at once: the
/// server's resident memory growth per connection and the CPU it spends keeping them. The second
/// stage adds connections to the first's, so both figures are growth over the server before the
/// first connection. A stage needs as many descriptors as connections in the generator and in
/// the server (which inherits the benchmark's raised limit): where the machine's hard limit is
/// lower, the last stage opens as many as it allows and says so.
enum ScenarioIdle {
    static let name = "idle"
    /// Idle connections cost the generator nothing once open (connecting 10,000: 7.8 s with one
    /// thread, 6.9 s with two).
    static let defaultGeneratorThreads = 1
    /// Descriptors kept free for everything else of a process (files, listeners, the database,
    /// and connections of the step before that are still closing).
    static let spareDescriptors = 2_000
    /// Connections from one local address to one server port: below the 28,232 ephemeral ports of
    /// Linux's default range. The first ones leave the address to the system; those beyond come
    /// from 127.0.0.2 and 127.0.0.3 (bound before connecting, which takes a port that no other
    /// connection may share, so only where needed).
    static let connectionsPerSourceAddress = 25_000

    static func run(_ environment: LoadEnvironment) {
        let boards = environment.smoke ? 4 : 100
        let limit = FileDescriptorLimit.current() - spareDescriptors
        guard let generator = environment.makeGenerator(defaultThreads: defaultGeneratorThreads) else { return }
        defer { generator.shutdown() }
        let spreads = environment.url.hasPrefix("ws://127.0.0.1:")
        let before = environment.serverPID().flatMap(ProcessStats.read(pid:))
        var added = 0
        for asked in environment.smoke ? [100] : [10_000, 50_000] {
            let connections = min(asked, limit)
            guard connections > added else { return }
            let started = LoadClock.micros()
            generator.add(
                (added..<connections).map { index in
                    LoadClientSpec(
                        board: "idle-\(environment.runTag)-\(index % boards)",
                        clientID: "i\(index)-\(environment.runTag)",
                        role: .watcher,
                        sourceAddress: spreads && index >= connectionsPerSourceAddress
                            ? "127.0.0.\(1 + index / connectionsPerSourceAddress)" : nil)
                })
            added = connections
            // When not every connection opens in time, the figures still cover the ones that did.
            let complete = environment.connectAndSetUp(generator, count: connections, scenario: name, timeout: 180)
            let connectSeconds = Double(LoadClock.micros() - started) / 1e6
            let opened = generator.openCount
            guard opened > 0 else { return }
            usleep(environment.smoke ? 100_000 : 500_000)
            let after = environment.serverPID().flatMap(ProcessStats.read(pid:))
            let growth = before.flatMap { before in after.map { Double($0.rssKiB - before.rssKiB) } } ?? 0
            let step =
                connections == asked
                ? "connections=\(connections) boards=\(boards)"
                : "connections=\(connections) of \(asked) (descriptor limit \(limit + spareDescriptors)) boards=\(boards)"
            environment.measure(
                generator, scenario: name, step: step, seconds: environment.smoke ? 0.3 : 2.0,
                extras: [
                    ("connections", Double(connections)), ("asked", Double(asked)), ("opened", Double(opened)),
                    ("all_opened", complete ? 1 : 0), ("connect_s", connectSeconds), ("rss_growth_kib", growth),
                    ("rss_per_connection_kib", growth / Double(opened)),
                ])
        }
    }
}
