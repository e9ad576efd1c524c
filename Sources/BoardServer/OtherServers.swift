import BoardSync

/// What a server does with the other servers that share its store, where the service's turns
/// and commits meet them: it tells them of its boards, its clients' activity and its commits, and
/// follows theirs. `ClusterLink` for a node of a cluster; a server with a store of its own has
/// none (`NoOtherServers`).
protocol OtherServers: AnyObject {
    /// Whether a read of the store is under way (its result will be posted to the service thread).
    var isReading: Bool { get }
    /// Starts listening to the others (on the service thread, once the host is set).
    func start()
    /// Tells the others this server stops.
    func stop()
    /// A board was loaded or created here.
    func joined(_ loaded: LoadedBoard)
    /// Turns ended: what this server's clients did in them is told to the others.
    func turnsEnded()
    /// A commit stored `board` up to `version`.
    func committed(_ board: BoardName, at version: Int)
    /// A commit was answered, every board it stored told (`committed`): the others hear of it,
    /// and what waited for the boards to reach a version is handed on.
    func commitAnswered()
    /// Once a second.
    func tick()
    /// The board `name` went to the trash (`deleted`) or came back from it here: the others
    /// hear of it.
    func trashChanged(_ name: BoardName, deleted: Bool)
    /// What to do when another server moved a board to the trash (`deleted`) or brought one back.
    var trashChangedElsewhere: (_ name: BoardName, _ deleted: Bool) -> Void { get set }
}

/// The other servers of a server with a store of its own: none, so there is nothing to tell or
/// follow.
final class NoOtherServers: OtherServers {
    var isReading: Bool { false }
    func start() {}
    func stop() {}
    func joined(_ loaded: LoadedBoard) {}
    func turnsEnded() {}
    func committed(_ board: BoardName, at version: Int) {}
    func commitAnswered() {}
    func tick() {}
    func trashChanged(_ name: BoardName, deleted: Bool) {}
    var trashChangedElsewhere: (BoardName, Bool) -> Void = { _, _ in }
}
