import Foundation
import TestSupport
import Testing

@testable import BoardServer

/// The exit statuses of `board-server`'s command line.
@Suite("the command line")
struct CommandLineTests {
    @Test func badFlagExitsTwoWithOneLineAndHelpExitsZero() throws {
        let bad = try ServerProcess.runToExit(["--bad-flag"])
        #expect(bad.status == 2)
        let lines = bad.stderr.split(separator: "\n")
        #expect(lines.count == 1, "stderr: \(bad.stderr)")
        #expect(bad.stderr.contains("--bad-flag"))
        let help = try ServerProcess.runToExit(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("--drag-timeout"))
        let missing = try ServerProcess.runToExit(["--port"])
        #expect(missing.status == 2)
        let invalid = try ServerProcess.runToExit(["--port", "99999"])
        #expect(invalid.status == 2)
    }

    @Test func garbageDataFileExitsOneAndIsLeftUntouched() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "board-garbage-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("boards.sqlite").path
        var generator = SeededGenerator(seed: 42)
        let garbage = Data((0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) })
        try garbage.write(to: URL(fileURLWithPath: path))
        let result = try ServerProcess.runToExit(["--port", "0", "--data", path])
        #expect(result.status == 1, "stdout: \(result.stdout) stderr: \(result.stderr)")
        #expect(result.stderr.contains(path), "the message must name the file: \(result.stderr)")
        #expect(!result.stdout.contains("listening on"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)
        let siblings = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(siblings == ["boards.sqlite"], "files next to the data: \(siblings)")
    }

    @Test func aStoreThatIsNotAPostgreSQLURLExitsTwoAndAnUnreachableOneExitsOne() throws {
        let bad = try ServerProcess.runToExit(["--store", "mysql://db/boards"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("postgresql://"), "stderr: \(bad.stderr)")
        let unreachable = try ServerProcess.runToExit([
            "--port", "0", "--store", "postgresql://board:secret@127.0.0.1:1/boards",
        ])
        #expect(unreachable.status == 1, "stdout: \(unreachable.stdout) stderr: \(unreachable.stderr)")
        #expect(unreachable.stderr.contains("cannot open data"))
        #expect(!unreachable.stdout.contains("listening on"))
    }

    @Test func theLogShowsTheStoreURLWithoutItsPassword() {
        #expect(
            OpenedStore.withoutPassword("postgresql://board:secret@db:5432/boards")
                == "postgresql://board:***@db:5432/boards")
        #expect(OpenedStore.withoutPassword("postgresql://board@db/boards") == "postgresql://board@db/boards")
        #expect(OpenedStore.withoutPassword("postgresql://db/boards") == "postgresql://db/boards")
    }
}
