import BoardSync

/// A board held in memory by the server: its sequencer, the turns not released yet (`TurnLog`),
/// its open connections, when it became idle, and what the other servers of a cluster must
/// hear of it.
final class LoadedBoard {
    let name: BoardName
    var sequencer: Sequencer
    /// The turns not released yet.
    var log: TurnLog
    var connections: Set<ConnectionID> = []
    /// When the last connection left (service-thread clock), while no connection is open.
    var idleSince: Double?
    /// The board has a segment open in the turn under way (`LoadedBoards.touched`).
    var inTurn = false
    /// The board is on the list of boards whose turns wait for a commit (`Durability`).
    var queuedForCommit = false
    /// The board is held by `LoadedBoards` (false once unloaded or dropped).
    var isLoaded = true
    /// This server's name in its cluster, when the activity of its clients is told to others.
    var node: String?
    /// Activity of this server's clients not yet published to the other servers.
    var activityOut: [RemoteActivity] = []
    /// Drags of other servers' clients at versions this board has not reached yet.
    var remoteAhead: [RemoteActivity] = []
    /// Begins this server granted and published, by item, until it hears them back; and the
    /// first begin of each of those items another server published meanwhile (it came first).
    var beginsAwaitingEcho: [ItemID: ClientID] = [:]
    var contestedBegins: [ItemID: (begin: ServerMessage.Drag, node: String)] = [:]
    /// Begins this server granted while its channel heard nothing, or whose echo it missed, by
    /// item, while their drags go on: where they came among the others' begins is unknown, so
    /// a state of another server listing a drag of the item wins it.
    var beginsUnheard: [ItemID: ClientID] = [:]
    /// Races this board lost in a row since a commit of its ops last went through.
    var racesLostInARow = 0

    init(name: BoardName, sequencer: Sequencer, log: TurnLog) {
        self.name = name
        self.sequencer = sequencer
        self.log = log
    }

    /// The board was created in memory and its creation is not durable yet.
    var awaitingCreation: Bool { !log.isStored }

    /// The board as of its last released turn: what `GET /boards/NAME` may show while newer ops
    /// are still on their way to the store.
    var durableBoard: Board { log.durableBoard }

    /// Hands `event` to the sequencer, records it and its output in the turn log, and notes what
    /// other servers must hear of it.
    @discardableResult
    func handle(_ event: SequencerEvent, now: Double) -> SequencerOutput {
        let before = node == nil ? [] : sequencer.localPeers
        let output = sequencer.handle(event, now: now)
        log.append(.event(event, now: now), result: .sequencer(output), boardAfter: sequencer.snapshot, now: now)
        if let node {
            activityOut += LocalActivityChange.of(
                event, before: before, after: sequencer.localPeers, output: output, node: node)
        }
        return output
    }

    /// Records a message the shell answers with itself in the turn log.
    func answer(_ message: ServerMessage, to connection: ConnectionID, now: Double) {
        log.append(
            .direct(connection, message), result: .direct(connection, message), boardAfter: sequencer.snapshot, now: now
        )
    }

    /// Ends the board's turn under way; returns what can be sent now.
    func endTurn() -> [TurnLog.Result] {
        inTurn = false
        return log.endTurn(board: sequencer.snapshot)
    }
}

/// Loaded boards are equal when they are the same board in memory (a board loaded again is
/// another).
extension LoadedBoard: Equatable {
    static func == (lhs: LoadedBoard, rhs: LoadedBoard) -> Bool { lhs === rhs }
}
