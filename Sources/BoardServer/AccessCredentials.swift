/// What tokens a server checks: the tokens file's secrets and the JSON Web Token key. With
/// neither, everyone is an editor.
struct AccessCredentials: Sendable {
    var tokens: AccessTokens?
    var signedTokens: SignedTokenVerifier?

    /// Whether every request is let in as an editor.
    var isAnonymous: Bool { tokens == nil && signedTokens == nil }

    /// How the server's start line says it is guarded.
    var summary: String {
        var parts: [String] = []
        if let tokens { parts.append("\(tokens.grants.count) tokens") }
        if let signedTokens { parts.append("\(signedTokens.key.algorithm.rawValue) JWTs") }
        return parts.isEmpty ? "anonymous editors" : parts.joined(separator: " and ")
    }
}
