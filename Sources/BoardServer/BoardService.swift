import BoardStore
import BoardSync
import Foundation
import ServerTransport

/// The board server's shell around the pure core: it takes the events of its sessions and its
/// thread and hands them to its parts, each named for what it does:
/// - `LoadedBoards`: the boards in memory and their sequencers;
/// - `Delivery`: the open connections, and what is sent to them;
/// - `Durability`: the one path from a turn to its commit and the release of its messages, for
///   a store of its own and for one other servers share alike;
/// - `HTTPAccess`: who gets in, and the answers to plain GETs;
/// - `OtherServers`: the other nodes of a cluster (none with a store of its own).
/// It talks to its sessions through `BoardSession` and to its thread through `ServiceHost`, so
/// it runs the same behind the WebSocket transport (board-server's wiring) and in-process in
/// tests.
///
/// Everything runs on the service thread; debug builds check that at every entry point.
package final class BoardService {
    let options: ServerOptions
    let store: any BoardStore
    let log: Log
    /// Monotonic seconds (any origin), the clock of drag timeouts, rate limits, idle boards and
    /// latencies.
    let clock: @Sendable () -> Double
    let thread = ServiceThread()
    let metrics = Metrics()
    let boards: LoadedBoards
    let delivery: Delivery
    let durability: Durability
    let access: HTTPAccess
    let others: any OtherServers
    /// Submits over HTTP received so far (their connection ids follow `firstHTTPAnswerID`).
    var httpAnswersStarted: UInt64 = 0
    /// The service thread's timers and inbox; set before the first event arrives.
    var host: (any ServiceHost)? {
        get { thread.host }
        set { thread.host = newValue }
    }

    /// A service on `store`. `clock` is monotonic seconds, `wallClock` the time of day commit
    /// times are read from. With `cluster`, the store is shared with other servers. When a
    /// commit fails for good, `storageFailed` is called on the service thread: nothing may be
    /// acknowledged any more (board-server exits at once), and the service sends nothing after.
    init(
        options: ServerOptions, store: any BoardStore, log: Log, tokens: AccessTokens? = nil,
        signedTokens: SignedTokenVerifier? = nil,
        clock: @escaping @Sendable () -> Double = { BoardService.now() },
        wallClock: @escaping @Sendable () -> CommitTime = { BoardService.timeOfDay() },
        cluster: ClusterConfiguration? = nil, storageFailed: @escaping (StoreError) -> Void
    ) {
        self.options = options
        self.store = store
        self.log = log
        self.clock = clock
        let target: any CommitTarget =
            cluster.map { SharedStoreCommits(store: $0.store, settleWithin: $0.settleWithin) }
            ?? OwnStoreCommits(store: store)
        let config = SequencerConfig(
            limits: Limits(
                maxItems: options.maxItems, maxSections: options.maxSections, maxTextLength: options.maxLabelLength),
            windowSize: options.retainedOps, dragTimeout: options.dragTimeoutSeconds)
        let thread = thread
        let metrics = metrics
        let boards = LoadedBoards(
            store: store, config: config, snapshotEvery: options.snapshotEvery, replays: target.canLoseRaces, log: log,
            thread: thread)
        let delivery = Delivery(metrics: metrics, log: log, clock: clock)
        let durability = Durability(
            store: store, boards: boards, delivery: delivery, committer: Committer(target: target), metrics: metrics,
            log: log, clock: clock, wallClock: wallClock, thread: thread,
            giveUpAfter: cluster?.giveUpAfter ?? .infinity, rebaseWait: cluster?.rebaseWait ?? 0,
            storageFailed: storageFailed)
        let others: any OtherServers =
            cluster.map {
                ClusterLink(
                    configuration: $0, boards: boards, durability: durability, log: log, clock: clock, thread: thread)
            } ?? NoOtherServers()
        durability.others = others
        self.boards = boards
        self.delivery = delivery
        self.durability = durability
        self.others = others
        access = HTTPAccess(
            options: options, credentials: AccessCredentials(tokens: tokens, signedTokens: signedTokens), store: store,
            boards: boards, delivery: delivery, durability: durability,
            metrics: metrics, log: log, clock: clock, wallClock: wallClock, thread: thread)
        boards.joined = { [unowned others] in others.joined($0) }
        access.trashChanged = { [unowned others] name, deleted in others.trashChanged(name, deleted: deleted) }
        others.trashChangedElsewhere = { [unowned access] name, deleted in access.trashChangedElsewhere(name, deleted) }
        boards.tick = { [unowned self] in tick() }
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

    /// Whether work under way will post something back: a commit, or a read of the store (turns
    /// waiting for a retry wait for a timer).
    var hasWorkUnderWay: Bool { durability.isCommitting || others.isReading }

    /// A WebSocket upgrade: admitted by its path, token, origin and the connection limits.
    package func admit(_ request: HTTPRequestInfo) -> UpgradeDecision<ConnectionAccess> {
        access.admit(request)
    }

    /// A plain HTTP GET.
    package func httpRequest(_ request: HTTPRequestInfo) -> HTTPResponse {
        access.answer(request)
    }

    /// A reloaded tokens file (or the reason it could not be read).
    func tokensReloaded(_ result: Result<AccessTokens, TokensFileError>) {
        access.accessReloaded(tokens: result, key: nil)
    }

    /// A reloaded tokens file and JWT key (or the reasons they could not be read); nil for one
    /// the server does not use.
    func accessReloaded(
        tokens: Result<AccessTokens, TokensFileError>?, key: Result<SignedTokenKey, SignedTokenKeyError>?
    ) {
        access.accessReloaded(tokens: tokens, key: key)
    }

    /// Starts listening to the other servers sharing the store, if any.
    func startClusterChannel() {
        others.start()
    }

    /// Purges the trash of boards deleted more than `--trash-days` ago now, then every
    /// `trashPurgeSeconds` (once the host is set).
    func startTrashPurge() {
        thread.check()
        access.purgeTrash()
        host?.runLater(after: trashPurgeSeconds) { [weak self] in self?.startTrashPurge() }
    }

    /// How often the trash is purged: an hour, or a tenth of `--trash-days` when that is
    /// shorter (at least a tenth of a second), so a board is gone at most that late.
    var trashPurgeSeconds: Double {
        min(3600, max(0.1, options.trashDays * 86_400 / 10))
    }

    /// Tells the other servers sharing the store that this one stops.
    func stopClusterChannel() {
        others.stop()
    }

    /// Creates the demo board if it does not exist yet (nor was just created by another server).
    func createDemoBoardIfMissing() throws {
        thread.check()
        try durability.createDemoBoardIfMissing()
    }

    /// Commits what the last turns left once the loop has stopped.
    func commitRemainingAtExit() {
        thread.check()
        durability.commitRemainingAtExit()
    }

    /// Once a second while boards are loaded: drags time out, overdue submits are given up,
    /// retries start, the other servers hear a beat, and idle boards are unloaded (only once
    /// nothing of theirs can still be on its way to the store).
    private func tick() {
        thread.check()
        let now = clock()
        for loaded in boards.sorted where loaded.sequencer.dragCount > 0 {
            boards.handle(.tick, on: loaded, now: now)
        }
        durability.finishTurn()
        others.tick()
        durability.tick()
        boards.unloadIdle(now: now, idleSeconds: options.idleBoardSeconds) { $0.log.isIdle }
    }
}
