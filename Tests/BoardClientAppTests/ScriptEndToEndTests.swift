import BoardClientApp
import BoardSync
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `board-client` script commands against a real `board-server` process.
@Suite(.serialized) struct ScriptEndToEndTests {
    func board(_ run: ProcessRun) throws -> Board {
        try WireCodec.decodeBoard(Array(run.stdout.utf8.dropLast()))
    }

    @Test func commandsChangeTheBoardAndReportTheirOutcome() async throws {
        let server = try ServerProcess(arguments: ["--max-label", "20"])
        let url = server.url(board: "e2e")
        let add = try ClientRun.run([url, "add", "Mail", "--user", "script"])
        #expect(add.status == 0, "\(add.stderr)")
        let mail = add.stdout.trimmingCharacters(in: .newlines)
        #expect(mail.count == 16 && mail.allSatisfy(\.isHexDigit))
        let maps = try ClientRun.run([url, "add", "Maps", "--at", "0"]).stdout.trimmingCharacters(in: .newlines)
        var snapshot = try board(try ClientRun.run([url, "list", "--json"]))
        #expect(snapshot.sections[0].items.map(\.label) == ["Maps", "Mail"])

        let section = try ClientRun.run([url, "section", "add", "Done"])
        #expect(section.status == 0)
        let done = section.stdout.trimmingCharacters(in: .newlines)
        let move = try ClientRun.run([url, "move", mail, "--to", "\(done):0"])
        #expect(move.status == 0 && move.stdout == "moved \(mail) to \(done):0\n")
        #expect(try ClientRun.run([url, "rename", maps, "Atlas"]).status == 0)

        let unknown = try ClientRun.run([url, "delete", "nope"])
        #expect(unknown.status == 3)
        #expect(unknown.stderr == "board-client: unknown item nope\n")
        let tooLong = try ClientRun.run([url, "add", "a label over twenty scalars"])
        #expect(tooLong.status == 5)
        #expect(tooLong.stderr.hasPrefix("board-client: refused (limit)"))
        #expect(!tooLong.stderr.dropLast().contains("\n"))

        let listing = try ClientRun.run([url, "list"])
        #expect(listing.stdout == "e2e v5\nMain [main] (1)\n  \(maps)  Atlas\nDone [\(done)] (1)\n  \(mail)  Mail\n")

        let (status, body) = try await HTTPGet.body(port: server.port, path: "/boards/e2e")
        #expect(status == 200)
        snapshot = try WireCodec.decodeBoard(body)
        #expect(snapshot.version == 5)
        #expect(snapshot.sections.map(\.id.rawValue) == ["main", done])
        #expect(snapshot.sections[1].items == [Item(id: ItemID(mail), label: "Mail")])
        #expect(try ClientRun.run([url, "delete", mail]).stdout == "deleted \(mail)\n")
    }

    @Test func usageAndUnreachableServers() throws {
        let help = try ClientRun.run(["--help"])
        #expect(help.status == 0 && help.stdout.hasPrefix("usage: board-client"))
        let port = ClosedPort.loopback()
        let bad = try ClientRun.run(["ws://127.0.0.1:\(port)/boards/x", "move", "a"])
        #expect(bad.status == 2)
        #expect(bad.stderr.filter { $0 == "\n" }.count == 1)
        let unreachable = try ClientRun.run(["ws://127.0.0.1:\(port)/boards/x", "list"])
        #expect(unreachable.status == 4)
        #expect(unreachable.stderr == "board-client: cannot reach 127.0.0.1:\(port): connection refused\n")
    }

    @Test func watchPrintsOneJSONLinePerMessage() throws {
        let server = try ServerProcess()
        let url = server.url(board: "watched")
        let process = Process()
        let binary: URL = try #require(BuiltProducts.url(of: "board-client"))
        process.executableURL = binary
        // watch reads a board; it never creates one.
        #expect(try ClientRun.run([url, "section", "add", "Watched"]).status == 0)
        process.arguments = [url, "watch"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        let output = OutputCollector(pipe.fileHandleForReading)
        #expect(output.wait { text, _ in text.contains("\"type\":\"welcome\"") })
        let id = try ClientRun.run([url, "add", "Seen"]).stdout.trimmingCharacters(in: .newlines)
        #expect(output.wait { text, _ in text.contains("\"id\":\"\(id)\"") && text.hasSuffix("\n") })
        let lines = output.text.split(separator: "\n")
        let messages = lines.compactMap { try? WireCodec.decodeServerMessage(Array($0.utf8)) }
        #expect(messages.count == lines.count)
        #expect(messages.contains { if case .op(let op) = $0 { op.op.itemID?.rawValue == id } else { false } })
    }
}
