import Foundation

/// 1,000 clients on 10 boards with some history; the server is restarted and every client
/// reconnects with `since`: the time until all of them are welcomed and caught up again.
/// Server only, and only when the bench can restart it.
enum ScenarioReconnect {
    static let name = "reconnect"
    /// Catch-up after a restart took 224-263 ms from listening with one thread and 240-248 ms
    /// with two.
    static let defaultGeneratorThreads = 1

    static func run(_ environment: LoadEnvironment) {
        guard environment.target == .server, let restart = environment.restartServer else { return }
        let clients = environment.smoke ? 40 : 1_000
        let boards = environment.smoke ? 2 : 10
        guard let generator = environment.makeGenerator(defaultThreads: defaultGeneratorThreads) else { return }
        defer { generator.shutdown() }
        let writers = (0..<boards).map { boardIndex in
            let board = "reconnect-\(environment.runTag)-\(boardIndex)"
            return LoadClientSpec(board: board, clientID: "w-\(board)", role: .writer)
        }
        let watchers = (0..<(clients - boards)).map { index in
            let board = "reconnect-\(environment.runTag)-\(index % boards)"
            return LoadClientSpec(board: board, clientID: "r\(index)-\(board)", role: .watcher)
        }
        generator.add(writers + watchers)
        guard environment.connectAndSetUp(generator, count: clients, scenario: name) else { return }
        generator.startWriting(rate: 50)
        usleep(environment.smoke ? 200_000 : 1_000_000)
        generator.stopWriting()
        usleep(200_000)
        generator.prepareForRestart()
        guard let times = restart() else {
            FileHandle.standardError.write(Data("reconnect: the server could not be restarted\n".utf8))
            return
        }
        let caughtUp = generator.wait(timeout: 30) { $0.caughtUpCount == clients }
        let state = (generator.lastCatchUp, generator.caughtUpCount, generator.takeStep())
        let fromStop = caughtUp ? Double(state.0 - times.stopped) / 1e3 : -1
        let fromListening = caughtUp ? Double(state.0 - times.listening) / 1e3 : -1
        let pid = environment.serverPID()
        let stats = pid.flatMap(ProcessStats.read(pid:))
        let result = LoadStepResult(
            scenario: name, step: "clients=\(clients) boards=\(boards)", target: .server, sample: state.2.summarized,
            latency: LatencySummary(p50: 0, p99: 0, p999: 0, max: max(fromListening, 0), count: 0),
            serverCPUSeconds: stats?.cpuSeconds ?? 0, serverRSSKiB: stats?.rssKiB ?? 0, generatorCPUPercent: 0,
            extras: [
                ("clients", Double(clients)), ("caught_up", Double(state.1)),
                ("catch_up_from_listening_ms", fromListening), ("catch_up_from_stop_ms", fromStop),
                ("restart_ms", Double(times.listening - times.stopped) / 1e3),
            ])
        environment.emit(result)
        generator.stopReconnecting()
    }
}
