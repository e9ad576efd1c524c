import BoardStore
import BoardSync
import Testing

/// What only the PostgreSQL store has to do: share a schema between servers, create and check
/// its schema, and survive its server restarting.
@Suite("PostgreSQL store")
struct PostgreSQLStoreTests {
    private func store(schema: String, retainedOps: Int = 100) throws -> PostgreSQLBoardStore {
        try PostgreSQLBoardStore(url: ThrowawayPostgres.shared().url, schema: schema, retainedOps: retainedOps)
    }

    @Test func twoStoresOnOneSchemaSeeEachOthersCommits() throws {
        let schema = uniquePostgresName("shared")
        let first = try store(schema: schema)
        let second = try store(schema: schema)
        try first.commit(creation(of: "team"))
        try commitOps(1...3, to: "team", in: first)
        #expect(try second.headVersion(of: "team") == 3)
        try commitOps(4...5, to: "team", in: second, client: "c2")
        let loaded = try #require(try first.loadBoard("team"))
        #expect(loaded.ops.map(\.version) == [1, 2, 3, 4, 5])
        #expect(loaded.lastSeqs == ["c1": 3, "c2": 5])
    }

    /// Two servers that both think the board is at version 3 race for version 4: one commits,
    /// the other's whole batch is refused as a lost race and changes nothing.
    @Test func theLoserOfARaceForAVersionGetsAVersionConflict() throws {
        let schema = uniquePostgresName("race")
        let first = try store(schema: schema)
        let second = try store(schema: schema)
        try first.commit(creation(of: "team"))
        try commitOps(1...3, to: "team", in: first)
        var winner = CommitBatch()
        winner.append(op(4, client: "a"), to: "team")
        try first.commit(winner)
        var loser = CommitBatch()
        loser.append(op(4, client: "b", seq: 9), to: "team")
        loser.advanceSeq(of: "b", on: "team", to: 10)
        #expect(storeError { try second.commit(loser) } == .versionConflict(board: "team", expected: 5, found: 4))
        #expect(try second.lastSeq("team", client: "b") == 0)
        #expect(try second.committedOp("team", client: "a", seq: 4) == op(4, client: "a"))
    }

    @Test func serversCreatingTheSameSchemaTogetherAllOpenIt() async throws {
        let schema = uniquePostgresName("together")
        let url = try ThrowawayPostgres.shared().url
        let opened = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<4 {
                group.addTask { try PostgreSQLBoardStore(url: url, schema: schema).schema }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(opened == Array(repeating: schema, count: 4))
    }

    @Test func tablesItDidNotMakeAreRefused() throws {
        let schema = uniquePostgresName("foreign")
        let admin = try connectToSharedPostgres()
        try admin.executeScript("CREATE SCHEMA \(schema); CREATE TABLE \(schema).boards (name text)")
        #expect(
            storeError { _ = try store(schema: schema) }
                == .schemaMismatch(path: "schema \(schema)", found: 0, supported: 4))
    }

