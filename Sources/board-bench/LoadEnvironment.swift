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
    /// Client contexts (service threads) of the generator; nil: the scenario's default.
    var generatorThreads: Int? = nil
    /// When set, each step's window is sampled with `perf` (this path) and its result carries
    /// where the target spent its CPU.
    var perf: String? = nil

    /// Measures one step of `seconds` with `generator` and reports it. The generator's CPU is
    /// its whole process's, in percent of one core: above 100 when several of its threads work.
    @discardableResult
    func measure(
        _ generator: LoadGenerator, scenario: String, step: String, seconds: Double, latencyOfAcks: Bool = false,
        extras: [(name: String, value: Double)] = []
    ) -> LoadStepResult {
        let pid = serverPID()
        let serverBefore = pid.flatMap(ProcessStats.read(pid:))
        let generatorBefore = GeneratorCPU.seconds()
        let wallBefore = LoadClock.micros()
        generator.resetStep()
        var profile: CPUProfile?
        if let perf, let pid {
            do {
                profile = try CPUProfile.measure(pid: pid, perf: perf, workDirectory: NSTemporaryDirectory()) {
                    usleep(UInt32(seconds * 1e6))
                }
            } catch {
                FileHandle.standardError.write(Data("load: no profile of \(scenario) \(step): \(error)\n".utf8))
            }
        } else {
            usleep(UInt32(seconds * 1e6))
        }
        let recording = generator.takeStep()
        let serverAfter = pid.flatMap(ProcessStats.read(pid:))
        let wall = Double(LoadClock.micros() - wallBefore) / 1e6
        let generatorPercent = (GeneratorCPU.seconds() - generatorBefore) / max(wall, 1e-9) * 100
        let sample = recording.summarized
        let cpu = serverBefore.flatMap { before in serverAfter.map { $0.cpuSeconds - before.cpuSeconds } } ?? 0
        var result = LoadStepResult(
            scenario: scenario, step: step, target: target, sample: sample,
            latency: latencyOfAcks ? sample.ack : sample.delivery, serverCPUSeconds: cpu,
            serverRSSKiB: serverAfter?.rssKiB ?? 0, generatorCPUPercent: generatorPercent, extras: extras)
        result.profile = profile
        emit(result)
        return result
    }

    /// A generator for this target on `generatorThreads` client contexts (`defaultThreads` when
    /// none were asked for), or nil (reported) when a context cannot be created.
    func makeGenerator(defaultThreads: Int) -> LoadGenerator? {
        do {
            return try LoadGenerator(target: target, baseURL: url, threads: generatorThreads ?? defaultThreads)
        } catch {
            FileHandle.standardError.write(Data("load: cannot create a client context: \(error)\n".utf8))
            return nil
        }
    }

    /// Waits until every client of `generator` is connected and set up; reports a timeout.
    func connectAndSetUp(_ generator: LoadGenerator, count: Int, scenario: String, timeout: Double = 60) -> Bool {
        guard generator.wait(timeout: timeout, until: { $0.openCount == count }) else {
            let state = (generator.openCount, generator.errorExamples)
            FileHandle.standardError.write(
                Data("\(scenario): only \(state.0) of \(count) connections opened; \(state.1)\n".utf8))
            return false
        }
        generator.beginSetup()
        let workers = generator.workerCount
        guard generator.wait(timeout: timeout, until: { $0.setUpCount == count }) else {
            let state = (generator.setUpCount, generator.errorExamples)
            FileHandle.standardError.write(
                Data("\(scenario): only \(state.0) of \(count) clients set up (\(workers) workers); \(state.1)\n".utf8))
            return false
        }
        return true
    }
}
