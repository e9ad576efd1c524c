/// The authoritative state of ONE board on the server (protocol section 5), as a value type.
///
/// The server shell feeds it events with `handle(_:now:)` and carries out the returned
/// `SequencerOutput`: it persists the turn's commits, `lastSeq` updates and new ids in one
/// transaction, then sends the messages in order, closes the listed connections and reports
/// `.flushed`. Every connection that had its `welcome` receives committed ops (as `op`, or as
/// `ack` for their author) in strictly increasing version order with no gap.
///
/// Decisions where the protocol is silent:
/// - `in_flight` is checked before the duplicate check: a second submit while the first is
///   unanswered is refused whatever its `seq`.
/// - A duplicate whose original op has left the window (or whose `seq` was never used, or was a
///   no-op) is answered with `duplicate: true`, `noop: true` and the current version.
/// - When a connection is replaced (4409) the drag it held is cancelled with reason `left`,
///   before the new connection's `welcome`; neither connection sees a `presence` message for it.
/// - `over` messages that cannot be placed (unknown ids, base above the version or older than
///   the window, a `from` that does not match, an index out of range, a deleted target section)
///   are dropped without an error; they still count as activity for the drag timeout.
/// - After a commit, a drag whose target section disappeared shows its item at `from` again
///   (as `begin` in a later `welcome`); no message is sent, clients apply the same rule.
/// - Messages from a connection that is unknown, or was closed as replaced, are ignored.
public struct Sequencer: Sendable {
    public internal(set) var state: BoardState
    public let config: SequencerConfig
    var window: OpWindow
    var lastSeqs: [ClientID: Int]
    var connections: [ConnectionID: Connection] = [:]
    /// Connections that had their `welcome`, in the order they joined.
    var joined: [ConnectionID] = []
    /// The connection of each client id that said `hello`.
    var connectionOfClient: [ClientID: ConnectionID] = [:]
    /// Drags in progress by item id, those held on other servers included.
    var drags: [ItemID: DragInProgress] = [:]
    /// Clients connected to this board through other servers, by client id.
    var remotePeers: [ClientID: RemotePeer] = [:]
    /// Connections whose submit was answered in a turn not yet flushed.
    var unflushedAnswers: Set<ConnectionID> = []
    /// The output of the turn being handled.
    var output = SequencerOutput()

    /// A sequencer for a board loaded at `state`, with the most recent committed ops the store
    /// still has (a contiguous run ending at the state's version is used, at most
    /// `config.windowSize` of them) and the highest acknowledged `seq` of each client id.
    public init(
        state: BoardState, recentOps: [SequencedOp] = [], lastSeqs: [ClientID: Int] = [:],
        config: SequencerConfig = .default
    ) {
        self.state = state
        self.config = config
        self.window = OpWindow(ops: recentOps, endVersion: state.version, capacity: config.windowSize)
        self.lastSeqs = lastSeqs
    }

    /// Handles one event at time `now` (seconds, any fixed origin) and says what to do.
    public mutating func handle(_ event: SequencerEvent, now: Double) -> SequencerOutput {
        output = SequencerOutput()
        switch event {
        case .connected(let id, let role):
            if connections[id] == nil { connections[id] = Connection(role: role) }
        case .received(let id, let message):
            guard connections[id] != nil else { break }
            receive(message, from: id, now: now)
        case .undecodable(let id, let refusal):
            guard connections[id] != nil else { break }
            send(.error(.init(refusing: refusal)), to: .connection(id))
        case .disconnected(let id):
            disconnect(id)
        case .tick:
            expireDrags(now: now)
        case .flushed:
            unflushedAnswers.removeAll()
        case .committedElsewhere(let ops):
            commitElsewhere(ops)
        case .remote(let activity):
            receiveRemote(activity)
        case .submittedOverHTTP(let id, let role, let client, let user, let submit):
            guard connections[id] == nil else { break }
            connections[id] = Connection(role: role, identity: Connection.Identity(client: client, user: user))
            self.submit(submit, from: id)
            connections[id] = nil
        }
        let result = output
        output = SequencerOutput()
        return result
    }

    /// The board as it is now.
    public var snapshot: Board { state.board }

    /// The number of committed ops.
    public var version: Int { state.version }

    /// Open connections, whether or not they said `hello`.
    public var connectionCount: Int { connections.count }

    /// Connections that said `hello` and had their `welcome`.
    public var joinedConnectionCount: Int { joined.count }

    /// Joined connections with the given role.
    public func joinedConnectionCount(role: Role) -> Int {
        joined.count { connections[$0]?.role == role }
    }

    /// Drags in progress.
    public var dragCount: Int { drags.count }

    /// The role a connection was opened with; nil for an unknown (or replaced) connection.
    public func role(of connection: ConnectionID) -> Role? { connections[connection]?.role }

    /// The client id a connection gave in its `hello`; nil before it, or for an unknown connection.
    public func client(of connection: ConnectionID) -> ClientID? { connections[connection]?.identity?.client }

    /// The highest acknowledged `seq` of `client` on this board (0 if none).
    public func lastSeq(of client: ClientID) -> Int { lastSeqs[client] ?? 0 }

    /// The oldest `base` (and `since`) the sequencer can still rebase from (catch up from).
    public var oldestRebaseableVersion: Int { window.oldestBase }

    private mutating func receive(_ message: ClientMessage, from id: ConnectionID, now: Double) {
        if case .hello(let hello) = message {
            self.hello(hello, from: id)
            return
        }
        guard connections[id]?.identity != nil else {
            let seq: Int? = if case .submit(let submit) = message { submit.seq } else { nil }
            send(
                .error(.init(code: .badMessage, message: "the first message must be hello", seq: seq)),
                to: .connection(id))
            return
        }
        switch message {
        case .hello: break
        case .submit(let submit): self.submit(submit, from: id)
        case .drag(let drag): self.drag(drag, from: id, now: now)
        }
    }

    /// Appends a message for `recipients`, resolved against the connections joined right now; a
    /// broadcast that reaches nobody is left out.
    mutating func send(_ message: ServerMessage, to recipients: Recipients) {
        let resolved: [ConnectionID]
        switch recipients {
        case .connection(let id): resolved = [id]
        case .allConnections: resolved = joined
        case .allExcept(let id): resolved = joined.filter { $0 != id }
        }
        guard !resolved.isEmpty else { return }
        output.messages.append(Outgoing(message: message, recipients: recipients, connections: resolved))
    }
}

/// A client connected to the board through another server.
struct RemotePeer: Hashable, Sendable {
    var user: String
    var node: String
}

/// What the sequencer knows about one open connection.
struct Connection: Hashable, Sendable {
    var role: Role
    /// Set by `hello`.
    var identity: Identity?
    /// The item this connection is dragging.
    var heldItem: ItemID?

    /// Who is behind a connection.
    struct Identity: Hashable, Sendable {
        var client: ClientID
        var user: String
    }
}
