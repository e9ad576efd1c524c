import Foundation
import Locking

/// The load generator's clients spread over several `LoadDriver`s, each on its own client
/// context and service thread, so that receiving a busy board's frames does not queue behind one
/// thread. A board's writers and draggers all live on one context (its home, so its per-board
/// state and the order of its setup inserts stay on one thread); watchers go to whichever context
/// holds the fewest clients. Everything here is called from the scenario's thread.
final class LoadGenerator: Sendable {
    let drivers: [LoadDriver]
    let target: LoadTarget
    private let placement: Locked<LoadPlacement>

    /// Creates `threads` client contexts (at least one) aimed at `baseURL`.
    init(target: LoadTarget, baseURL: String, threads: Int) throws {
        self.target = target
        var drivers: [LoadDriver] = []
        for _ in 0..<max(1, threads) {
            do {
                drivers.append(try LoadDriver(target: target, baseURL: baseURL))
            } catch {
                drivers.forEach { $0.shutdown() }
                throw error
            }
        }
        self.drivers = drivers
        placement = Locked(LoadPlacement(contexts: drivers.count))
    }

    func shutdown() { drivers.forEach { $0.shutdown() } }

    /// Places `clients` on the contexts and starts connecting them.
    func add(_ clients: [LoadClientSpec]) {
        let assigned = placement.withLock { $0.assign(clients) }
        for (driver, specs) in zip(drivers, assigned) where !specs.isEmpty {
            driver.sync { driver in
                for spec in specs { driver.add(spec) }
            }
        }
    }

    /// Runs `work` on every context's service thread in turn and returns the results in order.
    func onEach<Result: Sendable>(_ work: @escaping @Sendable (LoadDriver) -> Result) -> [Result] {
        drivers.map { $0.sync(work) }
    }

    /// Sum of `count` over every context.
    func total(_ count: @escaping @Sendable (LoadDriver) -> Int) -> Int { onEach(count).reduce(0, +) }

    var openCount: Int { total { $0.openCount } }
    var setUpCount: Int { total { $0.setUpCount } }
    var caughtUpCount: Int { total { $0.caughtUpCount } }
    var workerCount: Int { total { $0.workerCount } }
    var lastCatchUp: Int64 { onEach { $0.lastCatchUp }.max() ?? 0 }
    var errorExamples: [String] { Array(onEach { $0.errorExamples }.joined().prefix(5)) }

    /// Polls `condition` every few milliseconds until it holds or `timeout` passes; returns
    /// whether it held.
    func wait(timeout: Double, until condition: (LoadGenerator) -> Bool) -> Bool {
        let deadline = LoadClock.micros() + Int64(timeout * 1e6)
        while LoadClock.micros() < deadline {
            if condition(self) { return true }
            usleep(5_000)
        }
        return condition(self)
    }

    /// Every writer sends at `rate` operations per second (0: closed loop).
    func startWriting(rate: Double) { _ = onEach { $0.startWriting($0.writers, rate: rate) } }

    func stopWriting() { _ = onEach { $0.stopWriting() } }

    /// Every dragger starts moving its item over `slots` positions.
    func startDragging(draggers: Int, slots: Int) {
        let times = DragSendTimes(draggers: draggers, slots: slots)
        _ = onEach { $0.startDragging(times: times) }
    }

    func beginSetup() { _ = onEach { $0.beginSetup() } }

    func resetStep() { _ = onEach { $0.resetStep() } }

    /// The step's figures of every context, merged.
    func takeStep() -> LoadStepRecording { LoadStepRecording.merged(onEach { $0.takeStep() }) }

    /// Before a restart: every client reconnects from now on, must catch up to its board's
    /// highest version over all contexts, and a new step starts.
    func prepareForRestart() {
        var merged: [String: Int] = [:]
        for part in onEach({ $0.highestVersionsByBoard() }) {
            merged.merge(part) { max($0, $1) }
        }
        let versions = merged
        _ = onEach { driver in
            driver.reconnects = true
            driver.resetCatchUp(to: versions)
            driver.resetStep()
        }
    }

    func stopReconnecting() { _ = onEach { $0.reconnects = false } }
}

/// Which context each board's workers live on, and how many clients each context holds.
struct LoadPlacement: Sendable {
    private(set) var clientCounts: [Int]
    private var homes: [String: Int] = [:]

    init(contexts: Int) { clientCounts = Array(repeating: 0, count: max(1, contexts)) }

    /// Per context, the clients placed on it.
    mutating func assign(_ clients: [LoadClientSpec]) -> [[LoadClientSpec]] {
        var assigned = Array(repeating: [LoadClientSpec](), count: clientCounts.count)
        for spec in clients {
            let index: Int
            if spec.role.isWatcher {
                index = leastLoaded
            } else if let home = homes[spec.board] {
                index = home
            } else {
                index = leastLoaded
                homes[spec.board] = index
            }
            assigned[index].append(spec)
            clientCounts[index] += 1
        }
        return assigned
    }

    private var leastLoaded: Int {
        clientCounts.indices.min { clientCounts[$0] < clientCounts[$1] } ?? 0
    }
}
