import Foundation

/// Runs a piece of work repeatedly and keeps the median time per run. Runs are timed with the
/// calling thread's CPU clock, so time the thread spends waiting for a core on a busy machine is
/// not counted; the run budget is counted in wall time.
enum BenchTiming {
    /// When set (`board-bench core --runs N`), every timing makes exactly this many runs and no
    /// warm-up run, so that an instruction counter such as callgrind sees a fixed amount of work.
    nonisolated(unsafe) static var fixedRuns: Int?

    /// The median CPU time in milliseconds over at least `minimum` and at most `maximum` runs,
    /// stopping early once `budgetSeconds` of wall time have passed (after the minimum), and
    /// the last run's result. One untimed warm-up run comes first.
    static func median<Result>(
        minimum: Int, maximum: Int, budgetSeconds: Double, _ work: () -> Result
    ) -> (milliseconds: Double, runs: Int, result: Result) {
        if let fixedRuns { return fixed(runs: fixedRuns, work) }
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
        return (median(of: samples), samples.count, result)
    }

    /// Exactly `runs` timed runs (at least one), without a warm-up.
    private static func fixed<Result>(
        runs: Int, _ work: () -> Result
    ) -> (milliseconds: Double, runs: Int, result: Result) {
        var samples: [Double] = []
        var start = threadCPUMilliseconds()
        var result = work()
        samples.append(threadCPUMilliseconds() - start)
        while samples.count < runs {
            start = threadCPUMilliseconds()
            result = work()
            samples.append(threadCPUMilliseconds() - start)
        }
        return (median(of: samples), samples.count, result)
    }

    static func threadCPUMilliseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1_000 + Double(time.tv_nsec) / 1_000_000
    }

    /// Times two pieces of work in alternation so that both see the same phases of a busy
    /// machine: each round runs `second` once, then `first` for up to `firstPerRound` runs. Stops
    /// after `rounds` rounds, or once `budgetSeconds` of wall time have passed (after one round).
    static func interleavedMedians<First, Second>(
        rounds: Int, firstPerRound: Int, budgetSeconds: Double, _ first: () -> First, _ second: () -> Second
    ) -> (
        first: (milliseconds: Double, runs: Int, result: First),
        second: (milliseconds: Double, runs: Int, result: Second)
    ) {
        if let fixedRuns {
            return (fixed(runs: fixedRuns, first), fixed(runs: fixedRuns, second))
        }
        let clock = ContinuousClock()
        let started = clock.now
        var firstSamples: [Double] = []
        var secondSamples: [Double] = []
        var firstResult = first()
        var secondResult = second()
        for _ in 0..<rounds {
            var start = threadCPUMilliseconds()
            secondResult = second()
            secondSamples.append(threadCPUMilliseconds() - start)
            for _ in 0..<firstPerRound {
                start = threadCPUMilliseconds()
                firstResult = first()
                firstSamples.append(threadCPUMilliseconds() - start)
            }
            if clock.now - started > .milliseconds(Int(budgetSeconds * 1_000)) { break }
        }
        return (
            (median(of: firstSamples), firstSamples.count, firstResult),
            (median(of: secondSamples), secondSamples.count, secondResult)
        )
    }

    static func median(of samples: [Double]) -> Double {
        let sorted = samples.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
