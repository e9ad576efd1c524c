/// The handler's answer to a WebSocket upgrade request.
public enum UpgradeDecision {
    /// Accept; `userData` is attached to the new `ServerConnection`.
    case accept(userData: Any? = nil)
    /// Refuse with an HTTP/1.1 status (400, 401, 403, 404, 429, 503, ...) and a text body.
    case refuse(status: Int, body: String)
}
