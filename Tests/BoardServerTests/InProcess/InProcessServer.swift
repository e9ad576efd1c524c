import BoardStore
import BoardSync
import Foundation
import ServerTransport
import TestSupport
import Testing

@testable import BoardServer

/// A `BoardService` run in-process with the options of a `board-server` command line: sessions
/// are `EmbeddedSession`s, time (the monotonic clock and the time of day) moves only by
/// `advance`, commits go through the real committer on its own queue into a real store (in
/// memory unless the test brings one), and the log is kept.
/// Tests that need no socket drive the server through this; the WebSocket transport is tested
/// on its own and, with the server, through `ServerProcess`.
///
/// Requests name their target as a path with an optional query, as `url(board:token:)` makes.
final class InProcessServer {
    let host = EmbeddedHost()
    let store: any BoardStore
    let options: ServerOptions
    private(set) var service: BoardService!
    /// Every storage failure the service reported (board-server would have exited at the first).
    private(set) var storageFailures: [StoreError] = []
    /// Every session opened so far.
    private(set) var sessions: [EmbeddedSession] = []
    private let logLines = Watched<[String]>([])
    private var endedSessions: [EmbeddedSession] = []

    /// Why a command line cannot make a server.
    struct NotServing: Error {}

    /// A server as `board-server ARGUMENTS` would run it, with `tokens` in force; with
    /// `cluster`, one of several sharing its store.
    init(
        arguments: [String] = [], tokens: AccessTokens? = nil, store: (any BoardStore)? = nil,
        cluster: ClusterConfiguration? = nil
    ) throws {
        guard case .serve(let options) = try ServerOptions.parse(arguments) else { throw NotServing() }
        self.options = options
        self.store = cluster?.store ?? store ?? InMemoryBoardStore(retainedOps: options.retainedOps)
        let lines = logLines
        service = BoardService(
            options: options, store: self.store, log: Log(level: .debug) { lines.append($0) }, tokens: tokens,
            clock: host.clock, wallClock: host.wallClock, cluster: cluster
        ) { [unowned self] error in
            storageFailures.append(error)
        }
        service.host = host
    }

    /// Everything the service logged so far.
    var log: String { logLines.value.joined() }

    /// The target of `board`'s WebSocket and snapshot.
    func url(board: String) -> String { "/boards/\(board)" }

    /// The target of `board` with a `?token=`.
    func url(board: String, token: String) -> String { url(board: board) + "?token=" + token }

    /// A request for `target` with `headers` (`Authorization`, `Origin`) from `peer`.
    static func request(_ target: String, headers: [String: String] = [:], peer: String) -> HTTPRequestInfo {
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        var query: [String: String] = [:]
        for pair in parts.dropFirst().first?.split(separator: "&") ?? [] {
            let field = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            query[String(field[0])] = field.count > 1 ? String(field[1]) : ""
        }
        return HTTPRequestInfo(
            method: "GET", path: String(parts[0]), query: query, authorization: headers["Authorization"],
            origin: headers["Origin"], offeredSubprotocols: ["boardsync.v1"], peerAddress: peer,
            ifNoneMatch: headers["If-None-Match"])
    }

    /// A WebSocket upgrade to `target` and its handshake: the open session, or the refusal.
    func open(
        _ target: String, headers: [String: String] = [:], peer: String = "127.0.0.1"
    ) -> Result<EmbeddedSession, Refusal> {
        let request = Self.request(target, headers: headers, peer: peer)
        switch service.admit(request) {
        case .refuse(let status, let body):
            return .failure(Refusal(status: status, body: body))
        case .accept(let access):
            let session = EmbeddedSession(id: UInt64(sessions.count + 1), path: request.path, peerAddress: peer) {
                [unowned self] in endedSessions.append($0)
            }
            sessions.append(session)
            service.sessionOpened(session, access: access)
            run()
            return .success(session)
        }
    }

    /// A refused upgrade.
    struct Refusal: Error, Equatable {
        let status: Int
        let body: String
    }

