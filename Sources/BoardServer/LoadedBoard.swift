import BoardSync

/// A board held in memory by the server: its sequencer, its open connections, and what the
/// server needs to decide when to snapshot or unload it.
final class LoadedBoard {
    let name: String
    var sequencer: Sequencer
    var connections: Set<ConnectionID> = []
    /// Ops committed since the last snapshot was taken.
    var opsSinceSnapshot: Int
    /// Snapshots taken and not yet handed to a commit batch.
    var snapshotsDue: [Board] = []
    /// When the last connection left (service-thread clock), while no connection is open.
    var idleSince: Double?
    /// The board was created in memory and its creation is not durable yet.
    var awaitingCreation: Bool
    /// The board as of its last durable commit: what `GET /boards/NAME` may show while newer
    /// ops are still on their way to the disk.
    var durableSnapshot: Board
    /// The turns not durable yet, for a board whose store other servers share (nil otherwise).
    var log: SpeculativeLog?
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

    init(name: String, sequencer: Sequencer, opsSinceSnapshot: Int, awaitingCreation: Bool) {
        self.name = name
        self.sequencer = sequencer
        self.opsSinceSnapshot = opsSinceSnapshot
        self.awaitingCreation = awaitingCreation
        self.durableSnapshot = sequencer.snapshot
    }

    /// Hands `event` to the sequencer, records it and its output in the speculative log when
    /// there is one, and notes what other servers must hear of it.
    func handle(_ event: SequencerEvent, now: Double) -> SequencerOutput {
        let before = node == nil ? [] : sequencer.localPeers
        let output = sequencer.handle(event, now: now)
        log?.append(.event(event, now: now), result: .sequencer(output), now: now)
        if let node {
            activityOut += LocalActivityChange.of(
                event, before: before, after: sequencer.localPeers, output: output, node: node)
        }
        return output
    }

    /// Counts ops the sequencer just committed and takes a snapshot when `snapshotEvery` have
    /// passed since the last one. Called right after each sequencer event, so snapshots land
    /// exactly every `snapshotEvery` versions (an event commits at most one op): rebuilding any
    /// version from the snapshot below it applies fewer than `snapshotEvery` ops.
    func countCommits(_ count: Int, snapshotEvery: Int) {
        opsSinceSnapshot += count
        guard opsSinceSnapshot >= snapshotEvery else { return }
        snapshotsDue.append(sequencer.snapshot)
        opsSinceSnapshot = 0
    }
}
