import BoardSync
import Foundation
import TestSupport
import Testing

@Suite("board-server access at start")
struct AccessStartupTests {
    private static func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "board-start-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test func anonymousServingIsLoopbackOnlyUnlessAllowed() throws {
        let directory = try Self.scratch()
        let data = directory.appendingPathComponent("boards.sqlite").path
        let refused = try ServerProcess.runToExit(["--host", "0.0.0.0", "--port", "0", "--data", data])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("--tokens") && refused.stderr.contains("--allow-anonymous"))
        #expect(refused.stderr.split(separator: "\n").count == 1)
        let refusedIPv6 = try ServerProcess.runToExit(["--host", "::", "--port", "0", "--data", data])
        #expect(refusedIPv6.status == 2)

        let server = try ServerProcess(arguments: ["--host", "0.0.0.0", "--allow-anonymous"])
        defer { server.finish() }
        let (_, welcome) = try ProtocolClient.joined(server.url(board: "open"))
        #expect(welcome.you.role == .editor)
    }

    @Test func malformedTokensFilesStopTheServerWithOneLine() throws {
        let directory = try Self.scratch()
        let data = directory.appendingPathComponent("boards.sqlite").path
        let cases: [(String, String)] = [
            ("{not json", "not valid JSON"),
            ("{\"tokens\": 3}", "\"tokens\" array"),
            ("{\"tokens\": [{\"token\": \"s3cret\", \"role\": \"admin\", \"boards\": [\"*\"]}]}", "unknown role"),
            ("{\"tokens\": [{\"token\": \"\", \"role\": \"editor\", \"boards\": [\"*\"]}]}", "empty token"),
            (
                "{\"tokens\": [{\"token\": \"s3cret\", \"role\": \"editor\", \"boards\": [\"te*m\"]}]}",
                "bad board pattern"
            ),
            (
                "{\"tokens\": [{\"token\": \"s3cret\", \"role\": \"editor\", \"boards\": [\"a/b\"]}]}",
                "bad board pattern"
            ),
            ("{\"tokens\": [{\"token\": \"s3cret\", \"role\": \"editor\"}]}", "\"boards\""),
        ]
        for (index, (text, expected)) in cases.enumerated() {
            let file = directory.appendingPathComponent("tokens\(index).json")
            try Data(text.utf8).write(to: file)
            let result = try ServerProcess.runToExit(["--port", "0", "--data", data, "--tokens", file.path])
            #expect(result.status == 1, "\(text)")
            #expect(result.stderr.contains(expected), "\(text): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
            #expect(!result.stderr.contains("s3cret"))
        }
        let missing = try ServerProcess.runToExit(
            ["--port", "0", "--data", data, "--tokens", directory.appendingPathComponent("absent.json").path])
        #expect(missing.status == 1)
    }
}
