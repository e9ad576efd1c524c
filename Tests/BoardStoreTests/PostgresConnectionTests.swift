import BoardStore
import Foundation
import Testing

/// The libpq wrapper against a real PostgreSQL server: sessions, parameters, rows, errors.
@Suite("PostgreSQL connection")
struct PostgresConnectionTests {
    @Test func connectsWithSynchronousCommitOn() throws {
        let connection = try connectToSharedPostgres()
        #expect(connection.isConnected)
        #expect(connection.backendPID > 0)
        #expect(connection.serverVersion >= 150_000)
        #expect(connection.transactionStatus == .idle)
        #expect(try connection.setting("synchronous_commit") == "on")
        #expect(try connection.execute("SELECT current_user, current_database()")[0].string(1) == "boards")
    }

    @Test func synchronousCommitIsSwitchedOnWhenTheRoleTurnsItOff() throws {
        let admin = try connectToSharedPostgres()
        let role = uniquePostgresName("lax")
        try admin.executeScript("CREATE ROLE \(role) LOGIN; ALTER ROLE \(role) SET synchronous_commit = off")
        defer { _ = try? admin.execute("DROP ROLE \(role)") }

        let connection = try PostgresConnection(url: ThrowawayPostgres.shared().url(user: role))
        let row = try connection.execute(
            "SELECT current_setting('synchronous_commit'), reset_val FROM pg_settings WHERE name = 'synchronous_commit'"
        )[0]
        #expect(try row.string(1) == "off", "the role's own default, which the session started with")
        #expect(try row.string(0) == "on")
        connection.close()
    }

    @Test func theURLsParametersWinOverTheOptions() throws {
        let url = try ThrowawayPostgres.shared().url
        let named = try PostgresConnection(
            url: url, options: PostgresConnectionOptions(applicationName: "from options"))
        #expect(try named.setting("application_name") == "from options")
        let overridden = try PostgresConnection(
            url: url + "?application_name=from%20url", options: PostgresConnectionOptions(applicationName: "ignored"))
        #expect(try overridden.setting("application_name") == "from url")
    }

    @Test func parametersRoundTrip() throws {
        let connection = try connectToSharedPostgres()
        let table = uniquePostgresName("round_trip")
        try connection.execute("CREATE TEMPORARY TABLE \(table) (n bigint, s text, b boolean)")
        let texts = [
            #"it's "quoted", back\slashed"#, "é, 漢字, 🧩, e\u{301}", "", "line\nbreak\ttab", "{\"json\": [1, 2]}",
        ]
        let numbers = [(1 << 53) - 1, -((1 << 53) - 1), Int.max, Int.min, 0]
        for (number, text) in zip(numbers, texts) {
            try connection.execute(
                prepared: "INSERT INTO \(table) (n, s, b) VALUES ($1, $2, $3)", [number, text, true])
        }
        try connection.execute("INSERT INTO \(table) (n, s, b) VALUES ($1, $2, $3)", [Int?.none, String?.none, false])

        let rows = try connection.execute("SELECT n, s, b FROM \(table) ORDER BY n NULLS LAST")
        #expect(rows.count == 6)
        let read = try rows.map { row in (try row.optionalInt(0), try row.optionalString(1), try row.bool(2)) }
        let expected = zip(numbers, texts).sorted { $0.0 < $1.0 }
        for (index, (number, text)) in expected.enumerated() {
            #expect(read[index].0 == number)
            #expect(read[index].1 == text)
            #expect(read[index].2)
        }
        #expect(read[5].0 == nil && read[5].1 == nil && read[5].2 == false)
        #expect(try rows[5].isNull(0))
        #expect(rows.columnIndex(of: "s") == 1)

        let echoed = try connection.execute(
            "SELECT $1::bigint, $2::text, $3::text IS NULL", [Int64(-7), "x", String?.none])
        #expect(try echoed[0].int(0) == -7)
        #expect(try echoed[0].string(1) == "x")
        #expect(try echoed[0].bool(2))
    }

