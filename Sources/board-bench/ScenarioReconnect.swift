import Foundation

/// 1,000 clients on 10 boards with some history; the server is restarted and every client
/// reconnects with `since`: the time until all of them are welcomed and caught up again.
/// Server only, and only when the bench can restart it.
enum ScenarioReconnect {
    static let name = "reconnect"

    static func run(_ environment: LoadEnvironment) {
        guard environment.target == .server, let restart = environment.restartServer else { return }
        let clients = environment.smoke ? 40 : 1_000
        let boards = environment.smoke ? 2 : 10
        guard let driver = environment.makeDriver() else { return }
        defer { driver.shutdown() }
        driver.sync { driver in
            for boardIndex in 0..<boards {
                let board = "reconnect-\(environment.runTag)-\(boardIndex)"
                driver.add(board: board, clientID: "w-\(board)", role: .writer)
            }
            for index in 0..<(clients - boards) {
                let board = "reconnect-\(environment.runTag)-\(index % boards)"
                driver.add(board: board, clientID: "r\(index)-\(board)", role: .watcher)
            }
        }
        guard environment.connectAndSetUp(driver, count: clients, scenario: name) else { return }
        driver.sync { driver in
            driver.startWriting(driver.clients.filter { if case .writer = $0.role { true } else { false } }, rate: 50)
        }
        usleep(environment.smoke ? 200_000 : 1_000_000)
        driver.sync { $0.stopWriting() }
        usleep(200_000)
        driver.sync { driver in
            driver.reconnects = true
            driver.resetCatchUp()
            driver.resetStep()
        }
        guard let times = restart() else {
            FileHandle.standardError.write(Data("reconnect: the server could not be restarted\n".utf8))
            return
        }
        let caughtUp = driver.wait(timeout: 30) { $0.caughtUpCount == clients }
        let state = driver.sync { ($0.lastCatchUp, $0.caughtUpCount, $0.takeStep()) }
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
        driver.sync { $0.reconnects = false }
    }
}