    @Test func aNewerSchemaIsRefused() throws {
        let schema = uniquePostgresName("newer")
        _ = try store(schema: schema)
        let admin = try connectToSharedPostgres()
        try admin.execute("UPDATE \(schema).schema_version SET version = 5")
        #expect(
            storeError { _ = try store(schema: schema) }
                == .schemaMismatch(path: "schema \(schema)", found: 5, supported: 4))
    }

    /// A schema with the board "team", then made older by `script`; answers the connection
    /// that ran it.
    private func olderSchema(_ schema: String, _ script: String) throws -> PostgresConnection {
        let first = try store(schema: schema)
        try first.commit(creation(of: "team"))
        first.close()
        let admin = try connectToSharedPostgres()
        try admin.executeScript(script)
        return admin
    }

    @Test func aVersionOneSchemaGetsItsTrash() throws {
        let schema = uniquePostgresName("older")
        let admin = try olderSchema(
            schema,
            """
            DROP TABLE \(schema).trash, \(schema).webhook_outbox, \(schema).webhook_leases;
            ALTER TABLE \(schema).ops DROP COLUMN group_first, DROP COLUMN group_count, DROP COLUMN group_restores;
            UPDATE \(schema).schema_version SET version = 1;
            """)
        let migrated = try store(schema: schema)
        #expect(try migrated.trashedBoards() == [])
        let entry = TrashedBoard(id: "team", version: 0, sections: 0, items: 0, deleted: CommitTime(milliseconds: 5))
        #expect(try migrated.moveToTrash(entry) == entry)
        #expect(try admin.execute("SELECT version FROM \(schema).schema_version")[0].int(0) == 4)
    }

    @Test func aVersionTwoSchemaIsMigratedAndKeepsGroupsFromThen() throws {
        let schema = uniquePostgresName("older")
        let first = try store(schema: schema)
        try first.commit(creation(of: "team"))
        try commitOps(1...2, to: "team", in: first)
        first.close()
        let admin = try connectToSharedPostgres()
        try admin.executeScript(
            """
            ALTER TABLE \(schema).ops DROP COLUMN group_first, DROP COLUMN group_count, DROP COLUMN group_restores;
            DROP TABLE \(schema).webhook_outbox, \(schema).webhook_leases;
            UPDATE \(schema).schema_version SET version = 2;
            """)

        let migrated = try store(schema: schema)
        #expect(try migrated.opsAfter("team", version: 0, limit: 10) == [op(1), op(2)])
        var member = op(3)
        member.group = GroupSpan(first: 3, count: 1, restores: 1)
        try migrated.commit(batch(member, to: "team"))
        #expect(try migrated.opsBefore("team", version: 4, limit: 10) == [member, op(2), op(1)])
        #expect(try admin.execute("SELECT version FROM \(schema).schema_version")[0].int(0) == 4)
    }

    @Test func aVersionThreeSchemaGetsAnEmptyWebhookOutbox() throws {
        let schema = uniquePostgresName("older")
        let admin = try olderSchema(
            schema,
            """
            DROP TABLE \(schema).webhook_outbox, \(schema).webhook_leases;
            UPDATE \(schema).schema_version SET version = 3;
            """)
        let urls = ["http://hooks.example/"]
        let migrated = try PostgreSQLBoardStore(url: ThrowawayPostgres.shared().url, schema: schema, webhookURLs: urls)
        #expect(try migrated.webhookBacklog(of: urls) == WebhookBacklog(pending: 0, oldestDue: nil))
        try commitOps(1...2, to: "team", in: migrated)
        #expect(try migrated.webhookBacklog(of: urls) == WebhookBacklog(pending: 2, oldestDue: fixtureTime(1)))
        #expect(try admin.execute("SELECT version FROM \(schema).schema_version")[0].int(0) == 4)
    }

    @Test func aSchemaNameThatIsNotAPlainIdentifierIsRefused() {
        #expect(
            storeError { _ = try store(schema: "Board; DROP") }
                == .invalidArgument("schema Board; DROP is not a lowercase identifier"))
    }

    /// A restart breaks both connections; the next calls connect again by themselves, and while
    /// the server is down a call fails at once as unreachable.
    @Test func theStoreReconnectsAfterTheServerRestartsAndIsUnreachableWhileItIsDown() throws {
        let cluster = try ThrowawayPostgres.start()
        defer { try? cluster.stop() }
        let store = try PostgreSQLBoardStore(url: cluster.url, schema: "boards_restart")
        try store.commit(creation(of: "team"))
        try commitOps(1...2, to: "team", in: store)

        try cluster.restart(immediate: true)
        try commitOps(3...3, to: "team", in: store)
        #expect(try store.headVersion(of: "team") == 3)

        _ = try ThrowawayPostgres.run(["halt", cluster.directory])
        guard case .unreachable = storeError({ try commitOps(4...4, to: "team", in: store) }) else {
            Issue.record("a commit while the server is down is not unreachable")
            return
        }
        guard case .unreachable = storeError({ _ = try store.headVersion(of: "team") }) else {
            Issue.record("a read while the server is down is not unreachable")
            return
        }
        _ = try ThrowawayPostgres.run(["start", cluster.directory])
        try commitOps(4...4, to: "team", in: store)
        #expect(try store.loadBoard("team")?.ops.map(\.version) == [1, 2, 3, 4])
    }
}
