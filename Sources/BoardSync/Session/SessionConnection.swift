/// Where a session stands with its server, as both clients show it.
public enum SessionConnection: Hashable, Sendable {
    /// Before the shell started the session.
    case idle
    /// Waiting for the WebSocket to open or for the welcome.
    case connecting
    case live
    /// The next attempt is due at `until` (clock seconds); `problem` says why the last one
    /// failed, when the shell knew.
    case waiting(until: Double, problem: String?)
    /// No more attempts: the words say why.
    case stopped(String)
}

/// The reconnect policy every client follows: which endings are final and what they are called,
/// and how long to wait before the next attempt.
public enum ReconnectPolicy {
    /// The close code of a connection whose board was deleted (moved to the trash).
    public static let boardDeletedCode = 4410

    /// The close reason of 4401 when the connection's signed token expired (protocol 1.2
    /// section 12); any other 4401 means the access was withdrawn.
    public static let expiredTokenReason = "token expired"

    /// The words for a close code (and its reason) after which trying again cannot help, or nil
    /// when it can.
    @inline(never)
    public static func finalWords(closeCode code: Int, reason: String = "") -> String? {
        switch code {
        // Compared as bytes: String's == would bring Unicode normalization into the page's module.
        case 4401 where reason.utf8.elementsEqual(expiredTokenReason.utf8):
            "Your session expired: open the board again with a new token."
        case 4401: "Your access to this board was withdrawn: the token no longer grants it."
        case 4409: "This board was opened again elsewhere with the same connection, so this one stopped."
        case boardDeletedCode:
            "This board was deleted. It stays in the server's trash for a while, where it can be restored."
        default: nil
        }
    }

    /// The words for an upgrade refused with `status` when trying again cannot help, or nil when
    /// it can (a server that is restarting, an overloaded one). `usesToken`: whether the
    /// connection carries an access token.
    @inline(never)
    public static func finalWords(httpStatus status: Int, board: BoardName, usesToken: Bool) -> String? {
        switch status {
        case 401:
            usesToken
                ? "The access token is not valid on this server. Ask for a new one."
                : "This board needs an access token. Open it with the token you were given."
        case 403: "The access token does not open this board (\(board))."
        case 404: "There is no board called \(board) on this server, and its name cannot be used for one."
        default: nil
        }
    }

    /// The words for a refusal that is worth trying again.
    @inline(never)
    public static func words(httpStatus status: Int) -> String {
        "the server refused the connection (HTTP \(status))"
    }

    /// The delay before attempt `attempt` (1 for the first retry), from `jitter` in 0…1.
    public static func delay(attempt: Int, jitter: Double) -> Double {
        Backoff.delay(attempt: attempt, jitter: jitter)
    }
}
