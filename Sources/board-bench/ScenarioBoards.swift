import Foundation

/// 100 boards of 20 clients each, one writer per board at 10 ops/s: delivery latency when the
/// load is spread over many small boards.
enum ScenarioBoards {
    static let name = "boards"

    static func run(_ environment: LoadEnvironment) {
        let boards = environment.smoke ? 3 : 100
        let perBoard = environment.smoke ? 4 : 20
        guard let driver = environment.makeDriver() else { return }
        defer { driver.shutdown() }
        driver.sync { driver in
            for boardIndex in 0..<boards {
                let board = "boards-\(environment.runTag)-\(boardIndex)"
                driver.add(board: board, clientID: "w-\(board)", role: .writer)
                for index in 1..<perBoard { driver.add(board: board, clientID: "b\(index)-\(board)", role: .watcher) }
            }
        }
        guard environment.connectAndSetUp(driver, count: boards * perBoard, scenario: name) else { return }
        driver.sync { driver in
            driver.startWriting(driver.clients.filter { if case .writer = $0.role { true } else { false } }, rate: 10)
        }
        usleep(environment.smoke ? 200_000 : 1_000_000)
        environment.measure(
            driver, scenario: name, step: "boards=\(boards) clients=\(perBoard)",
            seconds: environment.smoke ? 0.6 : 5.0,
            extras: [("boards", Double(boards)), ("clients_per_board", Double(perBoard))])
        driver.sync { $0.stopWriting() }
    }
}
