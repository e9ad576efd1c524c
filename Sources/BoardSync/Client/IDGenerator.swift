/// A small seeded pseudo-random generator (SplitMix64) for the ids a client makes and its
/// reconnect jitter. A client keeps it in its state, so its updates stay pure functions: the
/// shell draws the seed once, and the same seed gives the same ids and jitter.
public struct IDGenerator: RandomNumberGenerator, Hashable, Sendable {
    public private(set) var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A fresh id of 16 lowercase hex characters.
    public mutating func makeID() -> String {
        var value = next()
        var digits = [UInt8](repeating: UInt8(ascii: "0"), count: 16)
        for index in digits.indices.reversed() {
            let nibble = UInt8(truncatingIfNeeded: value & 0xF)
            digits[index] = nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
            value >>= 4
        }
        return String(decoding: digits, as: UTF8.self)
    }
}
