/// Who made a change a client shows: the person using this client, or another connection.
/// Shells colour remote moves with the mover's colour and draw their own in their own style.
public enum Mover: Hashable, Sendable {
    /// The person using this client.
    case local
    /// Another connection and the person behind it.
    case remote(client: ClientID, user: String)

    /// Whether the change came from another connection.
    public var isRemote: Bool {
        if case .remote = self { return true }
        return false
    }
}
