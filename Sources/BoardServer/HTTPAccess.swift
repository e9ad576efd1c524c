import BoardStore
import BoardSync
import ServerTransport

/// Access and HTTP: who gets in, and the answers to plain GETs. An upgrade is admitted by its
/// path, token, origin and the connection limits (`AccessControl`); a tokens file or JWT key
/// reloaded with SIGHUP closes the connections it no longer grants, and an expired JSON Web
/// Token closes its connection; `/healthz`, `/metrics`, the pages
/// (`HTTPAccess+Pages`), the board list (`+BoardList`), a board's durable snapshot, its history
/// and earlier versions (`+History`) and its export (`+Export`) are answered here, reading the store without loading a
/// board but for the snapshot.
final class HTTPAccess {
    var accessControl: AccessControl
    let options: ServerOptions
    let store: any BoardStore
    let boards: LoadedBoards
    let delivery: Delivery
    let durability: Durability
    let metrics: Metrics
    /// The webhook sender's figures, when the server sends webhooks.
    var webhookMetrics: WebhookMetrics?
    let log: Log
    let clock: @Sendable () -> Double
    /// The time of day: when a board is deleted, and how old the trash is.
    let wallClock: @Sendable () -> CommitTime
    let thread: ServiceThread
    /// Called with the board's name when a board went to the trash (`true`) or came back from
    /// it (`false`) here.
    var trashChanged: (BoardName, Bool) -> Void = { _, _ in }
    /// `GET /boards`'s summaries of boards that were not loaded, with the version they are of.
    var boardSummaries: [BoardName: BoardSummary] = [:]

    init(
        options: ServerOptions, credentials: AccessCredentials, store: any BoardStore, boards: LoadedBoards,
        delivery: Delivery, durability: Durability, metrics: Metrics, log: Log,
        clock: @escaping @Sendable () -> Double, wallClock: @escaping @Sendable () -> CommitTime,
        thread: ServiceThread
    ) {
        self.accessControl = AccessControl(
            options: options, tokens: credentials.tokens, signedTokens: credentials.signedTokens)
        self.options = options
        self.store = store
        self.boards = boards
        self.delivery = delivery
        self.durability = durability
        self.metrics = metrics
        self.log = log
        self.clock = clock
        self.wallClock = wallClock
        self.thread = thread
    }

    /// The board name of a `/boards/NAME` path (or of `/boards/NAME` followed by `suffix`), if the
    /// path is one.
    static func boardName(inPath path: String, before suffix: String = "") -> BoardName? {
        let prefix = "/boards/"
        guard path.hasPrefix(prefix), path.hasSuffix(suffix) else { return nil }
        return BoardName(String(path.dropFirst(prefix.count).dropLast(suffix.count)))
    }

    /// A WebSocket upgrade: the path names a board, then the token, origin and limits decide;
    /// an accepted one opens its board with the token and role it was admitted with.
    func admit(_ request: HTTPRequestInfo) -> UpgradeDecision<ConnectionAccess> {
        thread.check()
        guard let board = Self.boardName(inPath: request.path) else {
            return .refuse(status: 404, body: "not found\n")
        }
        switch accessControl.admitUpgrade(request, board: board, openConnections: delivery.connections.count) {
        case .success(let access):
            return .accept(access)
        case .failure(let refusal):
            log(
                .warn, "upgrade refused",
                ["board": board.rawValue, "reason": refusal.reason, "peer": request.peerAddress])
            return .refuse(status: refusal.status, body: refusal.body)
        }
    }

