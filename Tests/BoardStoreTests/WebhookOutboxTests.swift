import BoardSync
import Foundation
import TestSupport
import Testing

@testable import BoardStore

/// The webhook outbox of each store that keeps one: deliveries written by the commit of their
/// ops (one per op committed alone or group, per URL), read lane by lane in version order,
/// postponed, removed, counted, and claimed by one holder at a time.
@Suite("webhook outbox")
struct WebhookOutboxTests {
    /// Makes an empty store whose commits announce their ops to `urls`.
    struct Factory: Sendable, CustomStringConvertible {
        let name: String
        let make: @Sendable ([String], TemporaryDirectory) throws -> any BoardStore & WebhookOutbox
        var description: String { name }
    }

    static let factories = [
        Factory(name: "SQLite") { urls, directory in
            try SQLiteBoardStore(path: directory.path("boards.db"), webhookURLs: urls)
        },
        Factory(name: "PostgreSQL") { urls, _ in
            try PostgreSQLBoardStore(
                url: ThrowawayPostgres.shared().url, schema: uniquePostgresName("outbox"), webhookURLs: urls)
        },
    ]

    static let urls = ["http://a.example/hook", "http://b.example/hook"]

    private func withStore(
        _ factory: Factory, urls: [String] = Self.urls, _ body: (any BoardStore & WebhookOutbox) throws -> Void
    ) throws {
        let directory = try TemporaryDirectory(prefix: "webhook-outbox")
        let store = try factory.make(urls, directory)
        try withExtendedLifetime(directory) { try body(store) }
    }

    private func json(_ delivery: WebhookDelivery) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(delivery.body.utf8)) as? [String: Any])
    }

    @Test(arguments: factories)
    func aCommitWritesOneDeliveryPerOpOrGroupForEveryURL(_ factory: Factory) throws {
        try withStore(factory) { store in
            try store.commit(creation(of: "team"))
            var commit = opThenGroupOfThree(on: "team")
            commit.append(op(5), to: "team")
            try store.commit(commit)

            let lane = WebhookLane(url: Self.urls[1], board: "team")
            let deliveries = try store.pendingWebhookDeliveries(of: lane, limit: 10)
            #expect(deliveries.map(\.version) == [1, 2, 5])
            #expect(deliveries.map(\.due) == [fixtureTime(1), fixtureTime(2), fixtureTime(5)])
            #expect(deliveries.allSatisfy { $0.attempts == 0 && $0.nextAttempt == $0.due })
            let group = try json(deliveries[1])
            #expect(group["board"] as? String == "team")
            #expect(group["version"] as? Int == 2)
            #expect(group["user"] as? String == "ann")
            #expect(group["at"] as? String == fixtureTime(2).rfc3339)
            #expect((group["ops"] as? [Any])?.count == 3)
            #expect(group["group"] as? [String: Int] == ["first": 2, "count": 3])
            #expect(group["op"] == nil)
            let alone = try json(deliveries[0])
            #expect((alone["op"] as? [String: Any])?["kind"] as? String == "update")
            #expect(alone["ops"] == nil && alone["group"] == nil)

            let other = try store.pendingWebhookDeliveries(of: WebhookLane(url: Self.urls[0], board: "team"), limit: 10)
            #expect(other.map(\.body) == deliveries.map(\.body))
            let ids = Set((other + deliveries).map(\.id))
            #expect(ids.count == 6 && ids.allSatisfy { $0.count == 32 })
            #expect(try store.webhookBacklog(of: Self.urls) == WebhookBacklog(pending: 6, oldestDue: fixtureTime(1)))
            #expect(try store.webhookBacklog(of: [Self.urls[0]]).pending == 3)
        }
    }

    @Test(arguments: factories)
    func aRefusedCommitWritesNoDelivery(_ factory: Factory) throws {
        try withStore(factory) { store in
            try store.commit(creation(of: "team"))
            #expect(storeError { try store.commit(batch(op(2), to: "team")) } != nil)
            #expect(try store.webhookBacklog(of: Self.urls) == WebhookBacklog(pending: 0, oldestDue: nil))
        }
    }

    @Test(arguments: factories)
    func aPostponedDeliveryHoldsItsLaneOnlyUntilItsNextAttempt(_ factory: Factory) throws {
        try withStore(factory) { store in
            for board: BoardName in ["left", "right"] {
                try store.commit(creation(of: board))
                try commitOps(1...3, to: board, in: store)
            }
            let now = fixtureTime(100)
            #expect(Set(try store.dueWebhookLanes(of: [Self.urls[0]], now: now)).count == 2)
            let left = WebhookLane(url: Self.urls[0], board: "left")
            let first = try #require(try store.pendingWebhookDeliveries(of: left, limit: 1).first)
            try store.postponeWebhookDelivery(first, attempts: 1, until: fixtureTime(200))
            #expect(
                try store.dueWebhookLanes(of: [Self.urls[0]], now: now) == [
                    WebhookLane(url: Self.urls[0], board: "right")
                ])
            #expect(Set(try store.dueWebhookLanes(of: [Self.urls[0]], now: fixtureTime(200))).count == 2)
            let postponed = try #require(try store.pendingWebhookDeliveries(of: left, limit: 1).first)
            #expect(postponed.attempts == 1 && postponed.nextAttempt == fixtureTime(200) && postponed.id == first.id)

            let pending = try store.pendingWebhookDeliveries(of: left, limit: 10)
            try store.removeWebhookDeliveries(of: left, through: pending[1].position)
            #expect(try store.pendingWebhookDeliveries(of: left, limit: 10).map(\.version) == [3])
            #expect(try store.webhookBacklog(of: [Self.urls[0]]).pending == 4)
            #expect(try store.dueWebhookLanes(of: ["http://elsewhere.example/"], now: now).isEmpty)
        }
    }

    @Test func aLaneHasOneHolderAtATimeUntilItsLeaseLapses() throws {
        let schema = uniquePostgresName("lease")
        let url = try ThrowawayPostgres.shared().url
        let first = try PostgreSQLBoardStore(url: url, schema: schema, webhookURLs: Self.urls)
        let second = try PostgreSQLBoardStore(url: url, schema: schema, webhookURLs: Self.urls)
        let lane = WebhookLane(url: Self.urls[0], board: "team")
        #expect(try first.claimWebhookLane(lane, holder: "one", seconds: 0.3))
        #expect(try !second.claimWebhookLane(lane, holder: "two", seconds: 30))
        #expect(try first.claimWebhookLane(lane, holder: "one", seconds: 0.3))
        #expect(try second.claimWebhookLane(WebhookLane(url: Self.urls[1], board: "team"), holder: "two", seconds: 30))
        let deadline = Date().addingTimeInterval(10)
        var taken = false
        while !taken, Date() < deadline {
            taken = try second.claimWebhookLane(lane, holder: "two", seconds: 30)
        }
        #expect(taken, "the lapsed lease was not taken over")
        #expect(try !first.claimWebhookLane(lane, holder: "one", seconds: 30))
    }
}

