import Foundation

/// Waits for a condition to hold, checking it again whenever `poll` interval passes, until a
/// deadline. Used where the only signal is an observable state (a metrics counter, a file).
enum Deadline {
    /// Returns true as soon as `condition` holds, false when `timeout` seconds passed first.
    static func wait(timeout: Double, poll: Double = 0.02, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while true {
            if try condition() { return true }
            if deadline.timeIntervalSinceNow <= 0 { return false }
            let gate = NSCondition()
            gate.lock()
            _ = gate.wait(until: min(deadline, Date(timeIntervalSinceNow: poll)))
            gate.unlock()
        }
    }
}

/// A seeded pseudo-random generator (SplitMix64): the same seed gives the same run.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The seed of a test run: `BOARD_SYNC_SEED` when set, else a fresh one.
    static func testSeed() -> UInt64 {
        if let text = ProcessInfo.processInfo.environment["BOARD_SYNC_SEED"], let seed = UInt64(text) { return seed }
        return UInt64.random(in: 0...UInt64.max)
    }
}
