import BoardSync
import Foundation

/// Tokens files the access tests share: random secrets, and files of (secret, role, patterns)
/// entries.
public enum AccessFixture {
    /// A random secret of 32 hex digits.
    public static func secret() -> String {
        (0..<4).map { _ in String(format: "%08x", UInt32.random(in: 0...UInt32.max)) }.joined()
    }

    /// A tokens file's text of (secret, role, patterns) entries.
    public static func tokensFile(_ entries: [(String, Role, [String])]) throws -> Data {
        let list: [[String: Any]] = entries.map { ["token": $0.0, "role": $0.1.rawValue, "boards": $0.2] }
        return try JSONSerialization.data(withJSONObject: ["tokens": list])
    }

    /// Writes a tokens file of (secret, role, patterns) entries.
    public static func writeTokens(_ entries: [(String, Role, [String])], to url: URL) throws {
        try tokensFile(entries).write(to: url, options: .atomic)
    }
}
