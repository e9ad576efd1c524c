import Foundation

/// Many boards with a few people each, one writer per board: delivery latency and server CPU
/// when the load is spread over many small boards. The first step is 100 boards of 20 clients at
/// 10 ops/s per board; then the curve: 10, 100 and 1,000 boards of 10 clients each at 1,000
/// ops/s in all, so that what grows with the number of boards shows beside the relays.
enum ScenarioBoards {
    static let name = "boards"
    /// 19,000 deliveries/s are light work for one thread: on 2 cores, 1 and 2 threads both gave
    /// p50 1.3 ms and p99 3.1 ms; 3 gave 1.0/2.8 ms for 4 points more server CPU.
    static let defaultGeneratorThreads = 1
    /// Clients per board in the curve's steps, and their boards' ops per second in all.
    static let curveClientsPerBoard = 10
    static let curveOpsPerSecond = 1_000.0

    /// One step: `boards` boards of `perBoard` clients, each board's writer at `rate` ops/s.
    struct Step {
        let boards: Int
        let perBoard: Int
        let rate: Double
        /// Part of the curve (10 clients per board, the same total rate).
        let onCurve: Bool
    }

    static func steps(smoke: Bool) -> [Step] {
        if smoke { return [Step(boards: 3, perBoard: 4, rate: 10, onCurve: false)] }
        return [Step(boards: 100, perBoard: 20, rate: 10, onCurve: false)]
            + [10, 100, 1_000].map { boards in
                Step(
                    boards: boards, perBoard: curveClientsPerBoard, rate: curveOpsPerSecond / Double(boards),
                    onCurve: true)
            }
    }

    static func run(_ environment: LoadEnvironment) {
        for step in steps(smoke: environment.smoke) {
            guard run(step, environment) else { return }
        }
    }

    /// Runs one step on a generator of its own; false when its clients could not all connect.
    private static func run(_ step: Step, _ environment: LoadEnvironment) -> Bool {
        guard let generator = environment.makeGenerator(defaultThreads: defaultGeneratorThreads) else { return false }
        defer { generator.shutdown() }
        var clients: [LoadClientSpec] = []
        let tag = "\(environment.runTag)-\(step.boards)x\(step.perBoard)"
        for boardIndex in 0..<step.boards {
            let board = "boards-\(tag)-\(boardIndex)"
            clients.append(LoadClientSpec(board: board, clientID: "w-\(board)", role: .writer))
            for index in 1..<step.perBoard {
                clients.append(LoadClientSpec(board: board, clientID: "b\(index)-\(board)", role: .watcher))
            }
        }
        generator.add(clients)
        let count = step.boards * step.perBoard
        guard environment.connectAndSetUp(generator, count: count, scenario: name, timeout: 90) else { return false }
        generator.startWriting(rate: step.rate)
        usleep(environment.smoke ? 200_000 : 1_000_000)
        environment.measure(
            generator, scenario: name, step: "boards=\(step.boards) clients=\(step.perBoard)",
            seconds: environment.smoke ? 0.6 : 5.0,
            extras: [
                ("boards", Double(step.boards)), ("clients_per_board", Double(step.perBoard)), ("rate", step.rate),
                ("curve", step.onCurve ? 1 : 0),
            ])
        generator.stopWriting()
        return true
    }
}
