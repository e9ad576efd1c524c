import BoardSync

/// Checks a JSON Web Token (RFC 7519, protocol 1.2 section 12): three base64url parts, a
/// header naming exactly the configured algorithm and no `crit`, a valid signature, then the
/// claims: `exp` required, `nbf`, `aud` when an audience is configured (60 s of clock skew on
/// both sides), `sub`, `name`, `role` and `boards`.
struct SignedTokenVerifier: Sendable {
    let key: SignedTokenKey
    /// `--jwt-audience`: when set, `aud` must be it or an array holding it.
    let audience: String?

    /// Seconds a clock may be off either way.
    static let allowedSkew = 60.0

    /// Whether `token` looks like a JSON Web Token rather than a tokens-file secret.
    static func isSignedToken(_ token: String) -> Bool {
        token.utf8.count(where: { $0 == UInt8(ascii: ".") }) == 2
    }

    /// The identity `token` proves at `now` (seconds since 1970), or why it proves none.
    func verify(_ token: String, now: Double) -> Result<SignedIdentity, SignedTokenRefusal> {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let headerBytes = Base64URL.decode(parts[0]),
            let payloadBytes = Base64URL.decode(parts[1]), let signature = Base64URL.decode(parts[2]),
            case .object(let header)? = try? JSONValue.parse(headerBytes),
            case .object(let claims)? = try? JSONValue.parse(payloadBytes)
        else { return .failure(.malformed) }
        guard case .string(let algorithm)? = header["alg"] else { return .failure(.malformed) }
        guard let presented = SignedTokenKey.Algorithm(rawValue: algorithm) else {
            return .failure(.unsupportedAlgorithm(algorithm))
        }
        guard presented == key.algorithm else {
            return .failure(.wrongAlgorithm(presented: algorithm, configured: key.algorithm.rawValue))
        }
        guard header["crit"] == nil else { return .failure(.criticalHeader) }
        let signed = Array(token.utf8.prefix(parts[0].utf8.count + 1 + parts[1].utf8.count))
        guard key.verifies(signature, of: signed) else { return .failure(.badSignature) }
        return checkClaims(claims, now: now)
    }

    private func checkClaims(_ claims: JSONObject, now: Double) -> Result<SignedIdentity, SignedTokenRefusal> {
        guard let expiryValue = claims["exp"] else { return .failure(.missingExpiry) }
        guard let expiresAt = Self.seconds(expiryValue) else { return .failure(.badClaim("exp")) }
        guard now < expiresAt + Self.allowedSkew else { return .failure(.expired) }
        if let notBeforeValue = claims["nbf"] {
            guard let notBefore = Self.seconds(notBeforeValue) else { return .failure(.badClaim("nbf")) }
            guard now + Self.allowedSkew >= notBefore else { return .failure(.notYetValid) }
        }
        if let audience {
            switch claims["aud"] {
            case .string(let named)? where named == audience: break
            case .array(let named)? where named.contains(.string(audience)): break
            default: return .failure(.wrongAudience)
            }
        }
        guard case .string(let subject)? = claims["sub"], !subject.isEmpty else { return .failure(.badClaim("sub")) }
        var user = subject
        if let name = claims["name"] {
            guard case .string(let named) = name else { return .failure(.badClaim("name")) }
            user = named
        }
        guard Validation.checkText(user, limit: Validation.userLimit) == nil else { return .failure(.badClaim("name")) }
        var role = Role.viewer
        if let roleValue = claims["role"] {
            guard case .string(let roleName) = roleValue, let named = Role(rawValue: roleName) else {
                return .failure(.badClaim("role"))
            }
            role = named
        }
        guard case .array(let patternValues)? = claims["boards"], !patternValues.isEmpty else {
            return .failure(.badClaim("boards"))
        }
        var boards: [BoardPattern] = []
        for value in patternValues {
            guard case .string(let text) = value, let pattern = BoardPattern(text) else {
                return .failure(.badClaim("boards"))
            }
            boards.append(pattern)
        }
        return .success(
            SignedIdentity(subject: subject, user: user, role: role, boards: boards, expiresAt: expiresAt))
    }

    /// A NumericDate: an integer or a decimal number of seconds.
    private static func seconds(_ value: JSONValue) -> Double? {
        switch value {
        case .integer(let whole): Double(whole)
        case .number(let text): Double(text).flatMap { $0.isFinite ? $0 : nil }
        default: nil
        }
    }
}
