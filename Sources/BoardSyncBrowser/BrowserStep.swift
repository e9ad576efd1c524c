import BoardSync

/// The session's answer to one input: what the page must do and show. Encoded as one JSON
/// object by `BrowserStep.json` (see docs/BROWSER.md for every field).
public struct BrowserStep: Hashable, Sendable {
    /// Messages to send on the WebSocket, in order.
    public var send: [ClientMessage] = []
    /// What to tell the person, beyond the board changing.
    public var notices: [BrowserNotice] = []
    /// The session lost track of the server's state: close the connection and connect again
    /// (tell the session `disconnected`, then `connected`).
    public var reconnect = false
    /// The update batch from the previous view to `view`; nil when the view did not change.
    public var batch: UpdateBatch?
    /// How to animate `batch`: the core's `AnimationPlan` from the previous view, the batch, the
    /// new view and who caused the change. Present whenever `batch` is.
    public var plan: AnimationPlan?
    /// The new view: for the `state` intent, and whenever `batch` is present in a session that
    /// answers with whole views.
    public var view: BoardView?
    /// What changed in the view: whenever `batch` is present in a session that answers with
    /// changes (`SessionParameters.views`).
    public var changes: ViewChanges?
    /// The session as the page shows it (connection, version, presence, the held item).
    public var status: BrowserStatus
    /// Tell the session `tick` after this many milliseconds: a drag position waits for the rate
    /// limit of `over` messages.
    public var tickAfterMs: Int?
    /// After `disconnected`: connect again after this many milliseconds (backoff with jitter).
    public var reconnectAfterMs: Int?
    /// Why the input was refused; nothing else changed.
    public var error: BrowserInputError?

    public init(status: BrowserStatus) {
        self.status = status
    }
}

/// A `ClientNotice` with its words, as the page shows or announces it.
public struct BrowserNotice: Hashable, Sendable {
    public var notice: ClientNotice
    public var text: String

    public init(notice: ClientNotice, text: String) {
        self.notice = notice
        self.text = text
    }

    /// The notice's kind as the JSON names it.
    public var kind: String {
        switch notice {
        case .remoteAction: "remoteAction"
        case .refused: "refused"
        case .locked: "locked"
        case .dropOverridden: "dropOverridden"
        case .dragLost: "dragLost"
        case .invalidEdit: "invalidEdit"
        case .viewOnly: "viewOnly"
        }
    }

    /// The item the notice is about, when it names one.
    public var item: ItemID? {
        switch notice {
        case .locked(let item, _), .dropOverridden(let item, _), .dragLost(let item, _): item
        default: nil
        }
    }
}

/// Where the session stands, sent with every answer.
public struct BrowserStatus: Hashable, Sendable {
    public var client: ClientID
    public var user: String
    public var board: String
    public var phase: ConnectionPhase
    public var role: Role
    /// The committed version (0 before the first welcome).
    public var version: Int
    /// Local edits the server has not acknowledged yet.
    public var pending: Int
    public var canUndo: Bool
    /// This person's drag: the held item and its placeholder position (index counted without
    /// the item). Nil when nothing is held, also when a drag ended by itself (its item deleted).
    public var drag: LocalDrag?
    /// The other connections on the board, sorted by user name, then client id.
    public var peers: [Peer]
    /// The people on the board as the page names them: this person first, then one entry per
    /// other name (`ClientMachine.people`).
    public var people: [PresentPerson]
    /// The latest remote action in words ("bob moved Mail to Done").
    public var lastRemoteAction: String?

    /// Another connection on the board.
    public struct Peer: Hashable, Sendable {
        public var client: ClientID
        public var user: String

        public init(client: ClientID, user: String) {
            self.client = client
            self.user = user
        }
    }
}
