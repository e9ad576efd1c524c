/// A server's answer to a WebSocket upgrade request. `Context` is what the server keeps for the
/// connection it accepts (for board-server, the token and role it was admitted with): the
/// transport hands it back, typed, when the connection opens.
public enum UpgradeDecision<Context> {
    /// Accept, with the connection's context.
    case accept(Context)
    /// Refuse with an HTTP/1.1 status (400, 401, 403, 404, 429, 503, ...) and a text body.
    case refuse(status: Int, body: String)
}