    @Test func arraysSendManyRowsThroughOneStatement() throws {
        let connection = try connectToSharedPostgres()
        let table = uniquePostgresName("arrays")
        try connection.execute("CREATE TEMPORARY TABLE \(table) (n bigint, s text)")
        let texts: [String?] = [#"a "b" \c"#, nil, "{,}", "NULL", "🧩"]
        let insert = try connection.execute(
            prepared: "INSERT INTO \(table) SELECT * FROM unnest($1::bigint[], $2::text[])",
            [Array(1...texts.count), texts])
        #expect(insert.affectedRows == texts.count)
        let rows = try connection.execute("SELECT s FROM \(table) ORDER BY n")
        #expect(try rows.map { try $0.optionalString(0) } == texts)
    }

    @Test func badValuesAreClearErrors() throws {
        let connection = try connectToSharedPostgres()
        #expect(throws: PostgresError.invalidValue("parameter $2 holds a NUL character, which PostgreSQL text cannot"))
        {
            try connection.execute("SELECT $1::text, $2::text", ["fine", "a\u{0}b"])
        }
        let row = try connection.execute("SELECT NULL::bigint AS missing, 'x' AS letter")[0]
        #expect(throws: PostgresError.invalidValue("column 0 (missing) is NULL")) { try row.int(0) }
        #expect(throws: PostgresError.invalidValue("column 1 (letter) holds x, not an integer")) { try row.int(1) }
        #expect(throws: PostgresError.invalidValue("column 2 does not exist: the row has 2")) { try row.string(2) }
        #expect(try connection.execute("SELECT 1")[0].int(0) == 1, "the connection is still usable")
    }

    @Test func invalidSQLIsAServerErrorWithItsSQLState() throws {
        let connection = try connectToSharedPostgres()
        let error = #expect(throws: PostgresError.self) { try connection.execute("SELEKT 1") }
        #expect(error?.sqlState == .syntaxError)
        let missing = #expect(throws: PostgresError.self) { try connection.execute(prepared: "SELECT * FROM nowhere") }
        #expect(missing?.sqlState == .undefinedTable)
        #expect(try connection.execute(prepared: "SELECT 2")[0].int(0) == 2)
    }

    @Test func aUniqueViolationIsReportedAsSuch() throws {
        let connection = try connectToSharedPostgres()
        let table = uniquePostgresName("ops")
        try connection.execute(
            "CREATE TEMPORARY TABLE \(table) (board text, version bigint, PRIMARY KEY (board, version))")
        let insert = "INSERT INTO \(table) (board, version) VALUES ($1, $2)"
        try connection.execute(prepared: insert, ["b", 1])
        let error = #expect(throws: PostgresError.self) { try connection.execute(prepared: insert, ["b", 1]) }
        guard case .uniqueViolation(let details) = error else {
            Issue.record("expected a unique violation, got \(String(describing: error))")
            return
        }
        #expect(details.sqlState == .uniqueViolation)
        #expect(details.constraint == "\(table)_pkey")
        #expect(details.detail == "Key (board, version)=(b, 1) already exists.")

        let skipped = try connection.execute("\(insert) ON CONFLICT DO NOTHING", ["b", 1])
        #expect(skipped.affectedRows == 0)
        #expect(try connection.execute("\(insert) ON CONFLICT DO NOTHING", ["b", 2]).affectedRows == 1)
    }

    @Test func aRolledBackTransactionLeavesNothing() throws {
        struct Abandon: Error {}
        let connection = try connectToSharedPostgres()
        let observer = try connectToSharedPostgres()
        let table = uniquePostgresName("rollback")
        try connection.execute("CREATE TABLE \(table) (n bigint PRIMARY KEY)")
        defer { _ = try? connection.execute("DROP TABLE \(table)") }

        #expect(throws: Abandon.self) {
            try connection.transaction {
                try connection.execute("INSERT INTO \(table) VALUES (1), (2)")
                #expect(try observer.execute("SELECT count(*) FROM \(table)")[0].int(0) == 0)
                throw Abandon()
            }
        }
        #expect(connection.transactionStatus == .idle)
        #expect(throws: PostgresError.misuse("a statement of the transaction failed; it was rolled back")) {
            try connection.transaction {
                try connection.execute("INSERT INTO \(table) VALUES (3)")
                _ = try? connection.execute("INSERT INTO \(table) VALUES (3)")
            }
        }
        #expect(try observer.execute("SELECT count(*) FROM \(table)")[0].int(0) == 0)