    /// The HTTP status of an upgrade to `target`: 101 when it opened (the session is closed
    /// again at once), else the refusal's status.
    func upgradeStatus(_ target: String, headers: [String: String] = [:], peer: String = "127.0.0.1") -> Int {
        switch open(target, headers: headers, peer: peer) {
        case .success(let session):
            InProcessClient(server: self, session: session, client: nil, user: "probe").close()
            return 101
        case .failure(let refusal):
            return refusal.status
        }
    }

    /// A protocol client on a new session to `target` (it has not said `hello` yet).
    func client(
        _ target: String, client: ClientID? = nil, user: String = "tester", headers: [String: String] = [:]
    ) throws -> InProcessClient {
        let session = try open(target, headers: headers).get()
        return InProcessClient(server: self, session: session, client: client, user: user)
    }

    /// A protocol client on a new session to `board` (it has not said `hello` yet).
    func client(board: String, client: ClientID? = nil, user: String = "tester") throws -> InProcessClient {
        try self.client(url(board: board), client: client, user: user)
    }

    /// A client on `target` that said `hello` and got its `welcome`.
    func joined(
        _ target: String, client: ClientID? = nil, user: String = "tester", since: Int? = nil
    ) throws -> (InProcessClient, ServerMessage.Welcome) {
        let connection = try self.client(target, client: client, user: user)
        connection.send(.hello(.init(client: connection.client, user: user, since: since)))
        guard case .welcome(let welcome) = try connection.receive() else {
            throw ProtocolClientError.unexpected("no welcome")
        }
        return (connection, welcome)
    }

    /// A client on `board` that said `hello` and got its `welcome`.
    func joined(
        board: String, client: ClientID? = nil, user: String = "tester", since: Int? = nil
    ) throws -> (InProcessClient, ServerMessage.Welcome) {
        try joined(url(board: board), client: client, user: user, since: since)
    }

    /// A plain HTTP GET of `target`.
    func get(
        _ target: String, headers: [String: String] = [:], peer: String = "127.0.0.1"
    ) -> HTTPProbe.Response {
        let response = service.httpRequest(Self.request(target, headers: headers, peer: peer))
        run()
        return HTTPProbe.Response(status: response.status, body: String(decoding: response.body, as: UTF8.self))
    }

    /// The board snapshot `GET /boards/NAME` answers with.
    func snapshot(_ board: String) throws -> Board {
        try WireCodec.decodeBoard(Array(get(url(board: board)).body.utf8))
    }

    /// The metrics as sample name (with labels) to value; every line but comments must be a
    /// sample.
    func metrics() -> [String: Double] {
        let page = MetricsText(get("/metrics").body)
        for line in page.unreadable { Issue.record("not a Prometheus sample line: \(line)") }
        return page.samples
    }

    /// Reloads the tokens, as SIGHUP does.
    func reloadTokens(_ tokens: AccessTokens) {
        service.tokensReloaded(.success(tokens))
        run()
    }

    /// Moves the clock forward, firing the timers that fall due (drag timeouts, the rate
    /// limit's held positions, idle boards).
    func advance(by seconds: Double) {
        host.advance(by: seconds) { settle() }
        run()
    }

    /// Runs what is ready: work the committer posted, and the ends of sessions the service
    /// closed, until nothing is left.
    func run() {
        while true {
            let ran = host.runPosted()
            guard !endedSessions.isEmpty else {
                if !ran { return }
                continue
            }
            let ended = endedSessions
            endedSessions = []
            for session in ended {
                service.sessionClosed(
                    ConnectionID(session.id), reason: .closedByServer(code: session.closeCode ?? 1000))
            }
        }
    }

    /// Whether something the service did may still produce messages: a commit under way.
    var isBusy: Bool { service.hasWorkUnderWay }

    /// Waits (at most `timeout` seconds) for the commits under way to come back and runs what
    /// they release; false when nothing is under way or nothing came in time.
    func awaitCommits(timeout: Double) -> Bool {
        guard isBusy else { return false }
        let ran = host.waitForPosted(timeout: timeout)
        run()
        return ran
    }

    /// Waits until every commit under way is done and its messages are sent.
    func settle(timeout: Double = 10) {
        let deadline = Date(timeIntervalSinceNow: timeout)
        run()
        while isBusy, awaitCommits(timeout: max(0, deadline.timeIntervalSinceNow)) {}
    }
}
