import Foundation

/// The seeds of randomized tests. `BOARD_SYNC_SEED=N` replays seed N: every seeded test then runs
/// that one seed instead of a fresh one or its usual sweep. Tests print the seed they ran.
public enum TestSeed {
    /// The name of the environment variable.
    public static let variable = "BOARD_SYNC_SEED"

    /// The seed to replay, when the environment sets one.
    public static var replayed: UInt64? {
        ProcessInfo.processInfo.environment[variable].flatMap { UInt64($0) }
    }

    /// The seed of a test that runs one random case: the replayed seed, else a fresh one.
    public static func fresh() -> UInt64 {
        replayed ?? UInt64.random(in: 0...UInt64.max)
    }

    /// The seeds of a sweep of `count` fixed seeds from `base`, or only the replayed seed.
    public static func sweep(count: Int, from base: UInt64 = 0) -> [UInt64] {
        if let replayed { return [replayed] }
        return (0..<UInt64(max(0, count))).map { base &+ $0 }
    }

    /// How to rerun `seed` alone, for a failure message.
    public static func rerun(_ seed: UInt64) -> String {
        "rerun with \(variable)=\(seed)"
    }
}
