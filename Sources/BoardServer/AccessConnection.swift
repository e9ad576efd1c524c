import BoardSync

/// The token and role a WebSocket connection was admitted with, kept so that a reload of the
/// tokens file can tell whether the connection is still granted.
package struct ConnectionAccess: Hashable, Sendable {
    /// nil when the server runs without tokens.
    let token: String?
    let role: Role

    /// Every connection of a server without tokens.
    static let anonymousEditor = ConnectionAccess(token: nil, role: .editor)
}
