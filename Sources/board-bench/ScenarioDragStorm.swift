import Foundation

/// One board, 50 clients dragging their tiles at 30 position updates per second each, 200
/// watchers; server CPU per 1,000 delivered drag messages and delivery latency.
enum ScenarioDragStorm {
    static let name = "drag-storm"

    static func run(_ environment: LoadEnvironment) {
        let draggers = environment.smoke ? 4 : 50
        let watchers = environment.smoke ? 8 : 200
        guard let driver = environment.makeDriver() else { return }
        defer { driver.shutdown() }
        let board = "drag-\(environment.runTag)"
        driver.sync { driver in
            driver.dragSlots = draggers
            for number in 0..<draggers {
                driver.add(board: board, clientID: "d\(number)-\(board)", role: .dragger(number: number))
            }
            for index in 0..<watchers { driver.add(board: board, clientID: "v\(index)-\(board)", role: .watcher) }
        }
        guard environment.connectAndSetUp(driver, count: draggers + watchers, scenario: name) else { return }
        driver.sync { $0.startDragging() }
        usleep(environment.smoke ? 200_000 : 500_000)
        let seconds = environment.smoke ? 0.6 : 5.0
        environment.measure(
            driver, scenario: name, step: "draggers=\(draggers) watchers=\(watchers)", seconds: seconds,
            extras: [("draggers", Double(draggers)), ("watchers", Double(watchers))])
        driver.sync { $0.stopWriting() }
    }
}
