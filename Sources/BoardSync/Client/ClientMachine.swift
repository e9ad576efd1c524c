/// The client side of board sync, as a value: the committed board exactly as the server has it,
/// one submit in flight and a queue of local edits, the drags of others and of this client, and
/// the view a person should see. Every event returns the messages to send and the update batch
/// for the view; the machine itself does no I/O and reads no clock.
public struct ClientMachine: Sendable {
    public let clientID: ClientID
    public let user: String
    public let boardID: BoardName
    public var limits: Limits

    /// The board as the server committed it; nil until the first welcome.
    public internal(set) var committed: BoardState?
    /// The committed board with this client's unacknowledged edits applied.
    public internal(set) var optimistic: BoardState?
    public internal(set) var localDrag: LocalDrag?
    /// Other connections' drags by item id, positions relative to the committed board.
    public internal(set) var remoteDrags: [ItemID: RemoteDrag] = [:]
    /// The other clients on the board: client id to user name.
    public internal(set) var peers: [ClientID: String] = [:]
    public internal(set) var phase: ConnectionPhase = .offline
    public internal(set) var role: Role = .editor
    /// What the person sees: the optimistic board with every drag shown as a placeholder cell.
    public internal(set) var view = BoardView()

    var chain = PendingChain()
    var nextSeq = 1
    var lastSeq = 0
    /// Inverse operations of this client's own edits, newest last, each kept current; an entry
    /// of several ops is undone as one group.
    var undoStack: [[Op]] = []
    /// What undo took away, newest last, for redo; cleared by a new edit.
    var redoStack: [[Op]] = []
    /// Another connection's group whose members are arriving.
    var arriving: ArrivingGroup?
    /// This client's own group's members arriving in a catch-up, before the last one answers
    /// the group in flight.
    var ownGroupMembers: [Op] = []
    /// The item this client dropped most recently, to notice when someone overrides the drop.
    var lastDrop: ItemID?
    /// The items of drops whose moves are pending: the server still holds such a drag until the
    /// move commits (a later `begin` may be refused and leave it held), so a move that comes to
    /// nothing must be followed by a `cancel`.
    var pendingDrops: Set<ItemID> = []
    /// The items of a dropped block whose group is pending: the server holds the block until the
    /// group commits, so a group that comes to nothing must be followed by a `cancel`.
    var droppedBlock: [ItemID]?
    /// Submits sent so far, and that count when the in-flight one was sent, to order submits
    /// against drag begins as the server sees them.
    var submitsSent = 0
    var inFlightSentAt = 0
    /// Drag `begin`s sent on this connection and not answered yet (by their echo or an error),
    /// by item: an error answers the oldest, so it ends the local drag only when it answers the
    /// latest begin.
    var unansweredBegins: [ItemID: Int] = [:]
    /// The items of the block begins among them, oldest first (counted under their first item).
    var unansweredBlocks: [[ItemID]] = []
    /// When the latest drag position was sent, for the rate limit of `over` messages.
    var lastDragSend = -Double.infinity
    /// The items each section's view was made from at the latest refresh, with that view.
    var viewSources: [ViewSource] = []

    public init(clientID: ClientID, user: String, boardID: BoardName, limits: Limits = .default) {
        self.clientID = clientID
        self.user = user
        self.boardID = boardID
        self.limits = limits
    }

    /// How many local edits the server has not acknowledged yet.
    public var pendingCount: Int { chain.count }

    /// Whether there is an edit to undo.
    public var canUndo: Bool { !undoStack.isEmpty }

    /// Whether there is an undone edit to redo.
    public var canRedo: Bool { !redoStack.isEmpty }

    /// The committed version, 0 before the first welcome.
    public var version: Int { committed?.version ?? 0 }
}
