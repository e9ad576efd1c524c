import Foundation

/// Runs a piece of work repeatedly and keeps the median time per run. Runs are timed with the
/// calling thread's CPU clock, so time the thread spends waiting for a core on a busy machine is
/// not counted; the run budget is counted in wall time.
enum BenchTiming {
    /// The median CPU time in milliseconds over at least `minimum` and at most `maximum` runs,
    /// stopping early once `budgetSeconds` of wall time have passed (after the minimum), and
    /// the last run's result. One untimed warm-up run comes first.
    static func median<Result>(
        minimum: Int, maximum: Int, budgetSeconds: Double, _ work: () -> Result
    ) -> (milliseconds: Double, runs: Int, result: Result) {
        let clock = ContinuousClock()
        let started = clock.now
        var samples: [Double] = []
        var result = work()
        while samples.count < maximum {
            let start = threadCPUMilliseconds()
            result = work()
            samples.append(threadCPUMilliseconds() - start)
            if samples.count >= minimum, clock.now - started > .milliseconds(Int(budgetSeconds * 1_000)) { break }
        }
        samples.sort()
        let middle = samples.count / 2
        let median = samples.count % 2 == 1 ? samples[middle] : (samples[middle - 1] + samples[middle]) / 2
        return (median, samples.count, result)
    }

    static func threadCPUMilliseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1_000 + Double(time.tv_nsec) / 1_000_000
    }
}
