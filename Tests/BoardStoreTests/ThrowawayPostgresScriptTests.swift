import BoardStore
import Foundation
import TestSupport
import Testing

/// `scripts/throwaway-postgres`: idempotent starts, halts that keep data, stale directories,
/// and the directories and addresses it refuses.
@Suite("throwaway PostgreSQL script")
struct ThrowawayPostgresScriptTests {
    @Test func startsAgainStopsTwiceAndRecoversFromAKilledServer() throws {
        let server = try ThrowawayPostgres.start()
        defer { try? server.stop() }
        let directory = server.directory
        let again = try ThrowawayPostgres.run(["start", directory, server.host, String(server.port)])
        #expect(again.status == 0)
        #expect(again.output == server.url + "\n", "starting a running cluster prints its URL")
        let moved = try ThrowawayPostgres.run(["start", directory, server.host, String(server.port + 1)])
        #expect(moved.status == 2)
        #expect(moved.errors.contains("already runs on"), "\(moved.errors)")

        try PostgresConnection(url: server.url).executeScript(
            "CREATE TABLE kept (n bigint); INSERT INTO kept VALUES (7)")
        #expect(try ThrowawayPostgres.run(["halt", directory]).status == 0)
        #expect(throws: PostgresError.self) { try PostgresConnection(url: server.url) }
        let resumed = try ThrowawayPostgres.run(["start", directory])
        #expect(resumed.status == 0)
        #expect(resumed.output == server.url + "\n")
        #expect(try PostgresConnection(url: server.url).execute("SELECT n FROM kept")[0].int(0) == 7)

        let postmaster = try #require(Int32(try postmasterPID(in: directory)))
        kill(postmaster, SIGKILL)
        #expect(waitUntilGone(postmaster, timeout: .seconds(10)))
        let restarted = try ThrowawayPostgres.run(["start", directory])
        #expect(restarted.status == 0, "\(restarted.errors)")
        #expect(try PostgresConnection(url: server.url).execute("SELECT n FROM kept")[0].int(0) == 7)

        try server.stop()
        #expect(!FileManager.default.fileExists(atPath: directory))
        #expect(try ThrowawayPostgres.run(["stop", directory]).status == 0, "stopping twice is harmless")
    }

    @Test func refusesADirectoryItDidNotMake() throws {
        let directory = try TemporaryDirectory()
        let other = directory.path("someone-else.txt")
        try "keep me".write(toFile: other, atomically: true, encoding: .utf8)
        let started = try ThrowawayPostgres.run(["start", directory.url.path, ThrowawayPostgres.defaultHost, "5999"])
        #expect(started.status == 2)
        #expect(started.errors.contains("was not made by this script"), "\(started.errors)")
        let stopped = try ThrowawayPostgres.run(["stop", directory.url.path])
        #expect(stopped.status == 2)
        #expect(try String(contentsOfFile: other, encoding: .utf8) == "keep me")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["someone-else.txt"])
    }

    @Test func refusesAnAddressOffThisMachine() throws {
        let directory = "/tmp/throwaway-postgres-\(UUID().uuidString)"
        let started = try ThrowawayPostgres.run(["start", directory, "10.1.2.3", "5432"])
        #expect(started.status == 2)
        #expect(started.errors.contains("loopback"), "\(started.errors)")
        #expect(!FileManager.default.fileExists(atPath: directory))
    }

    private func postmasterPID(in directory: String) throws -> String {
        let file = try String(contentsOfFile: directory + "/data/postmaster.pid", encoding: .utf8)
        return String(file.prefix { $0 != "\n" })
    }

    /// Waits until process `pid` has exited (gone, or a zombie its new parent has yet to reap).
    private func waitUntilGone(_ pid: Int32, timeout: Duration) -> Bool {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        let gate = NSCondition()
        while ContinuousClock.now < deadline {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
            let state = stat.split(separator: ")").last?.split(separator: " ").first
            if state == "Z" || state == "X" { return true }
            gate.lock()
            _ = gate.wait(until: Date(timeIntervalSinceNow: 0.01))
            gate.unlock()
        }
        return false
    }
}