    /// Applies a reloaded tokens file and JWT key: connections whose token no longer grants
    /// their board with the same role and name are closed with 4401. A file that failed to load
    /// keeps what it held before.
    func accessReloaded(
        tokens: Result<AccessTokens, TokensFileError>?, key: Result<SignedTokenKey, SignedTokenKeyError>?
    ) {
        thread.check()
        switch tokens {
        case .failure(let error)?:
            log(.error, "tokens reload failed; keeping the previous tokens", ["error": error.description])
        case .success(let loaded)?:
            accessControl.tokens = loaded
        case nil:
            break
        }
        switch key {
        case .failure(let error)?:
            log(.error, "JWT key reload failed; keeping the previous key", ["error": error.description])
        case .success(let loaded)?:
            accessControl.signedTokens = SignedTokenVerifier(key: loaded, audience: options.jwtAudience)
        case nil:
            break
        }
        if case .failure? = tokens, key == nil { return }
        var closed = 0
        for context in delivery.connections.values
        where !context.revoked && !accessControl.stillGrants(context.access, board: context.board) {
            context.revoked = true
            delivery.close(context, code: 4401, reason: "access revoked")
            closed += 1
        }
        log(
            .info, "tokens reloaded",
            ["grants": String(accessControl.tokens?.grants.count ?? 0), "closed": String(closed)])
    }

    /// Closes the connection with 4401 once its JSON Web Token expires (reason "token expired").
    func armExpiry(of context: ConnectionContext) {
        guard let expiresAt = context.access.expiresAt, let host = thread.host else { return }
        let wait = max(0, expiresAt - accessControl.wallClock())
        host.runLater(after: wait) { [weak self, weak context] in
            guard let self, let context else { return }
            thread.check()
            guard delivery[context.id] === context, !context.revoked else { return }
            context.revoked = true
            delivery.close(context, code: 4401, reason: Self.expiredReason)
            log(.info, "connection token expired", ["board": context.board.rawValue, "conn": context.id.description])
        }
    }

    /// The close reason of a connection whose JSON Web Token expired; the clients tell it from
    /// a withdrawn access by it.
    static let expiredReason = ReconnectPolicy.expiredTokenReason

    /// A plain HTTP request: a delete or a restore (`HTTPAccess+Trash`); or a GET of
    /// `/healthz`, `/metrics`, the pages (`HTTPAccess+Pages`), the board list, a board's durable
    /// snapshot, or its history and earlier versions (`historyRequest`).
    func answer(_ request: HTTPRequestInfo) -> HTTPResponse {
        thread.check()
        if request.method == "POST" || request.method == "DELETE" {
            return trashRequest(request) ?? .methodNotAllowed
        }
        guard request.method == "GET" || request.method == "HEAD" else { return .methodNotAllowed }
        if let page = pageResponse(request) { return page }
        switch request.path {
        case "/healthz":
            return HTTPResponse(status: 200, text: "ok")
        case "/metrics":
            if let refusal = accessControl.refuseMetrics(request) { return refusal.response }
            let gauges = Metrics.Gauges(
                connections: delivery.connections.count, boardsLoaded: boards.count, dragsActive: boards.dragsActive)
            let races = durability.canLoseRaces ? durability.raceMetrics.render() : ""
            let text = metrics.render(gauges) + races + (webhookMetrics?.render() ?? "")
            return HTTPResponse(status: 200, contentType: "text/plain; version=0.0.4; charset=utf-8", text: text)
        default:
            if let response = boardListRequest(request) ?? historyRequest(request) ?? exportRequest(request) {
                return response
            }
            guard let name = Self.boardName(inPath: request.path) else { return .notFound }
            if case .failure(let refusal) = accessControl.authorize(request, board: name) { return refusal.response }
            return answerWithBoard(named: name) { board in
                HTTPResponse(status: 200, contentType: "application/json", body: WireCodec.encodeBoard(board))
            }
        }
    }

    /// `answer` to the durable snapshot of board `name`, loading the board without creating it (it
    /// is unloaded again once idle): 404 when it does not exist, 500 when the store cannot read it
    /// (logged).
    func answerWithBoard(named name: BoardName, _ answer: (Board) -> HTTPResponse) -> HTTPResponse {
        do {
            guard let loaded = try boards.board(named: name, create: false), !loaded.awaitingCreation else {
                return .notFound
            }
            if loaded.connections.isEmpty, loaded.idleSince == nil { loaded.idleSince = clock() }
            boards.armTick()
            return answer(loaded.durableBoard)
        } catch {
            log(.error, "board unavailable", ["board": name.rawValue, "error": String(describing: error)])
            return HTTPResponse(status: 500, text: "board unavailable\n")
        }
    }
}
