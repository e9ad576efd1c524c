/// The `--generator-threads K` option: how many client contexts, each on its own service
/// thread, the load generator spreads its clients over.
enum GeneratorThreads {
    static let maximum = 64

    /// `text` as a thread count from 1 to `maximum`, or nil.
    static func parse(_ text: String) -> Int? {
        guard let count = Int(text), (1...maximum).contains(count) else { return nil }
        return count
    }
}
