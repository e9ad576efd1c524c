/// Something the person using a client should be told, beyond the board itself changing.
public enum ClientNotice: Hashable, Sendable {
    /// Another person's committed operation, described in words ("bob moved Mail to Done").
    case remoteAction(String)
    /// The server refused one of this client's operations; it was rolled back.
    case refused(code: ErrorCode, message: String)
    /// The item this client tried to pick up is held by someone else.
    case locked(item: ItemID, message: String)
    /// Someone else moved or deleted an item right after this client dropped it.
    case dropOverridden(item: ItemID, by: String)
    /// The item this client was dragging was deleted by someone else.
    case dragLost(item: ItemID, by: String?)
    /// A local edit was not made because it is invalid on the current board.
    case invalidEdit(OpError)
    /// The connection's role does not allow editing.
    case viewOnly
}
