/// Runs a piece of work repeatedly and keeps the median wall time.
enum BenchTiming {
    /// The median time in milliseconds over at least `minimum` and at most `maximum` runs, stopping
    /// early once `budgetSeconds` have been spent (after the minimum), and the last run's result.
    static func median<Result>(
        minimum: Int, maximum: Int, budgetSeconds: Double, _ work: () -> Result
    ) -> (milliseconds: Double, runs: Int, result: Result) {
        let clock = ContinuousClock()
        let started = clock.now
        var samples: [Double] = []
        var result = work()  // warm-up, not timed
        while samples.count < maximum {
            let start = clock.now
            result = work()
            samples.append(milliseconds(clock.now - start))
            if samples.count >= minimum, milliseconds(clock.now - started) > budgetSeconds * 1_000 { break }
        }
        samples.sort()
        let middle = samples.count / 2
        let median = samples.count % 2 == 1 ? samples[middle] : (samples[middle - 1] + samples[middle]) / 2
        return (median, samples.count, result)
    }

    static func milliseconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) * 1_000 + Double(parts.attoseconds) / 1e15
    }
}
