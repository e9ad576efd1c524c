/// What one turn of a `Sequencer` asks the server shell to do. The shell persists `commits`,
/// `lastSeqUpdates` and `newIDs` in ONE transaction, and only after it reached the disk sends
/// `messages` in order, then closes `closes`; finally it reports `.flushed`.
public struct SequencerOutput: Hashable, Sendable {
    /// Messages to send, in this order.
    public var messages: [Outgoing]
    /// Ops committed this turn, in version order.
    public var commits: [SequencedOp]
    /// New `lastSeq` values, one per client at most (the latest of the turn). Commits and
    /// no-op acks both advance `lastSeq`.
    public var lastSeqUpdates: [LastSeqUpdate]
    /// Ids that committed ops used for the first time; the store keeps them so that they are
    /// never accepted again, even after their element is deleted.
    public var newIDs: [UsedID]
    /// Connections to close, after their messages were sent.
    public var closes: [ConnectionClose]

    public init(
        messages: [Outgoing] = [], commits: [SequencedOp] = [], lastSeqUpdates: [LastSeqUpdate] = [],
        newIDs: [UsedID] = [], closes: [ConnectionClose] = []
    ) {
        self.messages = messages
        self.commits = commits
        self.lastSeqUpdates = lastSeqUpdates
        self.newIDs = newIDs
        self.closes = closes
    }

    /// Whether the turn changed nothing durable (no transaction needed).
    public var needsPersisting: Bool { !commits.isEmpty || !lastSeqUpdates.isEmpty || !newIDs.isEmpty }

    /// Whether the turn asks for nothing at all: nothing to send, store or close.
    public var isEmpty: Bool { messages.isEmpty && !needsPersisting && closes.isEmpty }

    /// The messages that `connection` receives, in order.
    public func messages(to connection: ConnectionID) -> [ServerMessage] {
        messages.filter { $0.connections.contains(connection) }.map { $0.message }
    }

    mutating func setLastSeq(_ seq: Int, client: ClientID) {
        if let index = lastSeqUpdates.firstIndex(where: { $0.client == client }) {
            lastSeqUpdates[index].seq = seq
        } else {
            lastSeqUpdates.append(LastSeqUpdate(client: client, seq: seq))
        }
    }
}

/// One message and who receives it. `recipients` says it in words; `connections` lists them,
/// resolved when the message was produced: only connections that had their `welcome` receive
/// broadcasts. The shell encodes the message once and sends it to each of `connections`.
public struct Outgoing: Hashable, Sendable {
    public var message: ServerMessage
    public var recipients: Recipients
    public var connections: [ConnectionID]

    public init(message: ServerMessage, recipients: Recipients, connections: [ConnectionID]) {
        self.message = message
        self.recipients = recipients
        self.connections = connections
    }
}

/// Who a message is for.
public enum Recipients: Hashable, Sendable {
    /// One connection (answers: `welcome`, `ack`, `error`).
    case connection(ConnectionID)
    /// Every connection of the board that had its `welcome`.
    case allConnections
    /// Every connection of the board that had its `welcome`, except one (`op` for the others
    /// than its author, `presence`).
    case allExcept(ConnectionID)
}

/// The highest acknowledged `seq` of a client id on this board.
public struct LastSeqUpdate: Hashable, Sendable {
    public var client: ClientID
    public var seq: Int

    public init(client: ClientID, seq: Int) {
        self.client = client
        self.seq = seq
    }
}

/// An id first used by a committed op, with its kind.
public struct UsedID: Hashable, Sendable {
    public var id: String
    public var kind: IDKind

    public init(id: String, kind: IDKind) {
        self.id = id
        self.kind = kind
    }
}

/// A connection the shell must close, and the WebSocket close code to use.
public struct ConnectionClose: Hashable, Sendable {
    public var connection: ConnectionID
    public var reason: CloseReason

    public init(connection: ConnectionID, reason: CloseReason) {
        self.connection = connection
        self.reason = reason
    }

    /// Why the sequencer closes a connection.
    public enum CloseReason: Hashable, Sendable {
        /// Another connection said `hello` with the same client id (code 4409).
        case replaced

        /// The WebSocket close code.
        public var code: UInt16 {
            switch self {
            case .replaced: 4409
            }
        }
    }
}
