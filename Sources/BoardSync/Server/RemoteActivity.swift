/// What the clients of a board's other servers do that this server's connections must see:
/// presence and drags, which never go through the op log. The server shell carries these
/// between servers; the sequencer folds them into its peers and drags (so that welcomes list
/// them and `begin` of an item held elsewhere is `locked`) and tells its connections.
///
/// Drag positions are relative to the drag message's `version`. The shell hands a drag over
/// only once the board has reached that version; the sequencer rebases it to its own.
public enum RemoteActivity: Hashable, Sendable {
    /// `client` said `hello` on server `node`. A connection of the same client id here, or on
    /// a third server, has been replaced (4409): its drag ends with `left` and nobody sees a
    /// `presence` for the move.
    case joined(client: ClientID, user: String, node: String)
    /// `client`'s connection on server `node` is gone (a `left` for a client that has since
    /// said `hello` elsewhere is ignored).
    case left(client: ClientID, node: String)
    /// A `begin`, `over` or `cancel` of a client connected to server `node`.
    case drag(ServerMessage.Drag, node: String)
    /// Everything server `node` has on this board: its clients and their drags. It replaces
    /// what was known of `node`; the differences are told as joins, leaves, begins, positions
    /// and cancels (`left`).
    case state(node: String, peers: [ServerMessage.Peer], drags: [ServerMessage.Drag])
    /// Server `node` is gone: its clients leave and their drags end with `left`.
    case nodeLost(String)
    /// Two servers granted a `begin` of one item at once, and `begin` (of a client on server
    /// `node`) came first in the order every server hears them in: the drag of the item here
    /// ends (everyone sees a `cancel`, its holder is answered `locked`) and that one is told.
    case leaseLost(ServerMessage.Drag, node: String)
}
