/// Secret comparison whose duration does not depend on where the bytes differ.
enum TokensConstantTime {
    /// Whether `presented` equals `secret`. Every byte of `secret` is visited whatever the input,
    /// so the time depends only on the secret's length.
    static func equals(_ secret: [UInt8], _ presented: [UInt8]) -> Bool {
        var difference = UInt(bitPattern: secret.count ^ presented.count)
        for index in secret.indices {
            let other = index < presented.count ? presented[index] : 0
            difference |= UInt(secret[index] ^ other)
        }
        return difference == 0
    }
}
