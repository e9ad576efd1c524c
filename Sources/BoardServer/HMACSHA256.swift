import CCrypto

/// HMAC-SHA256 through libcrypto: the check of an HS256 JSON Web Token and the signature of a
/// webhook delivery.
enum HMACSHA256 {
    /// The 32-byte digest of `data` under `key`; nil when libcrypto fails.
    static func digest(key: [UInt8], data: [UInt8]) -> [UInt8]? {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let made = key.withUnsafeBytes { key in
            data.withUnsafeBytes { data in
                HMAC(
                    EVP_sha256(), key.baseAddress, Int32(key.count),
                    data.baseAddress?.assumingMemoryBound(to: UInt8.self),
                    data.count, &digest, &length)
            }
        }
        guard made != nil, length == 32 else { return nil }
        return Array(digest[0..<32])
    }

    /// The `X-Board-Signature` of a webhook delivery: `sha256=` and the digest of `body` under
    /// `secret` in lowercase hexadecimal.
    static func signatureHeader(body: [UInt8], secret: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = Array("sha256=".utf8)
        for byte in digest(key: secret, data: body) ?? [] {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
