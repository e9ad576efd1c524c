import BoardSync
import Foundation
import ServerTransport

/// Everything the server checks before a request gets in: the token and the boards it covers,
/// the browser origin, the connection limits, and who may read `/metrics`. Service thread only.
struct AccessControl {
    /// The tokens file's grants; nil without `--tokens`.
    var tokens: AccessTokens?
    /// The JSON Web Token check; nil without `--jwt-key`. Without both, everyone is an editor.
    var signedTokens: SignedTokenVerifier?
    /// Seconds since 1970, the clock of token expiry.
    let wallClock: @Sendable () -> Double
    let origins: OriginPolicy
    let metricsToken: String?
    let maxConnections: Int
    let maxConnectionsPerPeer: Int
    private(set) var connectionsByPeer: [String: Int] = [:]

    init(
        options: ServerOptions, tokens: AccessTokens?, signedTokens: SignedTokenVerifier? = nil,
        wallClock: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }
    ) {
        self.tokens = tokens
        self.signedTokens = signedTokens
        self.wallClock = wallClock
        self.origins = OriginPolicy(allowed: options.allowedOrigins, tls: options.tlsCertificatePath != nil)
        self.metricsToken = options.metricsToken
        self.maxConnections = options.maxConnections
        self.maxConnectionsPerPeer = options.maxConnectionsPerIP
    }

    /// An HTTP answer instead of what was asked for; `reason` is for the log.
    struct Refusal: Error, Hashable, Sendable {
        let status: Int
        let body: String
        let reason: String

        var response: HTTPResponse { HTTPResponse(status: status, text: body) }
    }

    /// Whether the request's token opens `board` (a WebSocket or a snapshot read).
    func authorize(_ request: HTTPRequestInfo, board: BoardName) -> Result<ConnectionAccess, Refusal> {
        guard tokens != nil || signedTokens != nil else { return .success(.anonymousEditor) }
        guard let token = Self.presentedToken(request) else { return .failure(.unknownToken) }
        return access(token: token, board: board)
    }

    /// What `token` grants on `board`: a JSON Web Token when `--jwt-key` is set and the token has
    /// its three parts, else an entry of the tokens file.
    func access(token: String, board: BoardName) -> Result<ConnectionAccess, Refusal> {
        if let signedTokens, SignedTokenVerifier.isSignedToken(token) {
            switch signedTokens.verify(token, now: wallClock()) {
            case .failure(let refusal):
                return .failure(Refusal(status: 401, body: Refusal.unknownToken.body, reason: refusal.description))
            case .success(let identity):
                guard identity.covers(board) else { return .failure(.uncoveredBoard) }
                return .success(
                    ConnectionAccess(
                        token: token, role: identity.role, user: identity.user,
                        expiresAt: identity.expiresAt + SignedTokenVerifier.allowedSkew))
            }
        }
        guard let tokens, let grant = tokens.grant(for: token) else { return .failure(.unknownToken) }
        guard grant.covers(board) else { return .failure(.uncoveredBoard) }
        return .success(ConnectionAccess(token: token, role: grant.role, user: grant.user))
    }

    /// The board patterns the request's token covers; nil when it covers every board (a server
    /// without tokens).
    func boardsCovered(_ request: HTTPRequestInfo) -> Result<[BoardPattern]?, Refusal> {
        guard tokens != nil || signedTokens != nil else { return .success(nil) }
        guard let token = Self.presentedToken(request) else { return .failure(.unknownToken) }
        if let signedTokens, SignedTokenVerifier.isSignedToken(token) {
            switch signedTokens.verify(token, now: wallClock()) {
            case .failure(let refusal):
                return .failure(Refusal(status: 401, body: Refusal.unknownToken.body, reason: refusal.description))
            case .success(let identity): return .success(identity.boards)
            }
        }
        guard let grant = tokens?.grant(for: token) else { return .failure(.unknownToken) }
        return .success(grant.boards)
    }

    /// The token check, then the origin and the connection limits of a WebSocket upgrade.
    func admitUpgrade(
        _ request: HTTPRequestInfo, board: BoardName, openConnections: Int
    ) -> Result<ConnectionAccess, Refusal> {
        let authorized = authorize(request, board: board)
        guard case .success = authorized else { return authorized }
        if let refusal = refuseForeignOrigin(request) { return .failure(refusal) }
        guard openConnections < maxConnections else {
            return .failure(Refusal(status: 503, body: "too many connections\n", reason: "connection limit"))
        }
        guard connectionsByPeer[request.peerAddress, default: 0] < maxConnectionsPerPeer else {
            return .failure(
                Refusal(
                    status: 429, body: "too many connections from this address\n", reason: "per-address limit"))
        }
        return authorized
    }

    /// The token check, then the role and the origin of a request that changes `board` (a
    /// `POST` or `DELETE`): viewers and pages of other origins are refused with 403.
    func authorizeWrite(_ request: HTTPRequestInfo, board: BoardName) -> Result<ConnectionAccess, Refusal> {
        let authorized = authorize(request, board: board)
        guard case .success(let access) = authorized else { return authorized }
        guard access.role == .editor else {
            return .failure(
                Refusal(status: 403, body: "the token lets you view this board, not change it\n", reason: "viewer"))
        }
        if let refusal = refuseForeignOrigin(request) { return .failure(refusal) }
        return authorized
    }

    /// 403 for a browser page of an origin that is neither the server's own nor an allowed one.
    func refuseForeignOrigin(_ request: HTTPRequestInfo) -> Refusal? {
        guard origins.allows(request.origin, host: request.host) else {
            return Refusal(status: 403, body: "origin not allowed\n", reason: "origin")
        }
        return nil
    }

    /// nil when `/metrics` may be read: with a metrics token by its bearer from anywhere,
    /// without one by loopback peers only.
    func refuseMetrics(_ request: HTTPRequestInfo) -> Refusal? {
        if let metricsToken {
            let presented = Self.bearerToken(request.authorization) ?? ""
            guard TokensConstantTime.equals(Array(metricsToken.utf8), Array(presented.utf8)) else {
                return Refusal(status: 401, body: "metrics need the metrics token\n", reason: "unauthorized")
            }
            return nil
        }
        guard AccessLoopback.isLoopback(request.peerAddress) else {
            return Refusal(status: 403, body: "metrics are open to loopback peers only\n", reason: "forbidden")
        }
        return nil
    }

    /// Whether a connection admitted with `access` would still be admitted to `board` with the
    /// same role under the current tokens.
    func stillGrants(_ access: ConnectionAccess, board: BoardName) -> Bool {
        guard tokens != nil || signedTokens != nil else { return true }
        guard let token = access.token, case .success(let now) = self.access(token: token, board: board) else {
            return false
        }
        return now.role == access.role && now.user == access.user
    }

    mutating func connectionOpened(peer: String) {
        connectionsByPeer[peer, default: 0] += 1
    }

    mutating func connectionClosed(peer: String) {
        guard let count = connectionsByPeer[peer] else { return }
        connectionsByPeer[peer] = count > 1 ? count - 1 : nil
    }

    /// `Authorization: Bearer` first, then `?token=`.
    static func presentedToken(_ request: HTTPRequestInfo) -> String? {
        bearerToken(request.authorization) ?? request.token
    }

    static func bearerToken(_ header: String?) -> String? {
        guard let header else { return nil }
        let trimmed = header.trimmingCharacters(in: .whitespaces)
        guard trimmed.count > 7, trimmed.prefix(7).lowercased() == "bearer " else { return nil }
        let value = trimmed.dropFirst(7).trimmingCharacters(in: .whitespaces)
        return value.isEmpty ? nil : value
    }
}
