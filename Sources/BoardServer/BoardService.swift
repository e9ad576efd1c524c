import BoardStore
import BoardSync
import Foundation
import ServerTransport

/// The board server's shell around the pure core: it owns the store and the loaded boards,
/// turns session events into sequencer events, makes every turn's results durable in one
/// transaction and only then sends them (`TurnPipeline` decides the order). It talks to its
/// sessions through `BoardSession` and to its thread through `ServiceHost`, so it runs the same
/// behind the WebSocket transport (`BoardService+WebSocket`) and in-process in tests.
///
/// Everything runs on the service thread; debug builds check that at every entry point.
package final class BoardService {
    let options: ServerOptions
    let store: any BoardStore
    let log: Log
    let config: SequencerConfig
    /// The service thread's timers and inbox; set before the first event arrives.
    weak var host: (any ServiceHost)?
    /// Monotonic seconds (any origin), the clock of drag timeouts, rate limits, idle boards and
    /// latencies.
    let clock: @Sendable () -> Double
    /// The time of day, the clock commit times are read from.
    let wallClock: @Sendable () -> CommitTime
    /// Called on the service thread when a commit failed. Nothing may be acknowledged any more:
    /// `board-server` exits at once. The service sends nothing after it.
    let storageFailed: (StoreError) -> Void

    var boards: [String: LoadedBoard] = [:]
    var connections: [ConnectionID: ConnectionContext] = [:]
    var metrics = Metrics()
    /// Results of the current turn, in the order they happened, waiting for the group commit.
    var turn: [TurnResult] = []
    /// Turns sent for commit, and turns after them, whose messages wait for their commits.
    var pipeline = TurnPipeline<CommittedTurn, CommitBatch>()
    var tickTimerArmed = false
    /// Runs group commits off the service thread.
    let committer: GroupCommitter
    var accessControl: AccessControl
    var serviceThread = ServiceThread()
    /// What a server sharing its store with other servers needs; nil for a store of its own.
    let cluster: ClusterState?
    /// `GET /boards`'s summaries of boards that were not loaded, with the version they are of.
    var boardSummaries: [String: BoardSummary] = [:]

    /// One piece of a turn's work: a sequencer output for a board, or a message the shell itself
    /// answers with (rate limit refusals).
    enum TurnResult: Sendable {
        case sequencer(board: String, SequencerOutput)
        case direct(ConnectionID, ServerMessage)
    }

    /// A turn's results as they wait in the pipeline.
    struct CommittedTurn {
        let results: [TurnResult]
        /// The boards as the turn's commit leaves them, for `GET /boards/NAME`.
        let durable: [String: Board]
    }

    init(
        options: ServerOptions, store: any BoardStore, log: Log, tokens: AccessTokens? = nil,
        clock: @escaping @Sendable () -> Double = { BoardService.now() },
        wallClock: @escaping @Sendable () -> CommitTime = { BoardService.timeOfDay() },
        cluster: ClusterConfiguration? = nil, storageFailed: @escaping (StoreError) -> Void
    ) {
        self.cluster = cluster.map(ClusterState.init)
        self.options = options
        self.committer = GroupCommitter(store: store)
        self.accessControl = AccessControl(options: options, tokens: tokens)
        self.store = store
        self.log = log
        self.clock = clock
        self.wallClock = wallClock
        self.storageFailed = storageFailed
        self.config = SequencerConfig(
            limits: Limits(
                maxItems: options.maxItems, maxSections: options.maxSections, maxTextLength: options.maxLabelLength),
            windowSize: options.retainedOps, dragTimeout: options.dragTimeoutSeconds)
    }

    /// Monotonic seconds: the clock of a service that is not given one, and of commit durations.
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// The time of day: the wall clock of a service that is not given one.
    static func timeOfDay() -> CommitTime {
        CommitTime(milliseconds: Int64((Date().timeIntervalSince1970 * 1000).rounded(.down)))
    }

    /// Creates the demo board if it does not exist yet (nor was just created by another server).
    func createDemoBoardIfMissing() throws {
        serviceThread.check()
        guard try !store.boardExists(DemoBoard.name) else { return }
        let board = DemoBoard.board
        var batch = CommitBatch()
        batch.createBoard(board.id)
        for section in board.sections {
            batch.useID(section.id.rawValue, kind: .section, on: board.id)
            for item in section.items { batch.useID(item.id.rawValue, kind: .item, on: board.id) }
        }
        batch.addSnapshot(board)
        do {
            try store.commit(batch)
        } catch .boardAlreadyExists {
            return  // another server sharing the store created it first
        }
        log(.info, "demo board created", ["board": board.id])
    }

    /// The loaded board `name`, loading it from the store, or creating it when `create` is set.
    func board(named name: String, create: Bool) throws -> LoadedBoard? {
        if let loaded = boards[name] { return loaded }
        if let stored = try store.loadBoard(name) {
            let (sequencer, opsSinceSnapshot) = try BoardLoader.load(stored, store: store, config: config)
            let loaded = LoadedBoard(
                name: name, sequencer: sequencer, opsSinceSnapshot: opsSinceSnapshot, awaitingCreation: false)
            joinCluster(loaded)
            boards[name] = loaded
            boardLoaded(loaded)
            log(.debug, "board loaded", ["board": name, "version": String(sequencer.version)])
            return loaded
        }
        guard create else { return nil }
        let loaded = LoadedBoard(
            name: name, sequencer: Sequencer(state: BoardState(board: .initial(id: name)), config: config),
            opsSinceSnapshot: 0, awaitingCreation: true)
        joinCluster(loaded)
        boards[name] = loaded
        boardLoaded(loaded)
        log(.info, "board created", ["board": name])
        return loaded
    }

    /// A board of a server whose store others share keeps a speculative log, and tells the
    /// others of its clients when there is a channel to them.
    private func joinCluster(_ loaded: LoadedBoard) {
        guard let cluster else { return }
        loaded.log = SpeculativeLog(durable: loaded.sequencer)
        if cluster.configuration.channel != nil {
            loaded.node = cluster.configuration.node
            publish(.want(board: loaded.name))
        }
    }

    var dragsActive: Int { boards.values.reduce(0) { $0 + $1.sequencer.dragCount } }
}
