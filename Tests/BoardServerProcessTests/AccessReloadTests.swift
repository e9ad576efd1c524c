import BoardSync
import Foundation
import TestSupport
import Testing
import WebSocketTransport

@Suite("board-server tokens reload")
struct AccessReloadTests {
    @Test func sighupClosesRevokedConnectionsWith4401AndKeepsTheOthers() throws {
        let removed = AccessFixture.secret()
        let kept = AccessFixture.secret()
        let demoted = AccessFixture.secret()
        let narrowed = AccessFixture.secret()
        let added = AccessFixture.secret()
        let (server, tokensFile) = try AccessFixture.server(tokens: [
            (removed, .editor, ["*"]), (kept, .editor, ["team-*"]), (demoted, .editor, ["*"]),
            (narrowed, .viewer, ["team-*"]),
        ])
        defer { server.finish() }
        #expect(try AccessFixture.upgradeStatus(server.url(board: "team-a", token: added)) == 401)
        let (removedClient, _) = try ProtocolClient.joined(server.url(board: "team-a", token: removed))
        let (keptClient, _) = try ProtocolClient.joined(server.url(board: "team-a", token: kept))
        let (demotedClient, _) = try ProtocolClient.joined(server.url(board: "team-a", token: demoted))
        let (narrowedClient, _) = try ProtocolClient.joined(server.url(board: "team-b", token: narrowed))

        try AccessFixture.writeTokens(
            [
                (kept, .editor, ["team-*"]), (demoted, .viewer, ["*"]), (narrowed, .viewer, ["team-a"]),
                (added, .viewer, ["*"]),
            ],
            to: tokensFile)
        server.reloadTokens()

        #expect(try removedClient.closeCode() == 4401)
        #expect(try demotedClient.closeCode() == 4401)
        #expect(try narrowedClient.closeCode() == 4401)
        #expect(try keptClient.submit(seq: 1, base: 0, Ops.insert("k1")).ackValue?.version == 1)
        let (addedClient, welcome) = try ProtocolClient.joined(server.url(board: "team-a", token: added))
        #expect(welcome.you.role == .viewer)
        #expect(try keptClient.submit(seq: 2, base: 1, Ops.insert("k2")).ackValue?.version == 2)
        #expect(try addedClient.receive { $0.opValue }.version == 2)
        #expect(try AccessFixture.upgradeStatus(server.url(board: "team-a", token: removed)) == 401)
        let (_, demotedAgain) = try ProtocolClient.joined(server.url(board: "team-a", token: demoted))
        #expect(demotedAgain.you.role == .viewer)
        for secret in [removed, kept, demoted, narrowed, added] {
            #expect(!server.log.contains(secret), "a secret reached the log")
        }
    }

    @Test func aReloadThatFailsKeepsTheOldTokens() throws {
        let secret = AccessFixture.secret()
        let (server, tokensFile) = try AccessFixture.server(tokens: [(secret, .editor, ["*"])])
        defer { server.finish() }
        let (client, _) = try ProtocolClient.joined(server.url(board: "b", token: secret))
        try Data("{\"tokens\": [{\"token\": \"\", \"role\": \"editor\", \"boards\": [\"*\"]}]}".utf8)
            .write(to: tokensFile)
        server.reloadTokens()
        #expect(server.waitForLog(timeout: 5) { $0.contains("tokens reload failed") })
        try client.probe()
        #expect(try AccessFixture.upgradeStatus(server.url(board: "b", token: secret)) == 101)
    }

    @Test func sighupWithoutTokensKeepsServing() throws {
        let server = try ServerProcess()
        defer { server.finish() }
        let (client, _) = try ProtocolClient.joined(server.url(board: "hup"))
        server.reloadTokens()
        #expect(server.waitForLog(timeout: 5) { $0.contains("SIGHUP ignored") })
        try client.probe()
    }
}
