import BoardSync
import TestSupport

@testable import BoardServer

extension AccessFixture {
    /// The tokens of (secret, role, patterns) entries, as the server loads them from a file.
    static func tokens(_ entries: [(String, Role, [String])]) throws -> AccessTokens {
        try AccessTokens.parse(tokensFile(entries), path: "tokens.json")
    }
}
