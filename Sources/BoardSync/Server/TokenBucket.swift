/// The per-connection rate limit of protocol section 7: a bucket of `capacity` tokens, full at
/// the connection's first message, refilled continuously at `refillPerSecond`. Each message takes
/// one token; a message that finds the bucket empty is over the limit.
public struct TokenBucket: Hashable, Sendable {
    public let capacity: Double
    public let refillPerSecond: Double
    private var tokens: Double
    private var lastRefill: Double?

    public init(capacity: Double = 100, refillPerSecond: Double = 100) {
        self.capacity = capacity
        self.refillPerSecond = refillPerSecond
        self.tokens = capacity
    }

    /// Takes one token at time `now` (seconds, any fixed origin); false when none is left. The
    /// first call starts the clock with a full bucket. A clock that goes back adds nothing.
    public mutating func take(now: Double) -> Bool {
        if let lastRefill, now > lastRefill {
            tokens = min(capacity, tokens + (now - lastRefill) * refillPerSecond)
        }
        lastRefill = max(lastRefill ?? now, now)
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }

    /// The whole tokens available at the last call (for metrics and tests).
    public var available: Int { Int(tokens) }
}
