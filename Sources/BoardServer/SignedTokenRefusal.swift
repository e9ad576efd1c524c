/// Why a JSON Web Token was refused: said in the server's log only, the answer is a plain 401.
enum SignedTokenRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    case malformed
    case unsupportedAlgorithm(String)
    case wrongAlgorithm(presented: String, configured: String)
    case criticalHeader
    case badSignature
    case missingExpiry
    case expired
    case notYetValid
    case wrongAudience
    case badClaim(String)

    var description: String {
        switch self {
        case .malformed: "the token is not three base64url parts of JSON"
        case .unsupportedAlgorithm(let name): "the token's algorithm \(name) is never accepted"
        case .wrongAlgorithm(let presented, let configured):
            "the token is signed with \(presented) but the server verifies \(configured)"
        case .criticalHeader: "the token's header has a crit member"
        case .badSignature: "the token's signature does not verify"
        case .missingExpiry: "the token has no exp"
        case .expired: "the token expired"
        case .notYetValid: "the token is not valid yet (nbf)"
        case .wrongAudience: "the token's aud does not name this server"
        case .badClaim(let name): "the token's \(name) claim is missing or wrong"
        }
    }
}
