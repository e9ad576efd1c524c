import BoardSync
import Foundation
import TestSupport
import Testing

@testable import BoardStore

/// The SQLite outbox as spans of the op log: a commit writes one row per board and URL, the
/// deliveries are made from its ops, and those ops stay in the file, through compaction and
/// the trash, until their deliveries have gone out.
@Suite("SQLite webhook spans")
struct WebhookSpanTests {
    static let url = "http://hooks.example/"
    static let lane = WebhookLane(url: url, board: "team")

    private func rows(_ store: SQLiteBoardStore) throws -> Int? {
        try store.withConnection {
            try $0.database.statement("SELECT count(*) FROM webhook_spans").queryOne { $0.int(0) }
        }
    }

    @Test func aCommitOfManyOpsWritesOneRowWhoseDeliveriesEachHaveTheirOwnID() throws {
        let directory = try TemporaryDirectory(prefix: "webhook-spans")
        let store = try SQLiteBoardStore(path: directory.path("boards.db"), webhookURLs: [Self.url])
        defer { store.close() }
        try store.commit(creation(of: "team"))
        try commitOps(1...40, to: "team", in: store)
        #expect(try rows(store) == 1)
        let pending = try store.pendingWebhookDeliveries(of: Self.lane, limit: 100)
        #expect(pending.map(\.version) == Array(1...40))
        #expect(Set(pending.map(\.id)).count == 40)
        #expect(pending.allSatisfy { $0.id.count == 32 && $0.id.allSatisfy(\.isHexDigit) })
        #expect(try store.pendingWebhookDeliveries(of: Self.lane, limit: 5).map(\.version) == [1, 2, 3, 4, 5])
    }

    @Test func aSpanPartlySentGoesOnFromWhereItStoppedAfterAReopenWithTheSameIDs() throws {
        let directory = try TemporaryDirectory(prefix: "webhook-spans")
        let path = directory.path("boards.db")
        let store = try SQLiteBoardStore(path: path, webhookURLs: [Self.url])
        try store.commit(creation(of: "team"))
        try commitOps(1...4, to: "team", in: store)
        let pending = try store.pendingWebhookDeliveries(of: Self.lane, limit: 10)
        try store.removeWebhookDeliveries(of: Self.lane, through: pending[1].position)
        try store.postponeWebhookDelivery(pending[2], attempts: 3, until: fixtureTime(90))
        store.close()

        let reopened = try SQLiteBoardStore(path: path, webhookURLs: [Self.url])
        defer { reopened.close() }
        let left = try reopened.pendingWebhookDeliveries(of: Self.lane, limit: 10)
        #expect(left.map(\.version) == [3, 4])
        #expect(left.map(\.id) == pending.suffix(2).map(\.id))
        #expect(left.map(\.attempts) == [3, 0])
        #expect(left[0].nextAttempt == fixtureTime(90) && left[1].nextAttempt == fixtureTime(4))
        #expect(try reopened.webhookBacklog(of: [Self.url]).pending == 2)
        try reopened.removeWebhookDeliveries(of: Self.lane, through: left[1].position)
        #expect(try reopened.webhookBacklog(of: [Self.url]).pending == 0)
        #expect(try rows(reopened) == 0)
    }

    @Test func aCompactionKeepsTheOpsOfDeliveriesNotSentAndDropsThemOnceSent() throws {
        let directory = try TemporaryDirectory(prefix: "webhook-spans")
        let store = try SQLiteBoardStore(path: directory.path("boards.db"), retainedOps: 0, webhookURLs: [Self.url])
        defer { store.close() }
        try store.commit(creation(of: "team"))
        try commitOps(1...5, to: "team", in: store)
        var snapshot = CommitBatch()
        snapshot.addSnapshot(Board(id: "team", version: 5, sections: []))
        try store.commit(snapshot)
        #expect(try store.opsAfter("team", version: 0, limit: 10).map(\.version) == Array(1...5))
        let pending = try store.pendingWebhookDeliveries(of: Self.lane, limit: 10)
        #expect(pending.map(\.version) == Array(1...5))

        try store.removeWebhookDeliveries(of: Self.lane, through: pending[4].position)
        try store.commit(snapshot)
        #expect(try store.opsAfter("team", version: 0, limit: 10).isEmpty)
        #expect(try store.pendingWebhookDeliveries(of: Self.lane, limit: 10).isEmpty)
    }

    @Test func aDeletedBoardsDeliveriesStayInItsLaneAndItsPurgeWaitsForThem() throws {
        let directory = try TemporaryDirectory(prefix: "webhook-spans")
        let (store, trashed) = try storeWithTeamInTheTrash(in: directory)
        defer { store.close() }
        try store.commit(creation(of: "team"))
        try store.commit(batch(op(1, user: "bob"), to: "team"))

        let pending = try store.pendingWebhookDeliveries(of: Self.lane, limit: 10)
        #expect(pending.map(\.version) == [1, 2, 1])
        let bodies = try pending.map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.body.utf8)) as? [String: Any])
        }
        #expect(bodies.map { $0["board"] as? String } == ["team", "team", "team"])
        #expect(bodies.map { $0["user"] as? String } == ["ann", "ann", "bob"])
        let later = CommitTime(milliseconds: 2_000_000_000_000)
        #expect(try store.purgeTrash(deletedBefore: later).isEmpty)
        #expect(try store.trashedBoards() == [trashed])

        try store.removeWebhookDeliveries(of: Self.lane, through: pending[1].position)
        #expect(try store.webhookBacklog(of: [Self.url]).pending == 1)
        #expect(try store.purgeTrash(deletedBefore: later) == [trashed])
        #expect(try store.pendingWebhookDeliveries(of: Self.lane, limit: 10).map(\.version) == [1])
    }

    @Test func aRestoredBoardTakesItsUnsentDeliveriesBack() throws {
        let directory = try TemporaryDirectory(prefix: "webhook-spans")
        let (store, trashed) = try storeWithTeamInTheTrash(in: directory)
        defer { store.close() }
        #expect(try store.restoreFromTrash("team", deleted: nil) == .restored(trashed))
        try commitOps(3...3, to: "team", in: store)
        #expect(try store.pendingWebhookDeliveries(of: Self.lane, limit: 10).map(\.version) == [1, 2, 3])
    }

    /// A store announcing to `url` whose board `team`, with ops 1 and 2 committed, was then moved
    /// to the trash.
    private func storeWithTeamInTheTrash(
        in directory: TemporaryDirectory
    ) throws -> (store: SQLiteBoardStore, trashed: TrashedBoard) {
        let store = try SQLiteBoardStore(path: directory.path("boards.db"), webhookURLs: [Self.url])
        try store.commit(creation(of: "team"))
        try commitOps(1...2, to: "team", in: store)
        let trashed = TrashedBoard(id: "team", version: 2, sections: 1, items: 0, deleted: CommitTime(milliseconds: 1))
        #expect(try store.moveToTrash(trashed) == trashed)
        return (store, trashed)
    }
}
