import Foundation

/// 100 boards of 20 clients each, one writer per board at 10 ops/s: delivery latency when the
/// load is spread over many small boards.
enum ScenarioBoards {
    static let name = "boards"
    /// 19,000 deliveries/s are light work for one thread: on 2 cores, 1 and 2 threads both gave
    /// p50 1.3 ms and p99 3.1 ms; 3 gave 1.0/2.8 ms for 4 points more server CPU.
    static let defaultGeneratorThreads = 1

    static func run(_ environment: LoadEnvironment) {
        let boards = environment.smoke ? 3 : 100
        let perBoard = environment.smoke ? 4 : 20
        guard let generator = environment.makeGenerator(defaultThreads: defaultGeneratorThreads) else { return }
        defer { generator.shutdown() }
        var clients: [LoadClientSpec] = []
        for boardIndex in 0..<boards {
            let board = "boards-\(environment.runTag)-\(boardIndex)"
            clients.append(LoadClientSpec(board: board, clientID: "w-\(board)", role: .writer))
            for index in 1..<perBoard {
                clients.append(LoadClientSpec(board: board, clientID: "b\(index)-\(board)", role: .watcher))
            }
        }
        generator.add(clients)
        guard environment.connectAndSetUp(generator, count: boards * perBoard, scenario: name) else { return }
        generator.startWriting(rate: 10)
        usleep(environment.smoke ? 200_000 : 1_000_000)
        environment.measure(
            generator, scenario: name, step: "boards=\(boards) clients=\(perBoard)",
            seconds: environment.smoke ? 0.6 : 5.0,
            extras: [("boards", Double(boards)), ("clients_per_board", Double(perBoard))])
        generator.stopWriting()
    }
}
