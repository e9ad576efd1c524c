import Foundation
import TestSupport
import Testing

/// The trash of protocol section 11 against a real `board-server`, through the independent
/// Python client (`python/trash_client.py`: `websockets` and `http.client`).
@Suite("the trash over HTTP and WebSockets")
struct TrashTests {
    @Test func deleteClosesConnectionsWith4410AndRestoreBringsBackEveryVersion() throws {
        let server = try ServerProcess()
        defer { server.finish() }
        guard let result = try PythonScript.run("trash_client.py", ["127.0.0.1", "\(server.port)", "trash"]) else {
            return
        }
        #expect(result["ok"] as? Bool == true, "\(result)")
        #expect(result["ack_version"] as? Int == 1)
        #expect(result["foreign_origin_delete"] as? Int == 403)
        #expect(result["still_there_after_foreign_delete"] as? Int == 200)
        #expect(result["delete"] as? Int == 204)
        #expect(result["close_codes"] as? [Int] == [4410, 4410])
        #expect(result["get_after_delete"] as? Int == 404)
        #expect(result["listed_after_delete"] as? [String] == [])
        let trash = result["trash"] as? [[String: Any]]
        #expect(trash?.count == 1)
        #expect(trash?.first?["id"] as? String == "trashy")
        #expect(trash?.first?["version"] as? Int == 1)
        #expect(trash?.first?["items"] as? Int == 1)
        #expect(result["deleted_is_a_time"] as? Bool == true)
        #expect(result["new_board_version"] as? Int == 0)
        #expect(result["new_board_items"] as? Int == 0)
        #expect(result["delete_second"] as? Int == 204)
        #expect(result["carol_close"] as? Int == 4410)
        #expect(result["trash_entries_of_name"] as? Int == 2)
        #expect(result["restore"] as? Int == 204)
        #expect(result["restored_version"] as? Int == 1)
        #expect(result["restored_labels"] as? [String] == ["kept in the trash"])
        #expect(result["restore_other_name_taken"] as? Int == 409)
        #expect(result["restore_bad_time"] as? Int == 400)
        #expect(result["delete_missing"] as? Int == 404)
        #expect(result["restore_missing"] as? Int == 404)
        #expect(result["restore_foreign_origin"] as? Int == 403)
        #expect(result["rejoined_version"] as? Int == 1)
        #expect(result["foreign_origin_upgrade"] as? Int == 403)
        #expect(result["own_origin_upgrade"] as? Int == 101)
        #expect(result["bad_name_page"] as? Int == 404)
        #expect(result["bad_name_page_says"] as? Bool == true)
        #expect(result["long_name_page"] as? Int == 404)
        #expect(result["boards_at_end"] as? [String] == ["trashy"])
    }

    @Test func theTrashIsEmptiedOfBoardsDeletedLongerAgoThanTrashDays() throws {
        // 0.00003 days is 2.6 s: the script waits, with a deadline, for the board to leave the trash.
        let server = try ServerProcess(arguments: ["--trash-days", "0.00003"])
        defer { server.finish() }
        guard let result = try PythonScript.run("trash_client.py", ["127.0.0.1", "\(server.port)", "purge"]) else {
            return
        }
        #expect(result["ok"] as? Bool == true, "\(result)")
        #expect(result["delete"] as? Int == 204)
        #expect(result["listed_at_once"] as? [String] == ["brief"])
        #expect(result["listed_later"] as? [String] == [])
        #expect(result["restore_after_purge"] as? Int == 404)
    }

    @Test func aBoardIsKeptInTheTrashAcrossARestart() throws {
        let directory = try TemporaryDirectory()
        var server = try ServerProcess(arguments: ["--demo"], directory: directory)
        #expect(try HTTPProbe.request(port: server.port, method: "DELETE", path: "/boards/demo").status == 204)
        #expect(server.terminate().status == 0)
        server = try ServerProcess(directory: directory)
        defer { server.finish() }
        let trash = try HTTPProbe.get(port: server.port, path: "/boards?trash=1")
        #expect(trash.body.contains("\"id\":\"demo\"") && trash.body.contains("\"items\":12"), "\(trash.body)")
        #expect(try HTTPProbe.request(port: server.port, method: "POST", path: "/boards/demo/restore").status == 204)
        #expect(try HTTPProbe.get(port: server.port, path: "/boards/demo").body.contains("\"sections\""))
    }
}
