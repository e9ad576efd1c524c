import Foundation
import TestSupport
import Testing

/// `board-server` failing to start, as a person running it sees it: the exit status and the
/// exact first line on standard error, nothing claiming it listens, no libwebsockets lines, and
/// no Swift debug forms; a table of start-up errors and their words.
@Suite("start-up failures")
struct StartupFailureTests {
    func lines(_ text: String) -> [String] { text.split(separator: "\n").map(String.init) }

    func expectPlainWords(_ run: ProcessRun, _ what: String) {
        let found = DebugForms.found(in: run.stderr + "\n" + run.stdout)
        #expect(found.isEmpty, "\(what): \(found)")
        #expect(!run.stderr.contains("] E: ") && !run.stderr.contains("] N: "), "\(what) shows libwebsockets' log")
    }

    @Test func anAddressThisMachineDoesNotHaveExitsOneAndSaysSo() throws {
        let data = try TemporaryDirectory(prefix: "board-address")
        let run = try ServerProcess.runToExit([
            "--host", "10.255.255.1", "--port", "18083", "--allow-anonymous", "--data", data.path("boards.sqlite"),
        ])
        #expect(run.status == 1)
        #expect(lines(run.stderr).first == "board-server: cannot listen on 10.255.255.1:18083: address not available")
        #expect(run.stdout.isEmpty, "it printed \(run.stdout)")
        #expect(!run.stderr.contains("listening") && !run.stderr.contains("server started"))
        expectPlainWords(run, "an address not on this machine")
    }

    @Test func aBusyPortExitsOneAndSaysSoOnce() throws {
        let first = try ServerProcess()
        defer { first.finish() }
        let data = try TemporaryDirectory(prefix: "board-busy")
        let run = try ServerProcess.runToExit(["--port", "\(first.port)", "--data", data.path("boards.sqlite")])
        #expect(run.status == 1)
        #expect(
            lines(run.stderr).first
                == "board-server: cannot listen on 127.0.0.1:\(first.port): port \(first.port) is already in use")
        #expect(lines(run.stderr).count == 2, "stderr: \(run.stderr)")
        #expect(lines(run.stderr).filter { $0.contains("already in use") }.count == 1)
        #expect(run.stdout.isEmpty)
        expectPlainWords(run, "a busy port")
    }

    @Test func dataUnderAMissingDirectoryIsAnErrorUnlessCreateDirsOrTheDefault() throws {
        let scratch = try TemporaryDirectory(prefix: "board-dirs")
        let missing = scratch.path("missing/deeper")
        let refused = try ServerProcess.runToExit(["--port", "0", "--data", missing + "/boards.sqlite"])
        #expect(refused.status == 1)
        #expect(
            refused.stderr
                == "board-server: cannot open data: the directory \(missing) does not exist; create it, or add --create-dirs\n"
        )
        #expect(!FileManager.default.fileExists(atPath: missing), "nothing is created")
        expectPlainWords(refused, "a missing directory")

        let created = try ServerProcess(arguments: ["--data", missing + "/boards.sqlite", "--create-dirs"])
        #expect(FileManager.default.fileExists(atPath: missing + "/boards.sqlite"))
        created.finish()

        // The default data directory is created without asking; a busy port then ends the run.
        let busy = try ServerProcess()
        defer { busy.finish() }
        let cwd = try TemporaryDirectory(prefix: "board-default")
        let defaulted = try ServerProcess.runToExit(["--port", "\(busy.port)"], directory: cwd.url.path)
        #expect(defaulted.status == 1)
        #expect(FileManager.default.fileExists(atPath: cwd.path("data/boards.sqlite")))
    }

    /// Start-up errors and the words they get.
    @Test func startUpErrorsInWords() throws {
        let scratch = try TemporaryDirectory(prefix: "board-words")
        let garbage = scratch.path("garbage.sqlite")
        try Data("not a database, not at all, not even close to one".utf8).write(to: URL(fileURLWithPath: garbage))
        let data = scratch.path("boards.sqlite")
        let cases: [(arguments: [String], status: Int32, line: String)] = [
            (
                ["--port", "99999"], 2,
                "board-server: invalid value '99999' for --port: expected a whole number from 0 to 65535"
            ),
            (
                ["--max-items", "0"], 2,
                "board-server: invalid value '0' for --max-items: expected a whole number from 1 to 1000000"
            ),
            (
                ["--log-level", "loud"], 2,
                "board-server: invalid value 'loud' for --log-level: expected error, warn, info or debug"
            ),
            (["--frobnicate"], 2, "board-server: unknown option --frobnicate (see --help)"),
            (["--port"], 2, "board-server: option --port needs a value"),
            (["--tls-cert", data], 2, "board-server: --tls-cert and --tls-key must be given together"),
            (
                ["--port", "0", "--data", garbage], 1,
                "board-server: cannot open data: \(garbage) is damaged or not a board database (file is not a database)"
            ),
            (
                ["--port", "0", "--data", scratch.url.path], 1,
                "board-server: cannot open data: cannot read \(scratch.url.path): the path is a directory"
            ),
            (
                ["--host", "10.255.255.1", "--port", "18083", "--allow-anonymous", "--data", data], 1,
                "board-server: cannot listen on 10.255.255.1:18083: address not available"
            ),
            (
                ["--host", "not-an-address", "--port", "0", "--allow-anonymous", "--data", data], 1,
                "board-server: cannot listen on not-an-address:0: not-an-address is not an IP address or localhost"
            ),
        ]
        for (arguments, status, line) in cases {
            let run = try ServerProcess.runToExit(arguments)
            #expect(run.status == status, "\(arguments): \(run.stderr)")
            #expect(lines(run.stderr).first == line, "\(arguments)")
            expectPlainWords(run, "\(arguments)")
        }
    }

    @Test func aConnectionsEndIsLoggedInWords() throws {
        let server = try ServerProcess()
        let (client, _) = try ProtocolClient.joined(server.url(board: "words"))
        client.close()
        #expect(server.waitForLog { $0.contains(#"reason="closed by client (1000)""#) }, "log: \(server.log)")
        server.finish()
    }
}
