import Foundation
import TestSupport
import Testing

/// Groups of ops and held blocks (protocol 10.1 and 10.2) against a real board-server, checked
/// with the independent Python `websockets` client (`python/groups_client.py`; each case prints
/// what failed).
@Suite("groups, independent Python client")
struct PythonGroupTests {
    private static func run(_ arguments: [String]) throws -> [String: Any]? {
        let result = try PythonScript.run("groups_client.py", arguments)
        if let result {
            #expect(result["ok"] as? Bool == true, "\(arguments[0]): \(result["failures"] ?? result)")
        }
        return result
    }

    /// Groups against another writer commit at consecutive versions with nothing between; a
    /// failing member refuses the whole group with its index; a duplicate seq gets the original
    /// ops; another client, a catch-up, the history and a restarted server all carry the same
    /// `group` (with `restores` for a restore); a held block is seen and locks its items.
    @Test func groupsReachEveryReaderWholeAlsoAfterARestart() throws {
        let server = try ServerProcess()
        let result: [String: Any]?
        do {
            defer { server.finish() }
            result = try Self.run(["live", server.url(board: "groups")])
        }
        guard let live = result else { return }
        let groups = try #require(live["groups"] as? [String: Any])
        #expect(groups.count == 8, "six groups of alice's, one after the refused one, one restore")
        #expect(live["carol_ops"] as? Int ?? 0 > 0, "the other writer committed nothing meanwhile")

        let restarted = try ServerProcess(directory: server.directory)
        defer { restarted.finish() }
        let expected = String(decoding: try JSONSerialization.data(withJSONObject: groups), as: UTF8.self)
        _ = try Self.run(["restarted", restarted.url(board: "groups"), expected])
    }

    /// A group takes one message of the rate limit, whatever its number of members.
    @Test func aGroupCountsOnceForTheRateLimit() throws {
        let server = try ServerProcess(arguments: ["--rate-burst", "3", "--rate-per-second", "1"])
        defer { server.finish() }
        _ = try Self.run(["rate", server.url(board: "rate")])
    }
}
