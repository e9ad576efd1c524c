import BoardSync

/// What a verified JSON Web Token says (protocol 1.2 section 12): who the person is, the name
/// shown to others, the role and boards it grants, and when it stops being valid.
struct SignedIdentity: Hashable, Sendable {
    /// `sub`.
    let subject: String
    /// `name`, or `sub` when it has none: the connection's `user`.
    let user: String
    let role: Role
    let boards: [BoardPattern]
    /// `exp`, in seconds since 1970.
    let expiresAt: Double

    func covers(_ board: BoardName) -> Bool {
        boards.contains { $0.matches(board) }
    }
}
