import BoardSync
import Foundation
import ServerTransport
import TestSupport
import Testing

@testable import BoardServer

/// The pages' routes in-process: the fixed table, entity tags, the token rules of a board page.
@Suite("Page routes")
struct PageRouteTests {
    private func answer(_ server: InProcessServer, _ target: String, _ headers: [String: String] = [:]) -> HTTPResponse
    {
        server.service.httpRequest(InProcessServer.request(target, headers: headers, peer: "127.0.0.1"))
    }

    private func header(_ response: HTTPResponse, _ name: String) -> String? {
        response.headers.first { $0.name == name }?.value
    }

    @Test func everyTableEntryIsBuiltInWithItsTypeAndTag() throws {
        let server = try InProcessServer()
        defer { server.finish() }
        let builtIn = PageAssets.builtIn
        for entry in PageAssets.table where entry.file != "boardsync.wasm" || builtIn.missing.isEmpty {
            let path = entry.path == PageAssets.boardPagePath ? "/b/demo" : entry.path
            let response = answer(server, path)
            #expect(response.status == 200, "\(path)")
            #expect(response.contentType == entry.contentType)
            #expect(response.body == builtIn[entry.path]?.bytes)
            #expect(header(response, "etag") == builtIn[entry.path]?.etag)
            #expect(header(response, "cache-control") == "no-cache")
            #expect(header(response, "content-security-policy") == PageAsset.contentSecurityPolicy)
        }
        #expect(!builtIn.missing.contains("board.js"))
    }

    @Test func aMatchingTagIsNotModified() throws {
        let server = try InProcessServer()
        defer { server.finish() }
        let tag = try #require(header(answer(server, "/assets/board.js"), "etag"))
        let again = answer(server, "/assets/board.js", ["If-None-Match": tag])
        #expect(again.status == 304)
        #expect(again.body.isEmpty)
        #expect(header(again, "etag") == tag)
        #expect(answer(server, "/assets/board.js", ["If-None-Match": "W/\(tag)"]).status == 304)
        #expect(answer(server, "/assets/board.js", ["If-None-Match": "*"]).status == 304)
        #expect(answer(server, "/assets/board.js", ["If-None-Match": "\"0\", \"1\""]).status == 200)
    }

    @Test func tagsFollowTheBytes() {
        let first = PageAsset(bytes: Array("one".utf8), contentType: "text/plain")
        let second = PageAsset(bytes: Array("two".utf8), contentType: "text/plain")
        #expect(first.etag != second.etag)
        #expect(first.etag == PageAsset(bytes: Array("one".utf8), contentType: "text/css").etag)
        #expect(first.etag.count == 18 && first.etag.hasPrefix("\"") && first.etag.hasSuffix("\""))
        #expect(PageAsset.matches(" \(first.etag) ,\"x\"", first.etag))
        #expect(!PageAsset.matches(second.etag, first.etag))
    }

    @Test func onlyTheTableIsServed() throws {
        let server = try InProcessServer()
        defer { server.finish() }
        for path in [
            "/assets/", "/assets/nothing.js", "/assets/board.js/", "/assets/../Package.swift", "/b/", "/b/demo/x",
            "/b/no%20spaces", "/board.html", "/assets/boardsync-check.wasm",
        ] {
            #expect(answer(server, path).status == 404, "\(path)")
        }
        #expect(answer(server, "/healthz").status == 200)
    }

    @Test func aBoardPageKeepsTheTokenRulesButStillShowsThePage() throws {
        let editor = AccessFixture.secret()
        let server = try InProcessServer(tokens: try AccessFixture.tokens([(editor, .editor, ["team-*"])]))
        defer { server.finish() }
        let page = try #require(PageAssets.builtIn[PageAssets.boardPagePath])
        let missing = answer(server, "/b/team-a")
        #expect(missing.status == 401 && missing.body == page.bytes)
        #expect(answer(server, "/b/team-a?token=wrong").status == 401)
        let other = answer(server, "/b/private?token=\(editor)")
        #expect(other.status == 403 && other.body == page.bytes)
        #expect(answer(server, "/b/private?token=\(editor)", ["If-None-Match": page.etag]).status == 403)
        #expect(answer(server, "/b/team-a?token=\(editor)").status == 200)
        #expect(answer(server, "/b/team-a?token=\(editor)", ["If-None-Match": page.etag]).status == 304)
        #expect(answer(server, "/").status == 200)
        #expect(answer(server, "/assets/board.js").status == 200)
    }
}
