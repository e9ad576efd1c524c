import BoardSync
import Foundation
import TestSupport
import Testing

/// `board-client`'s `delete-board`, `trash` and `restore-board`, and read-only commands that
/// never create a board, against a real `board-server` process.
@Suite(.serialized) struct TrashScriptTests {
    private func boardNames(_ port: Int) throws -> [String] {
        let body = try HTTPProbe.get(port: port, path: "/boards").body
        return try WireCodec.decodeBoardList(Array(body.utf8)).map(\.id.rawValue)
    }

    @Test func readOnlyCommandsOfABoardThatDoesNotExistExitThreeAndCreateNothing() throws {
        let server = try ServerProcess()
        let url = server.url(board: "ghost")
        for command in [["list"], ["list", "--json"], ["watch"], ["history"], ["list", "--at", "3"]] {
            let run = try ClientRun.run([url] + command)
            #expect(run.status == 3, "\(command): \(run.stderr)")
            #expect(run.stderr.contains("ghost"), "\(command): \(run.stderr)")
        }
        let list = try ClientRun.run([url, "list"])
        #expect(list.stderr == "board-client: There is no board called “ghost” on this server; nothing was created.\n")
        #expect(try boardNames(server.port) == [])
        #expect(try HTTPProbe.get(port: server.port, path: "/boards/ghost").status == 404)
    }

    @Test func deleteBoardAsksFirstAndRestoreBoardBringsItBack() throws {
        let server = try ServerProcess(arguments: ["--demo"])
        let url = server.url(board: "demo")
        let server0 = server.baseURL

        let declined = try ClientRun.run([url, "delete-board"])
        #expect(declined.status == 6, "\(declined.stderr)")
        #expect(declined.stderr.hasPrefix("Delete board “demo” and its 12 tiles? y/n"), "\(declined.stderr)")
        #expect(declined.stderr.hasSuffix("board-client: the board was not deleted\n"), "\(declined.stderr)")
        #expect(try boardNames(server.port) == ["demo"])

        let deleted = try ClientRun.run([url, "delete-board", "--yes"])
        #expect(deleted.status == 0, "\(deleted.stderr)")
        #expect(deleted.stdout == "Board “demo” is in the trash; it can be restored from there.\n")
        #expect(try boardNames(server.port) == [])
        #expect(try ClientRun.run([url, "delete-board", "--yes"]).status == 3)

        let trash = try ClientRun.run([server0, "trash"])
        #expect(trash.status == 0, "\(trash.stderr)")
        let lines = trash.stdout.split(separator: "\n")
        #expect(
            lines.count == 2 && lines[0].hasSuffix("TILES  DELETED") && lines[1].hasPrefix("demo"), "\(trash.stdout)")
        let deletedAt = try #require(lines.last?.split(separator: " ").last.map(String.init))
        let json = try ClientRun.run([server0, "trash", "--json"])
        let listed = try WireCodec.decodeTrashList(Array(json.stdout.utf8.dropLast()))
        #expect(listed.map(\.id) == ["demo"] && listed.first?.items == 12)

        // A new board takes the name: the one in the trash cannot come back under it.
        #expect(try ClientRun.run([url, "add", "Newer"]).status == 0)
        let taken = try ClientRun.run([server0, "restore-board", "demo"])
        #expect(taken.status == 7, "\(taken.stderr)")
        #expect(taken.stderr.contains("A board named “demo” exists"))
        #expect(try ClientRun.run([url, "delete-board", "--yes"]).status == 0)

        let wrongTime = try ClientRun.run([server0, "restore-board", "demo", "--deleted", "2001-01-01T00:00:00Z"])
        #expect(wrongTime.status == 3, "\(wrongTime.stderr)")
        let restored = try ClientRun.run([server0, "restore-board", "demo", "--deleted", deletedAt])
        #expect(restored.status == 0, "\(restored.stderr)")
        let listing = try ClientRun.run([url, "list"])
        #expect(listing.stdout.hasPrefix("demo v0\n") && listing.stdout.contains("Mail"), "\(listing.stdout)")
        #expect(try ClientRun.run([url, "restore-board"]).status == 7)
        #expect(try ClientRun.run([server0, "restore-board", "demo", "--deleted", "soon"]).status == 2)
        #expect(try ClientRun.run([server0, "delete-board"]).status == 2)
    }
}
