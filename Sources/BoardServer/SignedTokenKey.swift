import CCrypto
import Foundation

/// The key of `--jwt-key` and the one algorithm it verifies: a PEM public key is an Ed25519 key
/// (`EdDSA`) or an ECDSA P-256 key (`ES256`); any other file is an HS256 secret (its bytes, a
/// final line break left out). A token signed with any other algorithm is refused, so a public
/// key can never be used as an HMAC secret nor the reverse.
final class SignedTokenKey: @unchecked Sendable {
    /// The JOSE `alg` names this server verifies.
    enum Algorithm: String, Hashable, Sendable {
        case hs256 = "HS256"
        case edDSA = "EdDSA"
        case es256 = "ES256"
    }

    let algorithm: Algorithm
    /// The HS256 secret; empty for a public key.
    private let secret: [UInt8]
    /// The public key, owned; nil for HS256. Immutable once loaded, so verifying from any thread
    /// is safe (each verification has a context of its own).
    private let publicKey: OpaquePointer?

    /// The shortest HS256 secret accepted: as long as the hash (RFC 7518 section 3.2).
    static let minimumSecretBytes = 32

    private init(algorithm: Algorithm, secret: [UInt8], publicKey: OpaquePointer?) {
        self.algorithm = algorithm
        self.secret = secret
        self.publicKey = publicKey
    }

    deinit {
        if let publicKey { EVP_PKEY_free(publicKey) }
    }

    /// Reads the key file at `path`.
    static func load(path: String) throws(SignedTokenKeyError) -> SignedTokenKey {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadable(path: path, reason: (error as NSError).localizedDescription)
        }
        return try parse(Array(data), path: path)
    }

    /// Parses the bytes of a key file; `path` only names the file in errors.
    static func parse(_ bytes: [UInt8], path: String) throws(SignedTokenKeyError) -> SignedTokenKey {
        let pemStart = Array("-----BEGIN ".utf8)
        guard bytes.count >= pemStart.count, Array(bytes[0..<pemStart.count]) == pemStart else {
            var secret = bytes
            if secret.last == UInt8(ascii: "\n") { secret.removeLast() }
            if secret.last == UInt8(ascii: "\r") { secret.removeLast() }
            guard secret.count >= minimumSecretBytes else { throw .secretTooShort(path: path) }
            return SignedTokenKey(algorithm: .hs256, secret: secret, publicKey: nil)
        }
        let key: OpaquePointer? = bytes.withUnsafeBytes { buffer in
            guard let bio = BIO_new_mem_buf(buffer.baseAddress, Int32(buffer.count)) else { return nil }
            defer { BIO_free(bio) }
            return PEM_read_bio_PUBKEY(bio, nil, nil, nil)
        }
        guard let key else { throw .notAPublicKey(path: path) }
        switch EVP_PKEY_get_base_id(key) {
        case EVP_PKEY_ED25519:
            return SignedTokenKey(algorithm: .edDSA, secret: [], publicKey: key)
        case EVP_PKEY_EC where isP256(key):
            return SignedTokenKey(algorithm: .es256, secret: [], publicKey: key)
        default:
            EVP_PKEY_free(key)
            throw .unsupportedKey(path: path)
        }
    }

    private static func isP256(_ key: OpaquePointer) -> Bool {
        var name = [CChar](repeating: 0, count: 64)
        var length = 0
        guard EVP_PKEY_get_utf8_string_param(key, "group", &name, name.count, &length) == 1 else {
            return false
        }
        let group = String(decoding: name.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return group == "prime256v1" || group == "P-256"
    }

    /// Whether `signature` signs `input` (the ASCII of `header.payload`) under this key.
    func verifies(_ signature: [UInt8], of input: [UInt8]) -> Bool {
        switch algorithm {
        case .hs256: verifiesHMAC(signature, of: input)
        case .edDSA: verifiesDigest(signature, of: input, digest: nil)
        case .es256:
            // JOSE writes R||S, 32 bytes each (RFC 7518 section 3.4); OpenSSL verifies DER.
            signature.count == 64
                && derSignature(rawRS: signature).map {
                    verifiesDigest($0, of: input, digest: EVP_sha256())
                } == true
        }
    }

    private func verifiesHMAC(_ signature: [UInt8], of input: [UInt8]) -> Bool {
        guard let digest = HMACSHA256.digest(key: secret, data: input), signature.count == 32 else { return false }
        return CRYPTO_memcmp(signature, digest, 32) == 0
    }

    private func verifiesDigest(_ signature: [UInt8], of input: [UInt8], digest: OpaquePointer?) -> Bool {
        guard let publicKey, let context = EVP_MD_CTX_new() else { return false }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestVerifyInit(context, nil, digest, nil, publicKey) == 1 else { return false }
        return EVP_DigestVerify(context, signature, signature.count, input, input.count) == 1
    }

    /// The DER `ECDSA-Sig-Value` of a raw 64-byte R||S signature.
    private func derSignature(rawRS: [UInt8]) -> [UInt8]? {
        guard let signature = ECDSA_SIG_new() else { return nil }
        defer { ECDSA_SIG_free(signature) }
        let r = BN_bin2bn(rawRS, 32, nil)
        let s = rawRS.withUnsafeBufferPointer { BN_bin2bn($0.baseAddress! + 32, 32, nil) }
        guard let r, let s, ECDSA_SIG_set0(signature, r, s) == 1 else {
            BN_free(r)
            BN_free(s)
            return nil
        }
        let length = i2d_ECDSA_SIG(signature, nil)
        guard length > 0 else { return nil }
        var der = [UInt8](repeating: 0, count: Int(length))
        let written = der.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var cursor: UnsafeMutablePointer<UInt8>? = buffer.baseAddress
            return i2d_ECDSA_SIG(signature, &cursor)
        }
        return written == length ? der : nil
    }
}

/// Why `--jwt-key` could not be used. The description is one line and never contains the key.
public enum SignedTokenKeyError: Error, Hashable, Sendable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case secretTooShort(path: String)
    case notAPublicKey(path: String)
    case unsupportedKey(path: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "JWT key file \(path): cannot read it: \(reason)"
        case .secretTooShort(let path):
            "JWT key file \(path): an HS256 secret must be at least \(SignedTokenKey.minimumSecretBytes) bytes"
        case .notAPublicKey(let path): "JWT key file \(path): not a PEM public key"
        case .unsupportedKey(let path):
            "JWT key file \(path): the public key is neither Ed25519 nor ECDSA P-256"
        }
    }
}
