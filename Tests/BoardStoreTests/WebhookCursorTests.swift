import BoardSync
import Foundation
import TestSupport
import Testing

@testable import BoardStore

/// The SQLite outbox as cursors over the op log: a commit writes nothing for its webhooks (but
/// the cursors of a board it creates), the deliveries are made from the ops, and those ops stay
/// in the file, through compaction and the trash, until they have gone out.
@Suite("SQLite webhook cursors")
struct WebhookCursorTests {
    static let url = "http://hooks.example/"
    static let lane = WebhookLane(url: url, board: "team")

    private func fileRows(_ store: SQLiteBoardStore) throws -> [String] {
        try store.withConnection {
            try $0.database.statement("SELECT url, source, delivered FROM webhook_cursors ORDER BY url, source").query {
                "\($0.string(0)) \($0.string(1)) \($0.int(2))"
            }
        }
    }

    private func json(_ delivery: WebhookDelivery) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(delivery.body.utf8)) as? [String: Any])
    }

    @Test func commitsOfOpsWriteNothingAndEveryDeliveryHasItsOwnID() throws {
        let directory = try TemporaryDirectory(prefix: "webhook-cursors")
        let store = try SQLiteBoardStore(path: directory.path("boards.db"), webhookURLs: [Self.url])
        defer { store.close() }
        try store.commit(creation(of: "team"))
        #expect(try fileRows(store) == ["\(Self.url) team 0"])
        try commitOps(1...40, to: "team", in: store)
        try store.commit(opThenGroupOfThree(on: "other").creating("other"))
        #expect(try fileRows(store) == ["\(Self.url) other 0", "\(Self.url) team 0"])
        let pending = try store.pendingWebhookDeliveries(of: Self.lane, limit: 100)
        #expect(pending.map(\.version) == Array(1...40))
        #expect(Set(pending.map(\.id)).count == 40)
        #expect(pending.allSatisfy { $0.id.count == 32 && $0.id.allSatisfy(\.isHexDigit) })
        #expect(try store.pendingWebhookDeliveries(of: Self.lane, limit: 5).map(\.version) == [1, 2, 3, 4, 5])
        let other = WebhookLane(url: Self.url, board: "other")
        #expect(try store.pendingWebhookDeliveries(of: other, limit: 2).map(\.position) == [1, 4])
        #expect(Set(try store.dueWebhookLanes(of: [Self.url], now: fixtureTime(100))) == [Self.lane, other])
    }

    @Test func deliveriesMadeFromHeldOpsAreThoseMadeFromTheFile() throws {
        let directory = try TemporaryDirectory(prefix: "webhook-cursors")
        let path = directory.path("boards.db")
        let store = try SQLiteBoardStore(path: path, webhookURLs: [Self.url])
        try store.commit(opThenGroupOfThree(on: "team").creating("team"))
        try commitOps(5...7, to: "team", in: store)
        let held = try store.pendingWebhookDeliveries(of: Self.lane, limit: 10)
        let heldBacklog = try store.webhookBacklog(of: [Self.url])
        store.close()
        let reopened = try SQLiteBoardStore(path: path, webhookURLs: [Self.url])
        defer { reopened.close() }
        let read = try reopened.pendingWebhookDeliveries(of: Self.lane, limit: 10)
        #expect(read.map(\.version) == [1, 2, 5, 6, 7])
        #expect(read == held)
        #expect(try reopened.webhookBacklog(of: [Self.url]) == heldBacklog)
        #expect(heldBacklog == WebhookBacklog(pending: 5, oldestDue: fixtureTime(1)))
    }

    @Test func aGroupCutByTheLimitIsReadWhole() throws {
        let directory = try TemporaryDirectory(prefix: "webhook-cursors")
        let store = try SQLiteBoardStore(path: directory.path("boards.db"), webhookURLs: [Self.url])
        defer { store.close() }
        try store.commit(opThenGroupOfThree(on: "team").creating("team"))
        let two = try store.pendingWebhookDeliveries(of: Self.lane, limit: 2)
        #expect(two.map(\.version) == [1, 2])
        #expect((try json(two[1])["ops"] as? [Any])?.count == 3)
        try store.removeWebhookDeliveries(of: Self.lane, through: two[0].position)
        let group = try store.pendingWebhookDeliveries(of: Self.lane, limit: 1)
        #expect(group.map(\.position) == [4])
        #expect((try json(group[0])["ops"] as? [Any])?.count == 3)
    }

    @Test func aURLNewToTheFileAnnouncesOnlyWhatIsCommittedFromThen() throws {
        let directory = try TemporaryDirectory(prefix: "webhook-cursors")
        let path = directory.path("boards.db")
        let plain = try SQLiteBoardStore(path: path)
        try plain.commit(creation(of: "team"))
        try commitOps(1...3, to: "team", in: plain)
        plain.close()
        let store = try SQLiteBoardStore(path: path, webhookURLs: [Self.url])
        defer { store.close() }
        #expect(try store.pendingWebhookDeliveries(of: Self.lane, limit: 10).isEmpty)
        try commitOps(4...4, to: "team", in: store)
        #expect(try store.pendingWebhookDeliveries(of: Self.lane, limit: 10).map(\.version) == [4])
    }

    @Test func aPostponedDeliveryKeepsItsAttemptsAfterTheOnesBeforeItAreDoneAndAcrossAReopen() throws {
        let directory = try TemporaryDirectory(prefix: "webhook-cursors")
        let path = directory.path("boards.db")
        let store = try SQLiteBoardStore(path: path, webhookURLs: [Self.url])
        try store.commit(creation(of: "team"))
        try commitOps(1...4, to: "team", in: store)
        let pending = try store.pendingWebhookDeliveries(of: Self.lane, limit: 10)
        try store.postponeWebhookDelivery(pending[2], attempts: 3, until: fixtureTime(90))
        try store.removeWebhookDeliveries(of: Self.lane, through: pending[1].position)
        #expect(try store.dueWebhookLanes(of: [Self.url], now: fixtureTime(89)).isEmpty)
        #expect(try store.dueWebhookLanes(of: [Self.url], now: fixtureTime(90)) == [Self.lane])
        store.close()

        let reopened = try SQLiteBoardStore(path: path, webhookURLs: [Self.url])
        defer { reopened.close() }
        let left = try reopened.pendingWebhookDeliveries(of: Self.lane, limit: 10)
        #expect(left.map(\.version) == [3, 4])
        #expect(left.map(\.id) == pending.suffix(2).map(\.id))
        #expect(left.map(\.attempts) == [3, 0])
        #expect(left[0].nextAttempt == fixtureTime(90) && left[1].nextAttempt == fixtureTime(4))
        #expect(try reopened.webhookBacklog(of: [Self.url]) == WebhookBacklog(pending: 2, oldestDue: fixtureTime(3)))
        try reopened.removeWebhookDeliveries(of: Self.lane, through: left[0].position)
        #expect(try reopened.pendingWebhookDeliveries(of: Self.lane, limit: 10).map(\.attempts) == [0])
        try reopened.removeWebhookDeliveries(of: Self.lane, through: left[1].position)
        #expect(try reopened.webhookBacklog(of: [Self.url]) == WebhookBacklog(pending: 0, oldestDue: nil))
        #expect(try fileRows(reopened) == ["\(Self.url) team 4"])
    }

    @Test func aCompactionKeepsTheOpsNotSentAndDropsThemOnceSent() throws {
        let directory = try TemporaryDirectory(prefix: "webhook-cursors")
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

    @Test func aDeletedBoardKeepsItsLaneBesideANewBoardOfItsNameAndItsPurgeWaits() throws {
        let directory = try TemporaryDirectory(prefix: "webhook-cursors")
        let (store, trashed) = try storeWithTeamInTheTrash(in: directory)
        defer { store.close() }
        try store.commit(creation(of: "team"))
        try store.commit(batch(op(1, user: "bob"), to: "team"))

        let lanes = try store.dueWebhookLanes(of: [Self.url], now: fixtureTime(100))
        #expect(lanes.count == 2 && lanes.allSatisfy { $0.board == "team" })
        let old = try #require(lanes.first { $0.source != nil })
        #expect(old.source == StoreConnection.trashKey(of: trashed))
        let oldPending = try store.pendingWebhookDeliveries(of: old, limit: 10)
        let newPending = try store.pendingWebhookDeliveries(of: Self.lane, limit: 10)
        #expect(oldPending.map(\.version) == [1, 2] && newPending.map(\.version) == [1])
        #expect(try oldPending.map { try json($0)["user"] as? String } == ["ann", "ann"])
        #expect(try json(newPending[0])["user"] as? String == "bob")
        #expect(try oldPending.map { try json($0)["board"] as? String } == ["team", "team"])
        #expect(Set((oldPending + newPending).map(\.id)).count == 3)

        let later = CommitTime(milliseconds: 2_000_000_000_000)
        #expect(try store.purgeTrash(deletedBefore: later).isEmpty)
        #expect(try store.trashedBoards() == [trashed])
        try store.removeWebhookDeliveries(of: old, through: oldPending[1].position)
        #expect(try store.purgeTrash(deletedBefore: later) == [trashed])
        #expect(try store.dueWebhookLanes(of: [Self.url], now: fixtureTime(100)) == [Self.lane])
    }

    @Test func aRestoredBoardTakesItsLaneBack() throws {
        let directory = try TemporaryDirectory(prefix: "webhook-cursors")
        let (store, trashed) = try storeWithTeamInTheTrash(in: directory)
        defer { store.close() }
        #expect(try store.restoreFromTrash("team", deleted: nil) == .restored(trashed))
        try commitOps(3...3, to: "team", in: store)
        #expect(try store.dueWebhookLanes(of: [Self.url], now: fixtureTime(100)) == [Self.lane])
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

extension CommitBatch {
    /// This batch, creating `board` first.
    fileprivate func creating(_ board: BoardName) -> CommitBatch {
        var batch = creation(of: board)
        batch.append(contentsOf: self)
        return batch
    }
}
