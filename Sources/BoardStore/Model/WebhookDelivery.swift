import BoardSync

/// One delivery of the durable webhook outbox: an op committed alone, or a whole group, of one
/// board, announced to one URL. The store writes it in the transaction that commits the ops,
/// and keeps it until a sender records it delivered or given up.
public struct WebhookDelivery: Sendable, Equatable {
    /// Where the outbox keeps it: deliveries of one lane go out in increasing positions, which
    /// is their boards' version order (0 until it is stored).
    public var position: Int64
    /// The receiver's URL.
    public var url: String
    /// The board of the ops.
    public var board: BoardName
    /// The key of its lane when that is not the board's name (`WebhookLane.source`).
    public var source: String?
    /// The version of the op, or of the group's first member.
    public var version: Int
    /// The delivery's unique id (`X-Board-Delivery`), the same on every attempt.
    public var id: String
    /// The exact JSON body that is signed and sent (`WireCodec.encodeWebhookBody`).
    public var body: String
    /// When the ops were committed: the delivery is due from then on, and given up a retry
    /// window after it.
    public var due: CommitTime
    /// How many attempts failed so far.
    public var attempts: Int
    /// Not to be tried again before this time.
    public var nextAttempt: CommitTime

    public init(
        url: String, board: BoardName, version: Int, id: String, body: String, due: CommitTime, attempts: Int = 0,
        nextAttempt: CommitTime? = nil, position: Int64 = 0, source: String? = nil
    ) {
        self.position = position
        self.source = source
        self.url = url
        self.board = board
        self.version = version
        self.id = id
        self.body = body
        self.due = due
        self.attempts = attempts
        self.nextAttempt = nextAttempt ?? due
    }

    /// The lane the delivery goes out in.
    public var lane: WebhookLane { WebhookLane(url: url, board: board, source: source) }
}

/// A URL and a board: the deliveries of one lane go out one at a time, in version order, and a
/// delivery that fails holds back the later ones of its lane only.
public struct WebhookLane: Sendable, Hashable {
    public var url: String
    public var board: BoardName
    /// Where the store keeps the board's ops when that is not under its name (a SQLite board in
    /// the trash, whose lane goes on beside that of a new board of the same name); nil otherwise.
    public var source: String?

    public init(url: String, board: BoardName, source: String? = nil) {
        self.url = url
        self.board = board
        self.source = source == board.rawValue ? nil : source
    }

    /// The key the board's ops are kept under: `source`, or else the board's name.
    public var key: String { source ?? board.rawValue }
}

/// How much the outbox holds for the configured URLs.
public struct WebhookBacklog: Sendable, Equatable {
    /// Deliveries not yet delivered nor given up.
    public var pending: Int
    /// When the oldest of them was due; nil when none is pending.
    public var oldestDue: CommitTime?

    public init(pending: Int, oldestDue: CommitTime?) {
        self.pending = pending
        self.oldestDue = oldestDue
    }
}
