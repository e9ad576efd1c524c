/// Reconnect delays: 0.25 s doubling to 10 s, each scaled by a jitter factor in 0.5…1.
public enum Backoff {
    public static let initial = 0.25
    public static let maximum = 10.0

    /// The delay before attempt `attempt` (1 for the first retry), given `jitter` in 0…1.
    public static func delay(attempt: Int, jitter: Double) -> Double {
        let exponent = Double(min(max(attempt - 1, 0), 16))
        let base = min(maximum, initial * pow2(exponent))
        return base * (0.5 + 0.5 * min(max(jitter, 0), 1))
    }

    private static func pow2(_ exponent: Double) -> Double {
        var value = 1.0
        for _ in 0..<Int(exponent) { value *= 2 }
        return value
    }
}
