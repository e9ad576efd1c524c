extension UInt64 {
    /// The value in 16 lowercase hexadecimal digits, zeros in front: the fixed-width form of the
    /// outbox's delivery ids and nonces.
    var sixteenHexDigits: String {
        let digits = String(self, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
