extension CoreBenchmark {
    /// Cases appended after the diff cases, such as rebase-and-apply throughput of operations.
    /// Each returns a `CoreBenchResult`; leave the peer fields nil when there is nothing to compare with.
    static var additionalCases: [CoreBenchCase] { [] }
}
