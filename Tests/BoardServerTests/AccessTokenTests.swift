import BoardSync
import Foundation
import ServerTransport
import TestSupport
import Testing

/// Tokens and roles decide upgrades, snapshot reads and submits (in-process).
@Suite("board-server tokens")
struct AccessTokenTests {
    let editor = AccessFixture.secret()
    let viewer = AccessFixture.secret()

    @Test func upgradesAreRefusedWith401And403BeforeOpening() throws {
        let server = try InProcessServer(
            tokens: AccessFixture.tokens([(editor, .editor, ["team-*", "demo"]), (viewer, .viewer, ["*"])]))
        defer { server.finish() }
        #expect(server.upgradeStatus(server.url(board: "demo")) == 401)
        #expect(server.upgradeStatus(server.url(board: "demo", token: "wrong")) == 401)
        #expect(server.upgradeStatus(server.url(board: "demo", token: editor + "x")) == 401)
        #expect(server.upgradeStatus(server.url(board: "demo", token: "")) == 401)
        #expect(server.upgradeStatus("/elsewhere?token=" + editor) == 404)
        #expect(server.upgradeStatus("/elsewhere") == 404)
        #expect(server.upgradeStatus(server.url(board: "other", token: editor)) == 403)
        #expect(server.upgradeStatus(server.url(board: "demo", token: editor)) == 101)
        #expect(server.upgradeStatus(server.url(board: "other", token: viewer)) == 101)
        #expect(
            server.upgradeStatus(server.url(board: "demo"), headers: ["Authorization": "Bearer \(editor)"])
                == 101)
        #expect(
            server.upgradeStatus(server.url(board: "demo"), headers: ["Authorization": "Bearer nope"])
                == 401)
        #expect(!server.log.contains(editor) && !server.log.contains(viewer), "a secret reached the log")
    }

    @Test func trailingStarIsAPrefixMatch() throws {
        let server = try InProcessServer(tokens: AccessFixture.tokens([(editor, .editor, ["team-*", "demo"])]))
        defer { server.finish() }
        #expect(server.upgradeStatus(server.url(board: "team-a", token: editor)) == 101)
        #expect(server.upgradeStatus(server.url(board: "team-", token: editor)) == 101)
        #expect(server.upgradeStatus(server.url(board: "teams", token: editor)) == 403)
        #expect(server.upgradeStatus(server.url(board: "team", token: editor)) == 403)
        #expect(server.upgradeStatus(server.url(board: "demo2", token: editor)) == 403)
        #expect(server.upgradeStatus(server.url(board: "xteam-a", token: editor)) == 403)
    }

    @Test func snapshotReadsFollowTheSameRules() throws {
        let server = try InProcessServer(
            tokens: AccessFixture.tokens([(editor, .editor, ["team-*"]), (viewer, .viewer, ["*"])]))
        defer { server.finish() }
        _ = try server.joined(server.url(board: "team-a", token: editor))
        _ = try server.joined(server.url(board: "other", token: viewer))
        #expect(server.get("/boards/team-a").status == 401)
        #expect(server.get("/boards/team-a?token=wrong").status == 401)
        #expect(server.get("/boards/other?token=\(editor)").status == 403)
        #expect(server.get("/boards/absent?token=\(editor)").status == 403)
        #expect(server.get("/boards/team-zzz?token=\(editor)").status == 404)
        #expect(server.get("/nowhere").status == 404)
        let snapshot = server.get("/boards/team-a?token=\(editor)")
        #expect(snapshot.status == 200)
        #expect(try WireCodec.decodeBoard(Array(snapshot.body.utf8)).id == "team-a")
        let bearer = server.get(
            "/boards/other", headers: ["Authorization": "Bearer \(viewer)"])
        #expect(bearer.status == 200)
        #expect(server.get("/healthz").status == 200)
    }

    @Test func viewerIsWelcomedAsViewerAndCannotChangeTheBoard() throws {
        let server = try InProcessServer(
            tokens: AccessFixture.tokens([(editor, .editor, ["*"]), (viewer, .viewer, ["*"])]))
        defer { server.finish() }
        let (author, authorWelcome) = try server.joined(server.url(board: "shared", token: editor))
        #expect(authorWelcome.you.role == .editor)
        #expect(try author.submit(seq: 1, base: 0, Ops.insert("a1")).ackValue?.version == 1)
        let (watcher, welcome) = try server.joined(server.url(board: "shared", token: viewer))
        #expect(welcome.you.role == .viewer)
        let before = server.get("/boards/shared?token=\(viewer)").body

        let refusal = try watcher.submit(seq: 1, base: 1, Ops.insert("v1"))
        #expect(refusal.errorValue?.code == .forbidden)
        #expect(refusal.errorValue?.seq == 1)
        watcher.send(.drag(.begin(item: "a1")))
        #expect(try watcher.nextError().code == .forbidden)

        let after = server.get("/boards/shared?token=\(viewer)").body
        #expect(before == after)
        #expect(try WireCodec.decodeBoard(Array(after.utf8)).version == 1)
        #expect(try author.submit(seq: 2, base: 1, Ops.insert("a2")).ackValue?.version == 2)
        #expect(try watcher.receive { $0.opValue }.version == 2)
    }
}
