import Foundation

/// Everything a scenario needs to know about where it runs and how to report.
struct LoadEnvironment: @unchecked Sendable {
    /// `ws://HOST:PORT` of the target.
    let url: String
    let target: LoadTarget
    /// The target's process, for CPU and RSS figures.
    let serverPID: () -> Int32?
    /// Small sizes and short steps.
    let smoke: Bool
    /// Where the server keeps its data (the fsync probe writes there).
    let dataDirectory: String?
    /// Restarts the server on the same port; returns when it listens again, with the times (load
    /// clock microseconds) it was stopped and listening again, or nil when restarting is not
    /// possible.
    let restartServer: (() -> (stopped: Int64, listening: Int64)?)?
    /// Receives each step's figures as soon as they exist.
    let emit: (LoadStepResult) -> Void
    /// A short tag that keeps board names unique between runs against one server.
    let runTag: String

    /// Measures one step of `seconds` with `driver` and reports it.
    @discardableResult
    func measure(
        _ driver: LoadDriver, scenario: String, step: String, seconds: Double, latencyOfAcks: Bool = false,
        extras: [(name: String, value: Double)] = []
    ) -> LoadStepResult {
        let pid = serverPID()
        let serverBefore = pid.flatMap(ProcessStats.read(pid:))
        let generatorBefore = GeneratorCPU.seconds()
        let wallBefore = LoadClock.micros()
        driver.sync { $0.resetStep() }
        usleep(UInt32(seconds * 1e6))
        let recording = driver.sync { $0.takeStep() }
        let serverAfter = pid.flatMap(ProcessStats.read(pid:))
        let wall = Double(LoadClock.micros() - wallBefore) / 1e6
        let generatorPercent = (GeneratorCPU.seconds() - generatorBefore) / max(wall, 1e-9) * 100
        let sample = recording.summarized
        let cpu = serverBefore.flatMap { before in serverAfter.map { $0.cpuSeconds - before.cpuSeconds } } ?? 0
        let result = LoadStepResult(
            scenario: scenario, step: step, target: target, sample: sample,
            latency: latencyOfAcks ? sample.ack : sample.delivery, serverCPUSeconds: cpu,
            serverRSSKiB: serverAfter?.rssKiB ?? 0, generatorCPUPercent: generatorPercent, extras: extras)
        emit(result)
        return result
    }

    /// A driver for this target, or nil (reported) when the context cannot be created.
    func makeDriver() -> LoadDriver? {
        do {
            return try LoadDriver(target: target, baseURL: url)
        } catch {
            FileHandle.standardError.write(Data("load: cannot create a client context: \(error)\n".utf8))
            return nil
        }
    }

    /// Waits until every client of `driver` is connected and set up; reports a timeout.
    func connectAndSetUp(_ driver: LoadDriver, count: Int, scenario: String, timeout: Double = 60) -> Bool {
        guard driver.wait(timeout: timeout, until: { $0.openCount == count }) else {
            let state = driver.sync { ($0.openCount, $0.errorExamples) }
            FileHandle.standardError.write(
                Data("\(scenario): only \(state.0) of \(count) connections opened; \(state.1)\n".utf8))
            return false
        }
        driver.sync { $0.beginSetup() }
        let workers = driver.sync { driver in
            driver.clients.filter { if case .watcher = $0.role { false } else { true } }.count
        }
        guard driver.wait(timeout: timeout, until: { $0.setUpCount == count }) else {
            let state = driver.sync { ($0.setUpCount, $0.errorExamples) }
            FileHandle.standardError.write(
                Data("\(scenario): only \(state.0) of \(count) clients set up (\(workers) workers); \(state.1)\n".utf8))
            return false
        }
        return true
    }
}
