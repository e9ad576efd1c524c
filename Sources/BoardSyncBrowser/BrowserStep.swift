import BoardSync

/// The session's answer to one input, as the page reads it: the core's `SessionStep` with the
/// new view and the status. Encoded as one JSON object by `BrowserStep.json` (see
/// docs/BROWSER.md for every field). A class, not a struct: a step is made once per call and
/// only read after, and as a struct this large it cost the WebAssembly module routines to copy
/// and destroy it whole (about 6 KB); as a class a copy is a retain.
public final class BrowserStep {
    /// What the session asks the page to do and show.
    public var session: SessionStep
    /// The new view: for the `state` intent, and whenever the step has a batch in a session that
    /// answers with whole views.
    public var view: BoardView?
    /// What changed in the view: whenever the step has a batch in a session that answers with
    /// changes (`SessionParameters.views`).
    public var changes: ViewChanges?
    /// The session as the page shows it (connection, version, presence, the held item).
    public var status: BrowserStatus
    /// Why the input was refused; nothing else changed.
    public var error: BrowserInputError?
    /// How a typed text stands (the `checkText` question).
    public var textCheck: TextCheck?
    /// A question to ask the person in words (the `deleteSectionQuestion` and `restoreQuestion`
    /// questions).
    public var question: String?
    /// Whether a restore may follow the `restoreQuestion` question (nil for other answers).
    public var restorable: Bool?
    /// A page of history in words (the `historyWords` question), newest first.
    public var history: [HistoryLine]?

    /// A step with the session's answer in it from the start: set afterwards, the empty answer
    /// it replaces would be destroyed first, which costs the WebAssembly module a routine.
    public init(status: BrowserStatus, session: SessionStep = SessionStep()) {
        self.session = session
        self.status = status
    }

    public var send: [ClientMessage] { session.send }
    public var notices: [SessionNotice] { session.notices }
    public var batch: UpdateBatch? { session.batch }
    public var plan: AnimationPlan? { session.plan }

    /// Milliseconds before the page hands the session `tick`.
    public var tickAfterMs: Int? { session.tickAfter.map(Self.milliseconds) }

    /// Milliseconds before the page opens a connection.
    public var connectAfterMs: Int? { session.connectAfter.map(Self.milliseconds) }

    /// Milliseconds within which the page keeps the session (0: before sending `send`).
    public var saveAfterMs: Int? { session.saveAfter.map(Self.milliseconds) }

    /// Seconds as whole milliseconds, rounded up so that a timer never fires early.
    static func milliseconds(_ seconds: Double) -> Int {
        let whole = Int(seconds * 1000)
        return Double(whole) < seconds * 1000 ? whole + 1 : whole
    }
}

/// Where the session stands, sent with every answer. A class for the reason `BrowserStep` is
/// one: made once per answer and then only read, it is passed on without copying its fields
/// (1,236 bytes less in the WebAssembly module).
public final class BrowserStatus: Equatable {
    public var client: ClientID
    public var user: String
    public var board: BoardName
    public var phase: ConnectionPhase
    public var connection: SessionConnection
    public var role: Role
    /// The committed version (0 before the first welcome).
    public var version: Int
    /// Local edits the server has not acknowledged yet.
    public var pending: Int
    public var canUndo: Bool
    public var canRedo: Bool
    /// This person's drag: the held item and its placeholder position (index counted without
    /// the item). Nil when nothing is held, also when a drag ended by itself (its item deleted).
    public var drag: LocalDrag?
    /// The other connections on the board, sorted by user name, then client id.
    public var peers: [ServerMessage.Peer]
    /// The people on the board as the page names them: this person first, then one entry per
    /// other name (`ClientMachine.people`).
    public var people: [PresentPerson]
    /// The latest remote action in words ("bob moved Mail to Done").
    public var lastRemoteAction: String?
    /// The latest sentence the session said, of anyone's change.
    public var announcement: String?
    /// The tiles the person marked, in the order they marked them.
    public var selection: [ItemID]

    /// The status of `session`.
    public init(_ session: borrowing ClientSession) {
        client = session.machine.clientID
        user = session.machine.user
        board = session.machine.boardID
        phase = session.machine.phase
        connection = session.connection
        role = session.machine.role
        version = session.machine.version
        pending = session.machine.pendingCount
        canUndo = session.machine.canUndo
        canRedo = session.machine.canRedo
        drag = session.machine.localDrag
        peers = session.machine.peers.map { ServerMessage.Peer(client: $0.key, user: $0.value) }
            .stablySorted { $0.user != $1.user ? $0.user < $1.user : $0.client < $1.client }
        people = session.machine.people
        lastRemoteAction = session.lastRemoteAction
        announcement = session.lastAnnouncement
        selection = session.selection.marked
    }
}

extension BrowserStatus {
    /// Two statuses are equal when every field is.
    public static func == (lhs: BrowserStatus, rhs: BrowserStatus) -> Bool {
        lhs.client == rhs.client && lhs.user == rhs.user && lhs.board == rhs.board && lhs.phase == rhs.phase
            && lhs.connection == rhs.connection && lhs.role == rhs.role && lhs.version == rhs.version
            && lhs.pending == rhs.pending && lhs.canUndo == rhs.canUndo && lhs.canRedo == rhs.canRedo
            && lhs.drag == rhs.drag && lhs.peers == rhs.peers && lhs.people == rhs.people
            && lhs.lastRemoteAction == rhs.lastRemoteAction && lhs.announcement == rhs.announcement
            && lhs.selection == rhs.selection
    }
}

/// One change of a history page as the page lists it (a group of ops is one change): its
/// versions, who made it, when, and the words the clients use for it.
public struct HistoryLine: Hashable, Sendable {
    /// The version of its first op; below `version` for a group of several.
    public var first: Int
    /// The version it left the board at.
    public var version: Int
    public var user: String
    /// The commit time as RFC 3339 in UTC, as the server gave it.
    public var at: String
    public var text: String
}
