import BoardSync

/// One entry of the tokens file: a secret, the role it gives and the boards it covers.
public struct TokenGrant: Hashable, Sendable {
    /// The secret's UTF-8 bytes; never logged or printed.
    let secret: [UInt8]
    public let role: Role
    public let boards: [BoardPattern]
    /// The entry's `"user"`: the name every connection with this token has, whatever its `hello`
    /// says; nil lets the `hello` name the user.
    public let user: String?

    public init(secret: String, role: Role, boards: [BoardPattern], user: String? = nil) {
        self.secret = Array(secret.utf8)
        self.role = role
        self.boards = boards
        self.user = user
    }

    public func covers(_ board: BoardName) -> Bool {
        boards.contains { $0.matches(board) }
    }

    /// Secrets are printable ASCII without spaces, as a bearer token or URL parameter carries them.
    public static func isValidSecret(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }
    }
}
