import Foundation

/// One board, 50 clients dragging their tiles at 30 position updates per second each, 200
/// watchers; server CPU per 1,000 delivered drag messages and delivery latency.
enum ScenarioDragStorm {
    static let name = "drag-storm"
    /// On 2 cores shared with the server (medians of 6-8 runs): one thread took 81 % of a core,
    /// received only 341,000 of the 375,000 frames/s and measured p50 21 ms, p99 56 ms; two
    /// threads 375,000/s, p50 13.5 ms, p99 35 ms; three 375,000/s, p50 11 ms, p99 26 ms; four
    /// p99 31 ms. The server's CPU stayed at 42-46 % of a core throughout.
    static let defaultGeneratorThreads = 3

    static func run(_ environment: LoadEnvironment) {
        let draggers = environment.smoke ? 4 : 50
        let watchers = environment.smoke ? 8 : 200
        guard let generator = environment.makeGenerator(defaultThreads: defaultGeneratorThreads) else { return }
        defer { generator.shutdown() }
        let board = "drag-\(environment.runTag)"
        generator.add(
            (0..<draggers).map {
                LoadClientSpec(board: board, clientID: "d\($0)-\(board)", role: .dragger(number: $0))
            } + (0..<watchers).map { LoadClientSpec(board: board, clientID: "v\($0)-\(board)", role: .watcher) })
        guard environment.connectAndSetUp(generator, count: draggers + watchers, scenario: name) else { return }
        generator.startDragging(draggers: draggers, slots: draggers)
        usleep(environment.smoke ? 200_000 : 500_000)
        let seconds = environment.smoke ? 0.6 : 5.0
        environment.measure(
            generator, scenario: name, step: "draggers=\(draggers) watchers=\(watchers)", seconds: seconds,
            extras: [("draggers", Double(draggers)), ("watchers", Double(watchers))])
        generator.stopWriting()
    }
}