        try connection.transaction(.serializable) {
            try connection.execute("INSERT INTO \(table) VALUES (4)")
        }
        #expect(try observer.execute("SELECT n FROM \(table)").map { try $0.int(0) } == [4])
    }

    @Test func transactionsDoNotNest() throws {
        let connection = try connectToSharedPostgres()
        try connection.transaction {
            #expect(throws: PostgresError.misuse("a transaction is already open or the connection is broken")) {
                try connection.transaction {}
            }
        }
        #expect(connection.transactionStatus == .idle)
    }

    @Test func aConcurrentUpdateIsASerializationFailure() throws {
        let first = try connectToSharedPostgres()
        let second = try connectToSharedPostgres()
        let table = uniquePostgresName("heads")
        try first.execute("CREATE TABLE \(table) (board text PRIMARY KEY, head bigint)")
        defer { _ = try? first.execute("DROP TABLE \(table)") }
        try first.execute("INSERT INTO \(table) VALUES ('b', 0)")

        let error = #expect(throws: PostgresError.self) {
            try first.transaction(.repeatableRead) {
                #expect(try first.execute("SELECT head FROM \(table)")[0].int(0) == 0)
                try second.execute("UPDATE \(table) SET head = 1")
                try first.execute("UPDATE \(table) SET head = 2")
            }
        }
        guard case .serializationFailure(let details) = error else {
            Issue.record("expected a serialization failure, got \(String(describing: error))")
            return
        }
        #expect(details.sqlState == .serializationFailure)
        #expect(try first.execute("SELECT head FROM \(table)")[0].int(0) == 1)
    }

    @Test func aStatementTimeoutCancelsTheStatement() throws {
        let connection = try connectToSharedPostgres(PostgresConnectionOptions(statementTimeout: .milliseconds(200)))
        #expect(try connection.setting("statement_timeout") == "200ms")
        let started = ContinuousClock.now
        let error = #expect(throws: PostgresError.self) { try connection.execute("SELECT pg_sleep(30)") }
        #expect(error?.sqlState == .queryCanceled)
        #expect(started.duration(to: .now) < .seconds(10))
        #expect(try connection.execute("SELECT 3")[0].int(0) == 3)
    }

    @Test func aKilledBackendIsALostConnectionThatResetRecovers() throws {
        let connection = try connectToSharedPostgres()
        let admin = try connectToSharedPostgres()
        #expect(try connection.execute(prepared: "SELECT $1::bigint + 1", [1])[0].int(0) == 2)
        let killed = connection.backendPID
        #expect(try admin.execute("SELECT pg_terminate_backend($1)", [killed])[0].bool(0))

        let error = #expect(throws: PostgresError.self) {
            try connection.execute(prepared: "SELECT $1::bigint + 1", [2])
        }
        guard case .connectionLost(let reason) = error else {
            Issue.record("expected a lost connection, got \(String(describing: error))")
            return
        }
        // An idle session reads the server's parting FATAL message only if it reads before it writes.
        let parting = [
            "terminating connection due to administrator command", "server closed the connection unexpectedly",
        ]
        #expect(parting.contains { reason.contains($0) }, "\(reason)")
        #expect(!connection.isConnected)
        #expect(connection.transactionStatus == .unknown)

        try connection.reset()
        #expect(connection.isConnected)
        #expect(connection.backendPID != killed)
        #expect(try connection.execute(prepared: "SELECT $1::bigint + 1", [3])[0].int(0) == 4)
        #expect(try connection.setting("synchronous_commit") == "on")
    }

    @Test func aConnectionLostDuringCommitHasAnUnknownOutcome() throws {
        let connection = try connectToSharedPostgres()
        let admin = try connectToSharedPostgres()
        let table = uniquePostgresName("doomed")
        try admin.executeScript(
            """
            CREATE TABLE \(table) (n bigint);
            CREATE FUNCTION \(table)_end() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN PERFORM pg_terminate_backend(pg_backend_pid()); PERFORM pg_sleep(5); RETURN NULL; END $$;
            CREATE CONSTRAINT TRIGGER \(table)_at_commit AFTER INSERT ON \(table)
                DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION \(table)_end();
            """)
        defer { _ = try? admin.executeScript("DROP TABLE \(table); DROP FUNCTION \(table)_end()") }

        let error = #expect(throws: PostgresError.self) {
            try connection.transaction { try connection.execute("INSERT INTO \(table) VALUES (1)") }
        }
        guard case .commitOutcomeUnknown = error else {
            Issue.record("expected an unknown commit outcome, got \(String(describing: error))")
            return
        }
        #expect(try admin.execute("SELECT count(*) FROM \(table)")[0].int(0) == 0, "this commit did not happen")
    }

    @Test func aPortWithNoServerFailsQuicklyAndClearly() throws {
        let port = try ThrowawayPostgres.freePort(on: ThrowawayPostgres.defaultHost)
        let started = ContinuousClock.now
        let error = #expect(throws: PostgresError.self) {
            try PostgresConnection(url: "postgresql://board@\(ThrowawayPostgres.defaultHost):\(port)/boards")
        }
        #expect(started.duration(to: .now) < .seconds(2))
        guard case .connectFailed(let message) = error else {
            Issue.record("expected a connection failure, got \(String(describing: error))")
            return
        }
        #expect(message.contains("port \(port) failed: Connection refused"), "\(message)")
    }

    @Test func anInvalidURLIsRefused() {
        let error = #expect(throws: PostgresError.self) {
            try PostgresConnection(url: "postgresql://board@[::1/boards")
        }
        guard case .invalidURL(let message) = error else {
            Issue.record("expected an invalid URL, got \(String(describing: error))")
            return
        }
        #expect(!message.isEmpty)
    }

    @Test func aClosedConnectionRefusesCalls() throws {
        let connection = try connectToSharedPostgres()
        connection.close()
        connection.close()
        #expect(!connection.isOpen)
        #expect(throws: PostgresError.misuse("the connection is closed")) { try connection.execute("SELECT 1") }
        #expect(throws: PostgresError.misuse("the connection is closed")) { try connection.reset() }
    }
}
