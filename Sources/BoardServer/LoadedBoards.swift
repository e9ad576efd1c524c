import BoardStore
import BoardSync

/// The boards the server holds in memory and their sequencers: loaded from the store, or
/// created in memory, when a connection or request names them; fed their events (each recorded
/// in the board's turn log, `LoadedBoard.handle`); unloaded once idle. While boards are loaded a
/// tick runs once a second (drag timeouts, idle boards, and what the service adds to it).
final class LoadedBoards {
    private let store: any BoardStore
    private let config: SequencerConfig
    private let snapshotEvery: Int
    /// Whether the boards' turn logs keep what working their turns out again needs.
    private let replays: Bool
    private let log: Log
    private let thread: ServiceThread
    /// Called for each board loaded or created.
    var joined: (LoadedBoard) -> Void = { _ in }
    /// What runs once a second while boards are loaded.
    var tick: () -> Void = {}
    private var tickArmed = false
    private(set) var byName: [BoardName: LoadedBoard] = [:]
    /// The boards with a segment open in the turn under way, in the order they first had one.
    private var touched: [LoadedBoard] = []

    init(
        store: any BoardStore, config: SequencerConfig, snapshotEvery: Int, replays: Bool, log: Log,
        thread: ServiceThread
    ) {
        self.store = store
        self.config = config
        self.snapshotEvery = snapshotEvery
        self.replays = replays
        self.log = log
        self.thread = thread
    }

    subscript(name: BoardName) -> LoadedBoard? { byName[name] }

    var count: Int { byName.count }
    var isEmpty: Bool { byName.isEmpty }

    /// The loaded boards in name order.
    var sorted: [LoadedBoard] { byName.keys.sorted().compactMap { byName[$0] } }

    /// Drags in progress on the loaded boards.
    var dragsActive: Int { byName.values.reduce(0) { $0 + $1.sequencer.dragCount } }

    /// The loaded board `name`, loading it from the store, or creating it when `create` is set.
    func board(named name: BoardName, create: Bool) throws -> LoadedBoard? {
        if let loaded = byName[name] { return loaded }
        if let stored = try store.loadBoard(name) {
            let sequencer = try BoardLoader.load(stored, store: store, config: config)
            let loaded = LoadedBoard(name: name, sequencer: sequencer, log: turnLog(of: sequencer, stored: true))
            add(loaded)
            log(.debug, "board loaded", ["board": name.rawValue, "version": String(sequencer.version)])
            return loaded
        }
        guard create else { return nil }
        let sequencer = Sequencer(state: BoardState(board: .initial(id: name)), config: config)
        let loaded = LoadedBoard(name: name, sequencer: sequencer, log: turnLog(of: sequencer, stored: false))
        add(loaded)
        log(.info, "board created", ["board": name.rawValue])
        return loaded
    }

    private func turnLog(of sequencer: Sequencer, stored: Bool) -> TurnLog {
        TurnLog(board: sequencer, snapshotEvery: snapshotEvery, replays: replays, stored: stored)
    }

    private func add(_ loaded: LoadedBoard) {
        byName[loaded.name] = loaded
        joined(loaded)
        armTick()
    }

    /// Hands `event` to the board's sequencer in the turn under way.
    @discardableResult
    func handle(_ event: SequencerEvent, on loaded: LoadedBoard, now: Double) -> SequencerOutput {
        let output = loaded.handle(event, now: now)
        noteTurn(of: loaded)
        if !output.isEmpty { armTick() }
        return output
    }

    /// Records a message the shell answers `connection` with itself in the turn under way.
    func answer(_ message: ServerMessage, to connection: ConnectionID, on loaded: LoadedBoard, now: Double) {
        loaded.answer(message, to: connection, now: now)
        noteTurn(of: loaded)
    }

    private func noteTurn(of loaded: LoadedBoard) {
        guard !loaded.inTurn, loaded.log.open != nil else { return }
        loaded.inTurn = true
        touched.append(loaded)
    }

    /// The boards with a segment open, which the caller ends now.
    func takeTouched() -> [LoadedBoard] {
        defer { touched = [] }
        return touched
    }

    /// Forgets `loaded` (it is unloaded, or no longer follows the store).
    func remove(_ loaded: LoadedBoard) {
        guard byName[loaded.name] === loaded else { return }
        byName[loaded.name] = nil
        loaded.isLoaded = false
    }

    /// Unloads the boards without connections idle for `idleSeconds`, when `settled` says that
    /// nothing of theirs can still be on its way to the store. A board still awaiting creation
    /// then has no connection and nothing pending: no one said hello, so there is nothing to
    /// store and it goes too.
    func unloadIdle(now: Double, idleSeconds: Double, settled: (LoadedBoard) -> Bool) {
        for loaded in byName.values where loaded.connections.isEmpty && settled(loaded) {
            guard let idle = loaded.idleSince, now - idle >= idleSeconds else { continue }
            remove(loaded)
            log(.debug, "board unloaded", ["board": loaded.name.rawValue])
        }
    }

    /// Runs `tick` once a second from now, unless it is armed already.
    func armTick() {
        guard !tickArmed, let host = thread.host else { return }
        tickArmed = true
        host.runLater(after: 1) { [weak self] in
            guard let self else { return }
            tickArmed = false
            tick()
            if !byName.isEmpty { armTick() }
        }
    }
}