/// The SQLite store writes the sender's bookkeeping without an fsync of its own and then
/// commits with `synchronous = FULL` again.
@Suite("SQLite webhook bookkeeping")
struct SQLiteWebhookBookkeepingTests {
    @Test func commitsAfterTheSendersWritesAreFullySynchronousAgain() throws {
        let directory = try TemporaryDirectory(prefix: "webhook-sync")
        let (store, lane) = try storeWithThreeDeliveries(in: directory)
        defer { store.close() }
        let pending = try store.pendingWebhookDeliveries(of: lane, limit: 10)
        try store.postponeWebhookDelivery(pending[1], attempts: 2, until: fixtureTime(50))
        try store.removeWebhookDeliveries(of: lane, through: pending[0].position)
        let synchronous = try store.withConnection {
            try $0.database.statement("PRAGMA synchronous").queryOne { $0.int(0) }
        }
        #expect(synchronous == 2, "FULL is 2")
        #expect(try store.pendingWebhookDeliveries(of: lane, limit: 10).map(\.attempts) == [2, 0])
    }
}

/// The SQLite store's cursors the sender moves: read at once, written to the file by the next
/// commit, or when the backlog is counted, or when the store closes.
@Suite("SQLite webhook removals")
struct SQLiteWebhookRemovalTests {
    private func cursorInFile(_ store: SQLiteBoardStore) throws -> Int? {
        try store.withConnection {
            try $0.database.statement("SELECT delivered FROM webhook_cursors WHERE source = 'team'").queryOne {
                $0.int(0)
            }
        }
    }

    @Test func movedCursorsAreReadAtOnceAndWrittenByTheNextCommit() throws {
        let directory = try TemporaryDirectory(prefix: "webhook-removals")
        let (store, lane) = try storeWithThreeDeliveries(in: directory)
        defer { store.close() }
        let pending = try store.pendingWebhookDeliveries(of: lane, limit: 10)
        try store.removeWebhookDeliveries(of: lane, through: pending[1].position)
        #expect(try store.pendingWebhookDeliveries(of: lane, limit: 10).map(\.version) == [3])
        #expect(try cursorInFile(store) == 0)
        try commitOps(4...4, to: "team", in: store)
        #expect(try cursorInFile(store) == 2)
        #expect(try store.pendingWebhookDeliveries(of: lane, limit: 10).map(\.version) == [3, 4])
        try store.removeWebhookDeliveries(of: lane, through: pending[2].position)
        #expect(try store.webhookBacklog(of: [lane.url]).pending == 1)
        #expect(try cursorInFile(store) == 3)
    }

    @Test func closingTheStoreWritesTheMovedCursors() throws {
        let directory = try TemporaryDirectory(prefix: "webhook-removals")
        let (store, lane) = try storeWithThreeDeliveries(in: directory)
        let first = try #require(try store.pendingWebhookDeliveries(of: lane, limit: 1).first)
        try store.removeWebhookDeliveries(of: lane, through: first.position)
        store.close()
        let reopened = try SQLiteBoardStore(path: directory.path("boards.db"), webhookURLs: [lane.url])
        defer { reopened.close() }
        #expect(try cursorInFile(reopened) == 1)
        #expect(try reopened.pendingWebhookDeliveries(of: lane, limit: 10).map(\.version) == [2, 3])
    }
}

/// A SQLite store announcing its ops to one URL, with ops 1 to 3 of board `team` committed one
/// by one: three deliveries pending in the lane it answers.
private func storeWithThreeDeliveries(
    in directory: TemporaryDirectory
) throws -> (store: SQLiteBoardStore, lane: WebhookLane) {
    let url = "http://hooks.example/"
    let store = try SQLiteBoardStore(path: directory.path("boards.db"), webhookURLs: [url])
    try store.commit(creation(of: "team"))
    for version in 1...3 { try commitOps(version...version, to: "team", in: store) }
    return (store, WebhookLane(url: url, board: "team"))
}
