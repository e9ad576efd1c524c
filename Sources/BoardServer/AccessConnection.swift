import BoardSync

/// The token and role a WebSocket connection was admitted with, kept so that a reload of the
/// tokens file or of the JWT key can tell whether the connection is still granted.
package struct ConnectionAccess: Hashable, Sendable {
    /// nil when the server runs without tokens.
    let token: String?
    let role: Role
    /// The name the token binds (a JSON Web Token's `name`, a tokens-file entry's `user`): the
    /// connection's `user` whatever its `hello` says. nil: the `hello` names the user.
    var user: String? = nil
    /// When a JSON Web Token stops granting the connection (seconds since 1970, the allowed clock
    /// skew included); nil for other tokens.
    var expiresAt: Double? = nil

    /// Every connection of a server without tokens.
    static let anonymousEditor = ConnectionAccess(token: nil, role: .editor)
}
